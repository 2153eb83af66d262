// A klip's comments on TanStack Query (decision 0061), through the panel against a real HTTP server: pages follow
// the server's lastEvaluatedKey as given, a reply to a comment whose replies were never opened shows at once and
// brings the others, and changing the order starts the list over.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import type { RecordedRequest, TestResponse } from '../../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, TEST_USER } from '../../../test/render-app.tsx';
import { KlipActions } from '../components/klip-actions.tsx';
import { createTestComment, createTestKlip } from '../test-klip.ts';

const server = createApiTestServer();
const klip = createTestKlip({ id: 'k-comments' });
const base = `/api/v1/interactions/klips/${klip.id}`;
const commentsAt = (from: number) =>
  server.requests
    .slice(from)
    .filter((request) => request.method === 'GET' && request.path === `${base}/comments`);

function page(comments: Comment[], lastEvaluatedKey: string | null): TestResponse {
  return {
    status: 200,
    body: {
      success: true,
      comments,
      pagination: { lastEvaluatedKey, hasMore: lastEvaluatedKey !== null },
      commentCount: 4,
    },
  };
}

async function openPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider store={createTestAuthStore({ signedIn: true })}>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/klips', element: <KlipActions klip={klip} preview={false} /> }],
            {
              initialEntries: ['/klips'],
            },
          )}
        />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: /^Comments,/ }));
  return within(await screen.findByRole('dialog', { name: /^Comments/ }));
}

const first = createTestComment({ id: 'c-1', content: 'First page', replyCount: 1 });
const second = createTestComment({ id: 'c-2', content: 'Second page' });
const reply = createTestComment({
  id: 'r-1',
  content: 'kavya.crafts: Already here',
  metadata: { parentCommentId: 'c-1', isReply: true },
});
// An opaque key with characters a careless client would re-encode or parse.
const KEY = '{"createdAt":"2026-01-02T00:00:00.000Z","id":"c-1"}';

beforeEach(() => {
  server.respond('GET', `${base}/stats`, {
    status: 200,
    body: { success: true, likes: 0, views: 0, comments: 4, isLiked: false },
  });
  server.respond('GET', `${base}/comments`, (request: RecordedRequest) => {
    if (request.query.parentCommentId === 'c-1') return page([reply], null);
    if (request.query.lastEvaluatedKey === KEY) return page([second], null);
    return page(request.query.sort === 'oldest' ? [second, first] : [first], KEY);
  });
});

describe('a klip comments cache', () => {
  it("loads the next page with the server's lastEvaluatedKey as given, then has no more", async () => {
    const from = server.requests.length;
    const panel = await openPanel();
    await panel.findByText('First page');
    await userEvent.click(panel.getByRole('button', { name: 'Load more' }));
    await panel.findByText('Second page');
    expect(commentsAt(from)[1]?.query).toMatchObject({ lastEvaluatedKey: KEY, sort: 'newest', limit: '10' });
    expect(panel.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a reply at once under a comment never opened, and loads the replies already there', async () => {
    let release: (answer: TestResponse) => void = () => undefined;
    server.respond(
      'POST',
      `${base}/comments`,
      () => new Promise<TestResponse>((resolve) => (release = resolve)),
    );
    const panel = await openPanel();
    const comment = await panel.findByRole('listitem', { name: 'Comment by kavya.crafts' });
    await userEvent.click(within(comment).getByRole('button', { name: 'Reply' }));
    await userEvent.type(panel.getByRole('textbox', { name: 'Add a reply...' }), 'Me too{Enter}');
    const thread = await panel.findByRole('list', { name: 'Replies to kavya.crafts' });
    await within(thread).findByText('Already here');
    const mine = within(thread).getByRole('listitem', { name: `Reply by ${TEST_USER.username}` });
    expect(mine).toHaveAttribute('data-comment-id', expect.stringMatching(/^temp-/));
    release({
      status: 201,
      body: {
        success: true,
        commentCount: 5,
        comment: {
          ...reply,
          id: 'r-mine',
          content: 'kavya.crafts: Me too',
          uid: TEST_USER.uid,
          userName: TEST_USER.username,
        },
      },
    });
    await waitFor(() =>
      expect(
        within(thread).getByRole('listitem', { name: `Reply by ${TEST_USER.username}` }),
      ).toHaveAttribute('data-comment-id', 'r-mine'),
    );
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((item) => item.dataset.commentId),
    ).toEqual(['r-1', 'r-mine']);
  });

  it('starts the list over when the order changes, and again when it changes back', async () => {
    const from = server.requests.length;
    const panel = await openPanel();
    await panel.findByText('First page');
    await userEvent.click(panel.getByRole('button', { name: 'Oldest' }));
    await waitFor(() =>
      expect(panel.getAllByRole('listitem').map((item) => item.dataset.commentId)).toEqual(['c-2', 'c-1']),
    );
    await userEvent.click(panel.getByRole('button', { name: 'Newest' }));
    await waitFor(() =>
      expect(panel.getAllByRole('listitem').map((item) => item.dataset.commentId)).toEqual(['c-1']),
    );
    expect(commentsAt(from).map((request) => request.query.sort)).toEqual(['newest', 'oldest', 'newest']);
  });
});
