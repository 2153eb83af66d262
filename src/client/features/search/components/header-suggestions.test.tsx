// The header box with its suggestions as the app hands them (SEARCH_SUGGESTIONS_SLOT), against a real HTTP server
// (decision 0082): the ARIA 1.2 combobox and its keys, debounced and aborted requests, the recent searches.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../../../../shared/contracts/search.ts';
import { SUGGESTION_MESSAGES } from '../../../../shared/search-messages.ts';
import { HeaderSlotsContext } from '../../../components/layouts/header-slots.ts';
import { SearchForm } from '../../../components/layouts/search-form.tsx';
import { createApiTestServer, renderRoutes } from '../../../test/render-app.tsx';
import { createSuggestionsAnswer } from '../../../test/search-fixtures.ts';
import { readRecentSearches, recordRecentSearch } from '../recent-searches.ts';
import { SEARCH_SUGGESTIONS_SLOT } from '../search-suggestions-slot.ts';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./header-suggestions.tsx'), fetch(`${server.url}/warm-up`)]);
});
beforeEach(() => localStorage.clear());

const SUGGESTIONS: Suggestion[] = [
  { kind: 'product', label: 'Sony Headphones', href: '/product/p-sony' },
  { kind: 'category', label: 'Electronics - Accessories', href: '/shop?category=Electronics' },
  { kind: 'shopstar', label: '@headphone.hub', href: '/shopstar/headphone.hub' },
];

function renderForm() {
  const view = renderRoutes([
    {
      path: '*',
      element: (
        <HeaderSlotsContext value={{ searchSuggestions: SEARCH_SUGGESTIONS_SLOT }}>
          <SearchForm />
        </HeaderSlotsContext>
      ),
    },
  ]);
  const getLocation = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, getLocation };
}

const suggestionRequests = () =>
  server.requests.filter((request) => request.path === '/api/v1/search/suggestions');
/** The polite live region that says how many options there are. */
const announcement = () => within(screen.getByRole('search')).getByRole('status');
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');

describe('the header search box', () => {
  it('is a combobox: suggestions after the typing pauses, each with its kind, the count said', async () => {
    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    const since = suggestionRequests().length;
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    const box = await screen.findByRole('combobox', { name: 'Search Lootklip' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'headphnes');
    const listbox = await screen.findByRole('listbox', { name: SUGGESTION_MESSAGES.suggestions });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(options().map((option) => option.textContent)).toEqual([
      'Sony Headphones, Product',
      'Electronics - Accessories, Category',
      '@headphone.hub, Shop Star',
    ]);
    expect(announcement()).toHaveTextContent(SUGGESTION_MESSAGES.count(3));
    // Debounced: one request for what was typed, not one a letter.
    expect(
      suggestionRequests()
        .slice(since)
        .map((request) => request.query),
    ).toEqual([{ q: 'headphnes' }]);
  });

  it('moves through the options with the arrow keys and goes to the one chosen with Enter', async () => {
    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    const { getLocation } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    const box = await screen.findByRole('combobox');
    await user.type(box, 'head');
    await screen.findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Past the first, round to the last.
    expect(box).toHaveAttribute('aria-activedescendant', options()[2]!.id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(getLocation()).toBe('/shopstar/headphone.hub'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Going to a suggestion is not a search.
    expect(readRecentSearches()).toEqual([]);
  });

  it('searches the text with Enter when no option is chosen, and remembers the search', async () => {
    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    const { getLocation } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    await user.type(await screen.findByRole('combobox'), 'silk saree');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(getLocation()).toBe('/search?q=silk+saree'));
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(readRecentSearches()).toEqual(['silk saree']));
    // Typing again opens it again.
    await user.keyboard(' red');
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true'));
  });

  it('closes with Escape, then empties the box with a second Escape', async () => {
    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    const box = await screen.findByRole('combobox');
    await user.type(box, 'head');
    await screen.findAllByRole('option');

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('head');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('chooses an option with the pointer, keeping the focus in the box meanwhile', async () => {
    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    const { getLocation } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    await user.type(await screen.findByRole('combobox'), 'head');
    await user.click(await screen.findByRole('option', { name: /Sony Headphones/ }));
    await waitFor(() => expect(getLocation()).toBe('/product/p-sony'));
    expect(screen.getByRole('combobox')).toHaveFocus();
  });

  it('keeps the previous list while the next loads, and aborts a request a newer text made stale', async () => {
    const answers = new Map<string, (items: Suggestion[]) => void>();
    server.respond(
      'GET',
      '/api/v1/search/suggestions',
      (request) =>
        new Promise((resolve) => {
          answers.set(request.query.q!, (items) => resolve(createSuggestionsAnswer(items)));
        }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    const box = await screen.findByRole('combobox');
    await user.type(box, 'head');
    await waitFor(() => expect(answers.has('head')).toBe(true));
    answers.get('head')!(SUGGESTIONS);
    await waitFor(() => expect(options()).toHaveLength(3));

    await user.type(box, 'p');
    await waitFor(() => expect(answers.has('headp')).toBe(true));
    // Still the list for 'head' while 'headp' loads.
    expect(options()).toHaveLength(3);
    await user.type(box, 'h');
    await waitFor(() => expect(answers.has('headph')).toBe(true));

    const aborted = (q: string) =>
      vi
        .mocked(globalThis.fetch)
        .mock.calls.filter(([input]) => String(input).endsWith(`/search/suggestions?q=${q}`))
        .map(([, init]) => init?.signal?.aborted);
    expect(aborted('headp')).toEqual([true]);
    expect(aborted('headph')).toEqual([false]);

    answers.get('headph')!(SUGGESTIONS.slice(0, 1));
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(announcement()).toHaveTextContent(SUGGESTION_MESSAGES.count(1));
  });

  it('offers the recent searches, newest first, in an empty box, each removable by pointer or Delete', async () => {
    recordRecentSearch('kurta');
    recordRecentSearch('brass diya');
    recordRecentSearch('silk saree');
    const { getLocation } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox'));
    const listbox = await screen.findByRole('listbox', { name: SUGGESTION_MESSAGES.recentSearches });
    expect(options().map((option) => option.textContent)).toEqual([
      'silk saree, Recent search',
      'brass diya, Recent search',
      'kurta, Recent search',
    ]);
    expect(announcement()).toHaveTextContent(SUGGESTION_MESSAGES.recentCount(3));
    expect(suggestionRequests().some((request) => request.query.q === '')).toBe(false);

    await user.click(screen.getByRole('button', { name: SUGGESTION_MESSAGES.remove('brass diya') }));
    expect(options().map((option) => option.textContent)).toEqual([
      'silk saree, Recent search',
      'kurta, Recent search',
    ]);
    expect(screen.getByRole('combobox')).toHaveFocus();

    await user.keyboard('{ArrowDown}{Delete}');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    expect(readRecentSearches()).toEqual(['kurta']);

    server.respond('GET', '/api/v1/search/suggestions', createSuggestionsAnswer(SUGGESTIONS));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(getLocation()).toBe('/search?q=kurta'));
    expect(readRecentSearches()).toEqual(['kurta']);
    // The box follows the URL to 'kurta'; its suggestions load, but the list stays closed until the shopper types.
    const box = screen.getByRole('combobox');
    expect(box).toHaveValue('kurta');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { hidden: true })).getAllByRole('option', { hidden: true }),
      ).toHaveLength(3),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
