// /shopstar/{username} (the same screen as /profile/{userId}) through the real route table and a real HTTP server:
// the creator's products, all of them by infinite scroll, and what a failed load shows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SKELETONS } from '../../../shared/constants.ts';
import { APP_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import { createTestProductSummary, createTestProfile } from '../../test/fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
const viewport = installTestIntersectionObserver();
beforeAll(async () => {
  await Promise.all([import('./creator-profile.tsx'), fetch(`${server.url}/warm-up`)]);
});

const profile = createTestProfile({ uid: 'u-kavya', username: 'kavya.crafts', fullName: 'Kavya Crafts' });

function serveProfile() {
  server.respond('GET', `/api/v1/users/username/${profile.username}`, {
    status: 200,
    body: { success: true, data: profile },
  });
}

function createPage(from: number, to: number, next: string | null) {
  const items = Array.from({ length: to - from }, (_, index) =>
    createTestProductSummary({
      id: `p-${from + index}`,
      uid: profile.uid,
      creatorUsername: profile.username,
    }),
  );
  return {
    status: 200,
    body: { success: true, items, lastEvaluatedKey: next, total: 14, hasMore: next !== null },
  };
}

function servePage(from: number, to: number, next: string | null) {
  server.respond('GET', '/api/v1/content', createPage(from, to, next));
}

const productLinks = () => [...document.querySelectorAll('main a[href^="/product/"]')];

describe('a creator’s profile', () => {
  it('shows the product skeletons while the list loads', async () => {
    serveProfile();
    let answer = (_page: ReturnType<typeof createPage>) => {};
    server.respond('GET', '/api/v1/content', () => new Promise((resolve) => (answer = resolve)));
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { level: 1, name: 'Kavya Crafts' });
    const grid = screen.getByRole('heading', { level: 2, name: 'Products' }).nextElementSibling!;
    await waitFor(() =>
      expect(grid.querySelectorAll(':scope > [aria-hidden="true"]')).toHaveLength(PRODUCT_SKELETONS),
    );
    answer(createPage(0, 2, null));
    await waitFor(() => expect(productLinks()).toHaveLength(2));
  });

  it('loads the next page when the end of the list comes into view', async () => {
    serveProfile();
    servePage(0, 12, 'cursor-12');
    const since = server.requests.length;
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(productLinks()).toHaveLength(12));
    servePage(12, 14, null);
    viewport.scrollToEnd();
    await waitFor(() => expect(productLinks()).toHaveLength(14));
    const cursors = server.requests
      .slice(since)
      .filter((request) => request.path === '/api/v1/content')
      .map((request) => [request.query.uid, request.query.lastEvaluatedKey]);
    expect(cursors).toEqual([
      [profile.uid, undefined],
      [profile.uid, 'cursor-12'],
    ]);
  });

  it('shows a failed list’s message with Try Again, which loads it', async () => {
    serveProfile();
    server.respond('GET', '/api/v1/content', {
      status: 400,
      body: { success: false, message: 'Bad cursor' },
    });
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    const main = within(await screen.findByRole('main'));
    await main.findByText('Bad cursor');
    servePage(0, 3, null);
    await userEvent.setup().click(main.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(productLinks()).toHaveLength(3));
  });

  it('says User not found for an unknown username', async () => {
    renderApp('/shopstar/nobody', createTestAuthStore({ signedIn: false }));
    await screen.findByText(USER_MESSAGES.userNotFound);
  });
});
