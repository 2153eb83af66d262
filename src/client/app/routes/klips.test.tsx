// /klips through the real route table and a real HTTP server (docs/product.md "Klips", "Listings", "Search";
// decision 0043): the grid's states, the search on what is loaded, infinite scroll, the theater opened at a klip
// (from a card, a share link or the hand-off), and the snap feed under 768 px. The theater and the feed are
// another module's; here they are stand-ins that show what the page hands them.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KLIP_SKELETONS, KLIP_SKELETONS_MORE } from '../../../shared/constants.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';
import { KLIPS_MESSAGES } from '../../../shared/klip-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import type { KlipFeedProps } from '../../features/klips/components/klip-feed.tsx';
import type { KlipTheaterProps } from '../../features/klips/components/klip-theater.tsx';
import { writeKlipHandoff } from '../../features/klips/klip-handoff.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createKlipListAnswer, createTestKlip } from '../../test/klip-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';
import { setViewportWidth } from '../../test/setup.ts';

vi.mock('../../features/klips/components/klip-theater.tsx', () => ({
  KlipTheater: ({ sequence, startIndex, onClose }: KlipTheaterProps) => (
    <div role="dialog" aria-label="Theater">
      <p>{`Playing ${sequence.klips[startIndex]?.id} of ${sequence.klips.map((klip) => klip.id).join(',')}`}</p>
      <button type="button" onClick={onClose}>
        Close theater
      </button>
    </div>
  ),
}));
vi.mock('../../features/klips/components/klip-feed.tsx', () => ({
  KlipFeed: ({ sequence, status, startKlipId, header, onRetry }: KlipFeedProps) => (
    <section aria-label="Feed">
      {header}
      <p>{`Feed ${status} at ${startKlipId ?? 'first'}: ${sequence.klips.map((klip) => klip.id).join(',') || 'none'}`}</p>
      <button type="button" onClick={onRetry}>
        Feed retry
      </button>
    </section>
  ),
}));

const server = createApiTestServer();
const viewport = installTestIntersectionObserver();
beforeAll(async () => {
  await Promise.all([import('./klips.tsx'), fetch(`${server.url}/warm-up`)]);
});
beforeEach(() => sessionStorage.clear());
afterEach(() => setViewportWidth(1024));

const createKlips = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) =>
    createTestKlip({ id: `k-${from + index}`, title: `Klip ${from + index}` }),
  );
const serveKlips = (pick: (query: Record<string, string>) => Klip[]) =>
  server.respond('GET', '/api/v1/content', (request) => createKlipListAnswer(pick(request.query)));
/** Klip lists answered when the test says (`answer`), for the requests `match` picks; others at once. */
function serveKlipsLater(match: (query: Record<string, string>) => boolean, otherwise: Klip[] = []) {
  const waiting: ((items: Klip[]) => void)[] = [];
  server.respond('GET', '/api/v1/content', (request) =>
    match(request.query)
      ? new Promise((resolve) => waiting.push((items) => resolve(createKlipListAnswer(items))))
      : createKlipListAnswer(otherwise, otherwise.length === 12 ? 'after-11' : null),
  );
  return {
    /** Answers the request waiting longest, once it has arrived. */
    async answer(items: Klip[]) {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      act(() => waiting.shift()?.(items));
    },
  };
}
const renderKlips = (path = '/klips') => renderApp(path, createTestAuthStore({ signedIn: false }));
const grid = () => screen.getByRole('list', { name: KLIPS_MESSAGES.title });
const cards = () => [...document.querySelectorAll<HTMLElement>('li[data-klip-id]')];
const cardIds = () => cards().map((card) => card.dataset.klipId);
const skeletons = () => grid().querySelectorAll(':scope > li[aria-hidden="true"]');

