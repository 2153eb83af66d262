// The like, comment and share column of a klip (docs/product.md "Klip interaction", "Comments", "Error texts:
// Klips") against a real HTTP server answering the interactions contract: the optimistic like, its rollback and the
// guard against a double tap; an optimistic comment replaced by the server's copy, or removed with its text put back;
// a delete that asks first and comes back when the server refuses; and signed out, sign in first.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import { INTERACTION_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createApiTestServer, createTestAuthStore, TEST_USER } from '../../../test/render-app.tsx';
import type { RecordedRequest, TestResponse } from '../../../test/http-test-server.js';
import { createTestComment, createTestKlip } from '../test-klip.ts';
import { KlipActions } from './klip-actions.tsx';

const server = createApiTestServer();
const klip = createTestKlip();
const base = `/api/v1/interactions/klips/${klip.id}`;

function renderActions({ signedIn = true, preview = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/klips', element: <KlipActions klip={klip} preview={preview} /> },
      { path: '/auth/login', element: <p>Sign in page</p> },
    ],
    { initialEntries: ['/klips'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider store={createTestAuthStore({ signedIn })}>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** An answer the test sends when it chooses, as a slow network would. */
function holdAnswer() {
  let release: (answer: TestResponse) => void = () => undefined;
  const answer = new Promise<TestResponse>((resolve) => (release = resolve));
  return { answer: () => answer, release: (response: TestResponse) => release(response) };
}

const requestsTo = (method: string, path: string, from = 0) =>
  server.requests.slice(from).filter((request) => request.method === method && request.path === path);

const likeButton = () => screen.getByRole('button', { name: /^Like,/ });
// Hidden from the accessibility tree while the comments panel (a modal) is open.
const commentsButton = () => screen.getByRole('button', { name: /^Comments,/, hidden: true });

let stats = { likes: 5, views: 40, comments: 2, isLiked: false };

beforeEach(() => {
  stats = { likes: 5, views: 40, comments: 2, isLiked: false };
  server.respond('GET', `${base}/stats`, () => ({ status: 200, body: { success: true, ...stats } }));
});

describe('liking a klip', () => {
  it('shows the like at once, ignores taps while it is on its way, then takes the server count', async () => {
    const held = holdAnswer();
    server.respond('POST', `${base}/like`, held.answer);
    const from = server.requests.length;
    renderActions();
    await waitFor(() => expect(requestsTo('GET', `${base}/stats`, from)).toHaveLength(1));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton()).toHaveAccessibleName('Like, 5 likes');

    await userEvent.dblClick(likeButton());
    await userEvent.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleName('Like, 6 likes');
    await waitFor(() => expect(requestsTo('POST', `${base}/like`, from)).toHaveLength(1));

    // Someone else liked it meanwhile: the server's count wins.
    held.release({ status: 200, body: { success: true, liked: true, likes: 7, message: 'Klip liked' } });
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Like, 7 likes'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(requestsTo('POST', `${base}/like`, from)).toHaveLength(1);
  });

  it('rolls the like back when the server refuses, with the toast', async () => {
    stats = { ...stats, isLiked: true, likes: 6 };
    server.respond('POST', `${base}/like`, { status: 500, body: { success: false, message: 'boom' } });
    renderActions();
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(likeButton());
    expect(await screen.findByText(INTERACTION_MESSAGES.likeFailed)).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleName('Like, 6 likes');
  });

  it('sends a signed-out visitor to sign in, remembering the page, and likes nothing', async () => {
    const from = server.requests.length;
    const router = renderActions({ signedIn: false });
    await userEvent.click(likeButton());
    await screen.findByText('Sign in page');
    expect(router.state.location.search).toBe('?redirectTo=%2Fklips');
    expect(requestsTo('POST', `${base}/like`, from)).toHaveLength(0);
  });

  it('is disabled in preview, and nothing is asked of the server', async () => {
    const from = server.requests.length;
    renderActions({ preview: true });
    expect(likeButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Comments,/ })).toBeDisabled();
    expect(requestsTo('GET', `${base}/stats`, from)).toHaveLength(0);
  });
});

function serveComments(comments: Comment[], replies: Record<string, Comment[]> = {}) {
  server.respond('GET', `${base}/comments`, (request: RecordedRequest) => {
    const parent = request.query.parentCommentId;
    return {
      status: 200,
      body: {
        success: true,
        comments: parent ? (replies[parent] ?? []) : comments,
        pagination: { lastEvaluatedKey: null, hasMore: false },
        commentCount: stats.comments,
      },
    };
  });
}