describe('the Klips page from 768 px', () => {
  it('shows 12 skeletons while the first page loads, then the cards', async () => {
    const list = serveKlipsLater(() => true);
    renderKlips();
    expect(await screen.findByRole('heading', { level: 1, name: 'Klips' })).toBeInTheDocument();
    expect(screen.getByText(KLIPS_MESSAGES.tagline)).toBeInTheDocument();
    await waitFor(() => expect(skeletons()).toHaveLength(KLIP_SKELETONS));
    await list.answer(createKlips(0, 3));
    await waitFor(() => expect(cardIds()).toEqual(['k-0', 'k-1', 'k-2']));
    expect(skeletons()).toHaveLength(0);
    const request = server.requests.findLast((recorded) => recorded.path === '/api/v1/content');
    expect(request?.query).toMatchObject({ type: 'klip', status: 'active', limit: '12' });
  });

  it('shows each klip’s poster, length, title, creator, views and likes', async () => {
    serveKlips(() => [
      createTestKlip({ id: 'k-1', userName: '@Kavya Crafts', duration: 74.4, views: 1520, likes: 87 }),
    ]);
    renderKlips();
    const card = await waitFor(() => {
      const [first] = cards();
      if (!first) throw new Error('no card yet');
      return first;
    });
    const inCard = within(card);
    expect(inCard.getByText('Unboxing a Brass Diya')).toBeInTheDocument();
    expect(card).toHaveTextContent('Duration 1:14');
    expect(card).toHaveTextContent('1.5K views');
    expect(card).toHaveTextContent('87 likes');
    // docs/product.md "Klips": @ removed, spaces to hyphens, lowercased.
    expect(inCard.getByRole('link', { name: '@Kavya Crafts' })).toHaveAttribute(
      'href',
      '/shopstar/kavya-crafts',
    );
    const sources = [...card.querySelectorAll('picture > source')].map((source) =>
      source.getAttribute('type'),
    );
    expect(sources).toEqual(['image/avif', 'image/webp']);
    const img = card.querySelector('picture > img');
    expect(img).toHaveAttribute('src', '/media/klips/k-1/poster-720.jpg');
    expect(img?.getAttribute('srcset')).toContain('poster-360.jpg 360w');
    expect(inCard.getByRole('button', { name: KLIPS_MESSAGES.viewInTheater })).toHaveAccessibleDescription(
      'Unboxing a Brass Diya',
    );
  });

  it('loads posters lazily after the first row', async () => {
    serveKlips(() => createKlips(0, 6));
    renderKlips();
    await waitFor(() => expect(cards()).toHaveLength(6));
    const loading = cards().map((card) => card.querySelector('img')?.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });

  it('says No klips found when there are none', async () => {
    serveKlips(() => []);
    renderKlips();
    expect(await screen.findByText(APP_MESSAGES.klipsEmpty)).toBeInTheDocument();
  });

  it('shows Failed to fetch klips with Try Again and a toast, and Try Again loads them', async () => {
    server.respond('GET', '/api/v1/content', { status: 400, body: { success: false, message: 'Bad query' } });
    renderKlips();
    // On the page and in the toast.
    await waitFor(() => expect(screen.getAllByText(KLIPS_MESSAGES.fetchFailed)).toHaveLength(2));
    expect(screen.getByText('Bad query')).toBeInTheDocument();

    serveKlips(() => createKlips(0, 2));
    await userEvent.click(screen.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(cardIds()).toEqual(['k-0', 'k-1']));
  });

  it('asks a visitor to sign in when the listing needs it', async () => {
    server.respond('GET', '/api/v1/content', {
      status: 401,
      body: { success: false, message: 'Unauthorized' },
    });
    renderKlips();
    expect(await screen.findByRole('heading', { name: 'Sign in to view Klips' })).toBeInTheDocument();
    expect(screen.queryByText(KLIPS_MESSAGES.fetchFailed)).toBeNull();
  });

  it('filters what is loaded while the search request runs, then shows the server’s answer', async () => {
    const diya = createTestKlip({ id: 'diya', title: 'Brass Diya', description: '', tags: [] });
    const saree = createTestKlip({ id: 'saree', title: 'Silk drape', description: '', tags: ['Saree'] });
    const sareeTwo = createTestKlip({ id: 'saree-2', title: 'Saree of the week', description: '', tags: [] });
    const search = serveKlipsLater((query) => Boolean(query.search), [diya, saree]);
    const { getLocation } = renderKlips();
    await waitFor(() => expect(cardIds()).toEqual(['diya', 'saree']));

    await userEvent.type(screen.getByPlaceholderText(KLIPS_MESSAGES.searchPlaceholder), 'SAREE');
    // At once, from the tags of what is loaded.
    expect(cardIds()).toEqual(['saree']);
    await waitFor(() =>
      expect(server.requests.some((request) => request.query.search === 'SAREE')).toBe(true),
    );
    expect(getLocation()).toBe('/klips?search=SAREE');
    expect(cardIds()).toEqual(['saree']);
    await search.answer([sareeTwo, saree]);
    await waitFor(() => expect(cardIds()).toEqual(['saree-2', 'saree']));
  });

  it('follows a search made elsewhere (the header, Back) into its box', async () => {
    serveKlips((query) =>
      query.search ? [createTestKlip({ id: 'k-9', title: 'Diya' })] : createKlips(0, 2),
    );
    const { router } = renderKlips('/klips?search=diya');
    const box = await screen.findByPlaceholderText(KLIPS_MESSAGES.searchPlaceholder);
    await waitFor(() => expect(cardIds()).toEqual(['k-9']));
    expect(box).toHaveValue('diya');
    await act(() => router.navigate('/klips?search=lamp'));
    expect(box).toHaveValue('lamp');
    await act(() => router.navigate('/klips'));
    expect(box).toHaveValue('');
    await waitFor(() => expect(cardIds()).toEqual(['k-0', 'k-1']));
  });

  it('loads the next page at the end of the list, with 4 skeletons while it loads', async () => {
    const next = serveKlipsLater((query) => Boolean(query.lastEvaluatedKey), createKlips(0, 12));
    renderKlips();
    await waitFor(() => expect(cards()).toHaveLength(12));
    act(() => viewport.scrollToEnd());
    await waitFor(() => expect(skeletons()).toHaveLength(KLIP_SKELETONS_MORE));
    await next.answer(createKlips(12, 14));
    await waitFor(() => expect(cards()).toHaveLength(14));
    expect(skeletons()).toHaveLength(0);
    const nextRequest = server.requests.findLast((request) => request.query.lastEvaluatedKey);
    expect(nextRequest?.query).toMatchObject({ type: 'klip', limit: '12', lastEvaluatedKey: 'after-11' });
  });

  it('opens the theater at a klip from its button or its poster, and closes it', async () => {
    serveKlips(() => createKlips(0, 3));
    renderKlips();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(within(cards()[1]!).getByRole('button', { name: KLIPS_MESSAGES.viewInTheater }));
    expect(await screen.findByText('Playing k-1 of k-0,k-1,k-2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close theater' }));
    expect(screen.queryByRole('dialog', { name: 'Theater' })).toBeNull();
    // Focus goes back to the klip the theater was opened at.
    expect(within(cards()[1]!).getByRole('button', { name: KLIPS_MESSAGES.viewInTheater })).toHaveFocus();

    await user.click(cards()[2]!.querySelector('picture')!);
    expect(await screen.findByText('Playing k-2 of k-0,k-1,k-2')).toBeInTheDocument();
  });

  it('opens a share link’s klip in the theater, and its address becomes /klips so that a reload does not', async () => {
    serveKlips(() => createKlips(0, 3));
    const { router, getLocation } = renderKlips('/klips/k-2');
    expect(await screen.findByText('Playing k-2 of k-0,k-1,k-2')).toBeInTheDocument();
    expect(getLocation()).toBe('/klips');
    expect(router.state.location.state).toBeNull();
  });

  it('fetches a share link’s klip that is not loaded and puts it first', async () => {
    serveKlips(() => createKlips(0, 3));
    server.respond('GET', '/api/v1/klips/k-old', {
      status: 200,
      body: { success: true, klip: createTestKlip({ id: 'k-old', title: 'An old klip' }) },
    });
    renderKlips('/klips/k-old');
    expect(await screen.findByText('Playing k-old of k-old,k-0,k-1,k-2')).toBeInTheDocument();
    expect(cardIds()).toEqual(['k-old', 'k-0', 'k-1', 'k-2']);
  });

  it('says Failed to fetch klip for a share link to a klip that does not exist, and shows the page', async () => {
    serveKlips(() => createKlips(0, 2));
    server.respond('GET', '/api/v1/klips/k-gone', {
      status: 404,
      body: { success: false, message: 'Klip not found' },
    });
    renderKlips('/klips/k-gone');
    expect(await screen.findByText(KLIPS_MESSAGES.klipFetchFailed)).toBeInTheDocument();
    expect(cardIds()).toEqual(['k-0', 'k-1']);
    expect(screen.queryByRole('dialog', { name: 'Theater' })).toBeNull();
  });

  it('opens the klip handed off by another page', async () => {
    serveKlips(() => createKlips(0, 3));
    writeKlipHandoff('k-1');
    renderKlips();
    expect(await screen.findByText('Playing k-1 of k-0,k-1,k-2')).toBeInTheDocument();
    // Used up: a reload opens nothing.
    expect(sessionStorage.length).toBe(0);
  });
});