async function openComments() {
  await userEvent.click(screen.getByRole('button', { name: /^Comments,/ }));
  const panel = await screen.findByRole('dialog', { name: /^Comments/ });
  return within(panel);
}

describe('commenting on a klip', () => {
  it('shows a new comment at once with a temporary id, then the server copy, and counts it', async () => {
    serveComments([createTestComment()]);
    const held = holdAnswer();
    server.respond('POST', `${base}/comments`, held.answer);
    renderActions();
    const panel = await openComments();
    await panel.findByText('So pretty');
    const box = panel.getByRole('textbox', { name: 'Add a comment...' });
    const send = panel.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(box, 'Where is it made?{Enter}');

    const mine = panel.getByRole('listitem', { name: `Comment by ${TEST_USER.username}` });
    expect(mine).toHaveAttribute('data-comment-id', expect.stringMatching(/^temp-/));
    expect(within(mine).getByText('Where is it made?')).toBeInTheDocument();
    expect(box).toHaveValue('');
    // A comment with its temporary id cannot be deleted.
    expect(within(mine).queryByRole('button', { name: 'Comment options' })).toBeNull();
    expect(commentsButton()).toHaveAccessibleName('Comments, 3 comments');
    const [sent] = requestsTo('POST', `${base}/comments`);
    expect(JSON.parse(sent!.body)).toEqual({ content: 'Where is it made?' });

    const saved = createTestComment({
      id: 'c-new',
      content: 'Where is it made?',
      uid: TEST_USER.uid,
      userName: TEST_USER.username,
      username: TEST_USER.username,
    });
    held.release({
      status: 201,
      body: { success: true, comment: saved, commentCount: 3, message: 'Comment posted' },
    });
    const replaced = () => panel.getByRole('listitem', { name: `Comment by ${TEST_USER.username}` });
    await waitFor(() => expect(replaced()).toHaveAttribute('data-comment-id', 'c-new'));
    expect(panel.getAllByRole('listitem')).toHaveLength(2);
    expect(within(replaced()).getByRole('button', { name: 'Comment options' })).toBeInTheDocument();
  });

  it('removes a comment the server refuses and puts its text back, with the toast', async () => {
    serveComments([]);
    server.respond('POST', `${base}/comments`, { status: 500, body: { success: false, message: 'boom' } });
    renderActions();
    const panel = await openComments();
    await panel.findByText('No comments yet. Be the first!');
    const box = panel.getByRole('textbox', { name: 'Add a comment...' });
    await userEvent.type(box, 'Lovely{Enter}');
    expect(await screen.findByText(INTERACTION_MESSAGES.commentPostFailed)).toBeInTheDocument();
    expect(panel.queryByRole('listitem')).toBeNull();
    expect(box).toHaveValue('Lovely');
    expect(commentsButton()).toHaveAccessibleName('Comments, 2 comments');
  });

  it('replies under the comment, the reply removed and its text restored on failure', async () => {
    const parent = createTestComment({ replyCount: 0 });
    serveComments([parent]);
    server.respond('POST', `${base}/comments`, { status: 500, body: { success: false, message: 'boom' } });
    renderActions();
    const panel = await openComments();
    const comment = await panel.findByRole('listitem', { name: 'Comment by kavya.crafts' });
    await userEvent.click(within(comment).getByRole('button', { name: 'Reply' }));
    expect(panel.getByText('Replying to @kavya.crafts')).toBeInTheDocument();
    const box = panel.getByRole('textbox', { name: 'Add a reply...' });
    await userEvent.type(box, 'Thanks!{Enter}');
    expect(await screen.findByText(INTERACTION_MESSAGES.replyPostFailed)).toBeInTheDocument();
    const [sent] = requestsTo('POST', `${base}/comments`).slice(-1);
    expect(JSON.parse(sent!.body)).toEqual({ content: 'Thanks!', metadata: { parentCommentId: 'c-1' } });
    expect(panel.queryByRole('listitem', { name: `Reply by ${TEST_USER.username}` })).toBeNull();
    expect(panel.getByRole('textbox', { name: 'Add a reply...' })).toHaveValue('Thanks!');
    expect(panel.getByText('Replying to @kavya.crafts')).toBeInTheDocument();
  });

  it('loads replies when first opened, and hides them again', async () => {
    const parent = createTestComment({ replyCount: 1 });
    const reply = createTestComment({
      id: 'r-1',
      content: 'kavya.crafts: Jaipur!',
      uid: 'u-ravi',
      userName: 'ravi',
      username: 'ravi',
      metadata: { parentCommentId: 'c-1', isReply: true },
    });
    serveComments([parent], { 'c-1': [reply] });
    const from = server.requests.length;
    renderActions();
    const panel = await openComments();
    await panel.findByText('So pretty');
    expect(requestsTo('GET', `${base}/comments`, from)).toHaveLength(1);
    await userEvent.click(panel.getByRole('button', { name: 'View 1 reply' }));
    const shown = await panel.findByRole('listitem', { name: 'Reply by ravi' });
    expect(shown).toHaveTextContent('@kavya.crafts Jaipur!');
    const [repliesRequest] = requestsTo('GET', `${base}/comments`, from).slice(1);
    expect(repliesRequest?.query).toMatchObject({ parentCommentId: 'c-1', limit: '100' });
    await userEvent.click(panel.getByRole('button', { name: 'Hide replies' }));
    expect(panel.queryByRole('listitem', { name: 'Reply by ravi' })).toBeNull();
    await userEvent.click(panel.getByRole('button', { name: 'View 1 reply' }));
    await panel.findByRole('listitem', { name: 'Reply by ravi' });
    // Loaded once.
    expect(requestsTo('GET', `${base}/comments`, from)).toHaveLength(2);
  });

  it('asks before deleting, removes at once, and puts the comment back when the server refuses', async () => {
    const mine = createTestComment({
      id: 'c-mine',
      content: 'My own words',
      uid: TEST_USER.uid,
      userName: TEST_USER.username,
      username: TEST_USER.username,
    });
    serveComments([createTestComment(), mine]);
    const held = holdAnswer();
    server.respond('DELETE', `${base}/comments/c-mine`, held.answer);
    renderActions();
    const panel = await openComments();
    const item = await panel.findByRole('listitem', { name: `Comment by ${TEST_USER.username}` });
    // Another's comment has no delete control.
    const others = panel.getByRole('listitem', { name: 'Comment by kavya.crafts' });
    expect(within(others).queryByRole('button', { name: 'Comment options' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: INTERACTION_MESSAGES.confirmDeleteComment,
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(panel.queryByText('My own words')).toBeNull());
    expect(commentsButton()).toHaveAccessibleName('Comments, 1 comment');

    held.release({ status: 500, body: { success: false, message: 'boom' } });
    expect(await screen.findByText(INTERACTION_MESSAGES.commentDeleteFailed)).toBeInTheDocument();
    // Back where it was: after the other comment.
    const items = panel.getAllByRole('listitem');
    expect(items.map((element) => element.getAttribute('data-comment-id'))).toEqual(['c-1', 'c-mine']);
    expect(commentsButton()).toHaveAccessibleName('Comments, 2 comments');
  });

  it('deletes a reply after "Delete this reply?" and says Reply deleted', async () => {
    const parent = createTestComment({ replyCount: 1 });
    const reply = createTestComment({
      id: 'r-mine',
      content: 'kavya.crafts: Thanks',
      uid: TEST_USER.uid,
      userName: TEST_USER.username,
      username: TEST_USER.username,
      metadata: { parentCommentId: 'c-1', isReply: true },
    });
    serveComments([parent], { 'c-1': [reply] });
    server.respond('DELETE', `${base}/comments/r-mine`, {
      status: 200,
      body: { success: true, commentCount: 1, message: 'Reply deleted' },
    });
    renderActions();
    const panel = await openComments();
    await userEvent.click(await panel.findByRole('button', { name: 'View 1 reply' }));
    const item = await panel.findByRole('listitem', { name: `Reply by ${TEST_USER.username}` });
    await userEvent.click(within(item).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: INTERACTION_MESSAGES.confirmDeleteReply });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(INTERACTION_MESSAGES.replyDeleted)).toBeInTheDocument();
    expect(panel.queryByRole('listitem', { name: `Reply by ${TEST_USER.username}` })).toBeNull();
    expect(commentsButton()).toHaveAccessibleName('Comments, 1 comment');
  });

  it('shows the comments signed out, with a sign-in prompt instead of the composer', async () => {
    serveComments([createTestComment()]);
    renderActions({ signedIn: false });
    const panel = await openComments();
    await panel.findByText('So pretty');
    expect(panel.queryByRole('textbox')).toBeNull();
    expect(panel.getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute(
      'href',
      '/auth/login?redirectTo=%2Fklips',
    );
  });

  it('says Failed to load comments when the list fails', async () => {
    server.respond('GET', `${base}/comments`, { status: 500, body: { success: false, message: 'boom' } });
    renderActions();
    await openComments();
    expect(await screen.findAllByText(INTERACTION_MESSAGES.commentsLoadFailed)).not.toHaveLength(0);
  });
});