describe("the owner's controls on a klip card", () => {
  it('shows Edit and Delete on the signed-in seller’s own klips only; Delete asks, then the card goes at once', async () => {
    let deleted = false;
    const own = createTestKlip({ id: 'k-own', title: 'My Own Klip', uid: 'u1' });
    const other = createTestKlip({ id: 'k-other', title: 'Their Klip' });
    // The list's next answer is held back: the grid must drop the card before it has one.
    let releaseList: () => void = () => undefined;
    const heldList = new Promise<void>((resolve) => (releaseList = resolve));
    server.respond('GET', '/api/v1/content', async () => {
      if (!deleted) return createKlipListAnswer([own, other]);
      await heldList;
      return createKlipListAnswer([other]);
    });
    server.respond('DELETE', '/api/v1/klips/k-own', () => {
      deleted = true;
      return { status: 200, body: { success: true } };
    });
    renderApp('/klips', createTestAuthStore({ signedIn: true }));

    await waitFor(() => expect(cardIds()).toEqual(['k-own', 'k-other']));
    const [mine, theirs] = cards().map((card) => within(card));
    expect(await mine!.findByRole('link', { name: 'Edit klip My Own Klip' })).toHaveAttribute(
      'href',
      '/edit-klip/k-own',
    );
    expect(theirs!.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(theirs!.queryByRole('button', { name: /^Delete/ })).toBeNull();

    await userEvent.click(mine!.getByRole('button', { name: 'Delete klip My Own Klip' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “My Own Klip”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(KLIP_FORM_MESSAGES.deleted)).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(cardIds()).toEqual(['k-other']));
    releaseList();
  });

  it('shows a visitor no owner controls', async () => {
    serveKlips(() => [createTestKlip({ id: 'k-own', title: 'My Own Klip', uid: 'u1' })]);
    renderKlips();
    await waitFor(() => expect(cardIds()).toEqual(['k-own']));
    expect(within(cards()[0]!).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(within(cards()[0]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('the Klips page under 768 px', () => {
  it('is the snap feed, loading, then ready with the klips', async () => {
    setViewportWidth(375);
    const list = serveKlipsLater(() => true);
    renderKlips();
    expect(await screen.findByText('Feed loading at first: none')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: KLIPS_MESSAGES.title })).toBeNull();
    const feed = screen.getByRole('region', { name: 'Feed' });
    expect(within(feed).getByRole('heading', { level: 1, name: 'Klips' })).toBeInTheDocument();
    await list.answer(createKlips(0, 2));
    expect(await screen.findByText('Feed ready at first: k-0,k-1')).toBeInTheDocument();
  });

  it('starts the feed at a share link’s klip', async () => {
    setViewportWidth(375);
    serveKlips(() => createKlips(0, 3));
    renderKlips('/klips/k-2');
    expect(await screen.findByText('Feed ready at k-2: k-0,k-1,k-2')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Theater' })).toBeNull();
  });

  it('says the feed failed, and its Try Again asks again', async () => {
    setViewportWidth(375);
    server.respond('GET', '/api/v1/content', { status: 500, body: { success: false, message: 'Down' } });
    renderKlips();
    expect(await screen.findByText('Feed error at first: none')).toBeInTheDocument();
    serveKlips(() => createKlips(0, 1));
    await userEvent.click(screen.getByRole('button', { name: 'Feed retry' }));
    expect(await screen.findByText('Feed ready at first: k-0')).toBeInTheDocument();
  });

  it('searches from the icon over the feed', async () => {
    setViewportWidth(375);
    serveKlips((query) =>
      query.search ? [createTestKlip({ id: 'k-1', title: 'Klip 1' })] : createKlips(0, 3),
    );
    const { getLocation } = renderKlips();
    await screen.findByText('Feed ready at first: k-0,k-1,k-2');
    const user = userEvent.setup();
    const feed = within(screen.getByRole('region', { name: 'Feed' }));
    await user.click(feed.getByRole('button', { name: 'Search klips' }));
    const box = feed.getByPlaceholderText(KLIPS_MESSAGES.searchPlaceholder);
    expect(box).toHaveFocus();
    await user.type(box, 'klip 1');
    expect(feed.getByText('Feed ready at first: k-1')).toBeInTheDocument();
    await waitFor(() => expect(getLocation()).toBe('/klips?search=klip+1'));
    await user.click(feed.getByRole('button', { name: 'Close search' }));
    await waitFor(() => expect(feed.getByText('Feed ready at first: k-0,k-1,k-2')).toBeInTheDocument());
    await waitFor(() => expect(getLocation()).toBe('/klips'));
  });
});
