// Klip interactions through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md "Klip
// interactions API"; decision 0041): views counted once per viewer per klip a day, likes that toggle and never
// double-count under concurrency, comments and one-level replies with exact counters, stats, the generic
// interactions, and bad input that never gives a 5xx.
import fc from 'fast-check';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../../shared/contracts/interactions.ts';
import {
  ANONYMOUS_VIEWERS_PER_ADDRESS,
  COMMENT_MAX_LENGTH,
  VIEWER_ID_HEADER,
} from '../../../shared/constants.ts';
import { INTERACTION_MESSAGES } from '../../../shared/klip-social-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

type User = { token: string; uid: string };
let t: TestApp;
let creator: User;
let shopper: User;
let other: User;
/** How far the app's clock is ahead of the real one: a test moves it a day rather than wait. */
let clockAhead = 0;
const DAY = 24 * 60 * 60 * 1000;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000' },
    undefined,
    undefined,
    null,
    () => Date.now() + clockAhead,
  );
  creator = await signUpTestUser(t.app, 'meera.klips', { address: '10.15.0.1' });
  shopper = await signUpTestUser(t.app, 'kabir.klips', { address: '10.15.0.2' });
  other = await signUpTestUser(t.app, 'tara.klips', { address: '10.15.0.3' });
}, 60_000);
afterAll(() => t.close());

async function createKlip(status: 'active' | 'processing' | 'failed' = 'active'): Promise<string> {
  const id = ulid();
  await db()
    .insertInto('klips')
    .values({ id, owner_id: creator.uid, status, title: 'Brass lamp demo' })
    .execute();
  return id;
}

async function counters(klipId: string) {
  const klip = await db()
    .selectFrom('klips')
    .select(['likes', 'views', 'comment_count'])
    .where('id', '=', klipId)
    .executeTakeFirstOrThrow();
  const likeRows = await db()
    .selectFrom('klip_likes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('klip_id', '=', klipId)
    .executeTakeFirstOrThrow();
  const commentRows = await db()
    .selectFrom('klip_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('klip_id', '=', klipId)
    .executeTakeFirstOrThrow();
  return {
    likes: klip.likes,
    likeRows: Number(likeRows.n),
    views: Number(klip.views),
    comments: klip.comment_count,
    commentRows: Number(commentRows.n),
  };
}

const url = (klipId: string, rest: string) => `/api/v1/interactions/klips/${klipId}/${rest}`;

function view(klipId: string, headers: Record<string, string> = {}, remoteAddress = '10.15.1.1') {
  return t.app.inject({ method: 'POST', url: url(klipId, 'view'), headers, remoteAddress });
}

function like(klipId: string, user: User) {
  return t.app.inject({ method: 'POST', url: url(klipId, 'like'), headers: auth(user) });
}

function postComment(klipId: string, user: User | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: url(klipId, 'comments'),
    headers: user ? auth(user) : {},
    payload: payload as Record<string, unknown>,
  });
}

async function comment(klipId: string, user: User, content: string, parentCommentId?: string) {
  const response = await postComment(klipId, user, {
    content,
    ...(parentCommentId ? { metadata: { parentCommentId } } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { comment: Comment; commentCount: number; message: string };
}

async function list(klipId: string, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `${url(klipId, 'comments')}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    comments: Comment[];
    pagination: { lastEvaluatedKey: string | null; hasMore: boolean };
    commentCount: number;
  };
}

describe('views', () => {
  it('counts a viewer at most once per klip per day, signed in or anonymous', async () => {
    const klipId = await createKlip();
    const session = { [VIEWER_ID_HEADER]: 'session-aaaa-1111' };
    expect((await view(klipId, session)).json()).toEqual({ success: true, views: 1 });
    expect((await view(klipId, session)).json()).toEqual({ success: true, views: 1 });
    // A double fire at once still counts once.
    const both = await Promise.all([view(klipId, auth(shopper)), view(klipId, auth(shopper))]);
    expect(both.map((r) => r.json().views)).toEqual([2, 2]);
    // Another session, and a viewer with no session (counted by address).
    expect((await view(klipId, { [VIEWER_ID_HEADER]: 'session-bbbb-2222' })).json().views).toBe(3);
    expect((await view(klipId, {}, '10.15.9.9')).json().views).toBe(4);
    expect((await view(klipId, {}, '10.15.9.9')).json().views).toBe(4);
    // The next day, the same viewer counts again.
    clockAhead += DAY;
    try {
      expect((await view(klipId, session)).json().views).toBe(5);
    } finally {
      clockAhead -= DAY;
    }
    expect((await counters(klipId)).views).toBe(5);
  });

  it('counts at most ANONYMOUS_VIEWERS_PER_ADDRESS anonymous sessions from one address per klip a day', async () => {
    const klipId = await createKlip();
    const sessions = Array.from(
      { length: ANONYMOUS_VIEWERS_PER_ADDRESS + 15 },
      (_, i) => `script-session-${i}`,
    );
    const answers = await Promise.all(
      sessions.map((id) => view(klipId, { [VIEWER_ID_HEADER]: id }, '10.15.7.7')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect((await counters(klipId)).views).toBe(ANONYMOUS_VIEWERS_PER_ADDRESS);
    // Other addresses and signed-in viewers still count; a session counted once does not count again elsewhere.
    expect((await view(klipId, { [VIEWER_ID_HEADER]: 'script-session-0' }, '10.15.7.8')).json().views).toBe(
      ANONYMOUS_VIEWERS_PER_ADDRESS,
    );
    expect((await view(klipId, { [VIEWER_ID_HEADER]: 'another-session' }, '10.15.7.8')).json().views).toBe(
      ANONYMOUS_VIEWERS_PER_ADDRESS + 1,
    );
    expect((await view(klipId, auth(other), '10.15.7.7')).json().views).toBe(
      ANONYMOUS_VIEWERS_PER_ADDRESS + 2,
    );
  });

  it('answers 404 for an unknown klip or one that is not active', async () => {
    for (const klipId of ['no-such-klip', await createKlip('processing'), await createKlip('failed')]) {
      expect((await view(klipId)).statusCode).toBe(404);
    }
  });
});

describe('likes', () => {
  it('toggles, answers its status and the stats, and needs sign-in', async () => {
    const klipId = await createKlip();
    expect((await t.app.inject({ method: 'POST', url: url(klipId, 'like') })).statusCode).toBe(401);
    expect((await like(klipId, shopper)).json()).toEqual({
      success: true,
      liked: true,
      likes: 1,
      message: INTERACTION_MESSAGES.liked,
    });
    const status = (user?: User) =>
      t.app.inject({ method: 'GET', url: url(klipId, 'like/status'), headers: user ? auth(user) : {} });
    expect((await status(shopper)).json()).toEqual({ success: true, liked: true });
    expect((await status(other)).json()).toEqual({ success: true, liked: false });
    expect((await status()).json()).toEqual({ success: true, liked: false });
    await view(klipId, auth(other));
    await comment(klipId, other, 'Lovely shine');
    const stats = await t.app.inject({ method: 'GET', url: url(klipId, 'stats'), headers: auth(shopper) });
    expect(stats.json()).toEqual({ success: true, likes: 1, views: 1, comments: 1, isLiked: true });
    const anonymousStats = await t.app.inject({ method: 'GET', url: url(klipId, 'stats') });
    expect(anonymousStats.json().isLiked).toBe(false);
    expect((await like(klipId, shopper)).json()).toEqual({
      success: true,
      liked: false,
      likes: 0,
      message: INTERACTION_MESSAGES.unliked,
    });
    expect((await status(shopper)).json().liked).toBe(false);
    expect((await like('no-such-klip', shopper)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url('no-such-klip', 'stats') })).statusCode).toBe(404);
  });

  it('50 users liking at once give exactly 50', async () => {
    const klipId = await createKlip();
    const users = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signUpTestUser(t.app, `liker${i}.klips`, { address: `10.15.2.${i + 1}` }),
      ),
    );
    const responses = await Promise.all(users.map((user) => like(klipId, user)));
    expect(responses.map((r) => r.statusCode)).toEqual(users.map(() => 200));
    expect(responses.every((r) => r.json().liked === true)).toBe(true);
    expect(new Set(responses.map((r) => r.json().likes)).size).toBe(50);
    expect(await counters(klipId)).toMatchObject({ likes: 50, likeRows: 50 });
  }, 120_000);

  it("the same user's concurrent likes never count twice", async () => {
    const klipId = await createKlip();
    for (const n of [2, 3, 4]) {
      const responses = await Promise.all(Array.from({ length: n }, () => like(klipId, shopper)));
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
      const { likes, likeRows } = await counters(klipId);
      expect(likes).toBe(likeRows);
      expect(likes).toBeLessThanOrEqual(1);
      // Toggles alternate: an even number of them leaves the like as it was, an odd number flips it.
      const liked = (
        await t.app.inject({ method: 'GET', url: url(klipId, 'like/status'), headers: auth(shopper) })
      ).json().liked;
      expect(liked).toBe(likes === 1);
    }
  });
});

describe('comments', () => {
  it('posts a comment with the spec fields and lists it', async () => {
    const klipId = await createKlip();
    const posted = await comment(klipId, shopper, '  Where can I buy this?  ');
    expect(posted.message).toBe(INTERACTION_MESSAGES.commentPosted);
    expect(posted.commentCount).toBe(1);
    expect(posted.comment).toMatchObject({
      klipId,
      content: 'Where can I buy this?',
      status: 'active',
      uid: shopper.uid,
      userName: 'kabir.klips',
      username: 'kabir.klips',
      userAvatar: null,
      replyCount: 0,
      metadata: { parentCommentId: null, isReply: false },
    });
    expect(Date.parse(posted.comment.createdAt)).not.toBeNaN();
    const page = await list(klipId);
    expect(page.comments).toEqual([posted.comment]);
    expect(page.commentCount).toBe(1);
    expect(page.pagination).toEqual({ lastEvaluatedKey: null, hasMore: false });
  });

  it('refuses blank and too-long comments, signed-out posts and unknown klips', async () => {
    const klipId = await createKlip();
    for (const content of ['', '   ', '\n\t']) {
      const response = await postComment(klipId, shopper, { content });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INTERACTION_MESSAGES.commentBlank);
    }
    for (const content of ['x'.repeat(COMMENT_MAX_LENGTH + 1), 'y'.repeat(10 * 1024)]) {
      const response = await postComment(klipId, shopper, { content });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INTERACTION_MESSAGES.commentTooLong(COMMENT_MAX_LENGTH));
    }
    expect((await postComment(klipId, shopper, { content: 'z'.repeat(COMMENT_MAX_LENGTH) })).statusCode).toBe(
      201,
    );
    expect((await postComment(klipId, null, { content: 'Hi' })).statusCode).toBe(401);
    expect((await postComment('no-such-klip', shopper, { content: 'Hi' })).statusCode).toBe(404);
    expect((await postComment(await createKlip('processing'), shopper, { content: 'Hi' })).statusCode).toBe(
      404,
    );
    expect(await counters(klipId)).toMatchObject({ comments: 1, commentRows: 1 });
  });

  it('extra body fields change nothing', async () => {
    const klipId = await createKlip();
    const response = await postComment(klipId, shopper, {
      content: 'Nice',
      uid: other.uid,
      userId: other.uid,
      commentCount: 99,
      replyCount: 50,
      id: 'chosen-id',
      klipId: 'elsewhere',
      status: 'hidden',
      likes: 1000,
    });
    expect(response.statusCode).toBe(201);
    const { comment: posted, commentCount } = response.json();
    expect(posted).toMatchObject({ uid: shopper.uid, replyCount: 0, klipId, status: 'active' });
    expect(posted.id).not.toBe('chosen-id');
    expect(commentCount).toBe(1);
    const likeResponse = await t.app.inject({
      method: 'POST',
      url: url(klipId, 'like'),
      headers: auth(shopper),
      payload: { likes: 1000, liked: false, uid: other.uid },
    });
    expect(likeResponse.json()).toMatchObject({ liked: true, likes: 1 });
    expect(await counters(klipId)).toMatchObject({ likes: 1, likeRows: 1, comments: 1, commentRows: 1 });
  });

  it('replies are one level deep, start with the parent author name, and are listed with ?parentCommentId', async () => {
    const klipId = await createKlip();
    const parent = (await comment(klipId, shopper, 'Is it real brass?')).comment;
    const reply = await comment(klipId, creator, 'Yes, solid brass', parent.id);
    expect(reply.message).toBe(INTERACTION_MESSAGES.replyPosted);
    expect(reply.comment).toMatchObject({
      content: 'kabir.klips: Yes, solid brass',
      metadata: { parentCommentId: parent.id, isReply: true },
    });
    // A reply to a reply attaches to the top-level comment, addressed to the reply's author.
    const nested = await comment(klipId, shopper, 'Thanks!', reply.comment.id);
    expect(nested.comment).toMatchObject({
      content: 'meera.klips: Thanks!',
      metadata: { parentCommentId: parent.id, isReply: true },
    });
    // No metadata: the parent is guessed from the "name:" prefix.
    const guessed = await comment(klipId, other, 'kabir.klips: same question');
    expect(guessed.comment.metadata).toEqual({ parentCommentId: parent.id, isReply: true });
    // A prefix that names nobody who commented is a plain comment.
    const plain = await comment(klipId, other, 'Note: gorgeous');
    expect(plain.comment.metadata).toEqual({ parentCommentId: null, isReply: false });
    expect(plain.commentCount).toBe(5);

    const top = await list(klipId);
    expect(top.comments.map((c) => c.id)).toEqual([plain.comment.id, parent.id]);
    expect(top.comments[1]!.replyCount).toBe(3);
    expect(top.commentCount).toBe(5);
    const replies = await list(klipId, `?parentCommentId=${parent.id}`);
    expect(replies.comments.map((c) => c.id)).toEqual([
      reply.comment.id,
      nested.comment.id,
      guessed.comment.id,
    ]);
    const newestReplies = await list(klipId, `?parentCommentId=${parent.id}&sort=newest`);
    expect(newestReplies.comments.map((c) => c.id)).toEqual([
      guessed.comment.id,
      nested.comment.id,
      reply.comment.id,
    ]);
    const missing = await postComment(klipId, shopper, {
      content: 'Hi',
      metadata: { parentCommentId: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('pages with the JSON lastEvaluatedKey, 10 a page by default, newest or oldest first', async () => {
    const klipId = await createKlip();
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await comment(klipId, other, `Comment ${i}`)).comment.id);
    for (const sort of ['newest', 'oldest'] as const) {
      const expected = sort === 'newest' ? [...ids].reverse() : ids;
      const seen: string[] = [];
      let key: string | null = null;
      let pages = 0;
      do {
        const query: string = `?sort=${sort}${key ? `&lastEvaluatedKey=${encodeURIComponent(key)}` : ''}`;
        const page = await list(klipId, query);
        expect(page.comments.length).toBeLessThanOrEqual(10);
        seen.push(...page.comments.map((c) => c.id));
        expect(page.pagination.hasMore).toBe(page.pagination.lastEvaluatedKey !== null);
        key = page.pagination.lastEvaluatedKey;
        if (key) expect(() => JSON.parse(key!)).not.toThrow();
        pages += 1;
      } while (key);
      expect(pages).toBe(3);
      expect(seen).toEqual(expected);
    }
    expect((await list(klipId, '?limit=100')).comments).toHaveLength(23);
    for (const bad of [
      '?limit=0',
      '?limit=101',
      '?sort=top',
      '?lastEvaluatedKey=notjson',
      '?lastEvaluatedKey=%7B%7D',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${url(klipId, 'comments')}${bad}` });
      expect(response.statusCode, bad).toBe(400);
    }
    // A bad key is refused naming what is wrong with it, before it reaches the database.
    const refusal = async (key: string) => {
      const query = `?lastEvaluatedKey=${encodeURIComponent(key)}`;
      const response = await t.app.inject({ method: 'GET', url: `${url(klipId, 'comments')}${query}` });
      expect(response.statusCode, key).toBe(400);
      return (response.json() as { message: string }).message;
    };
    expect(await refusal('notjson')).toBe('lastEvaluatedKey: not JSON');
    expect(await refusal('{"createdAt":"0000-01-01T00:00:00Z","id":"a"}')).toBe(
      'lastEvaluatedKey: createdAt: a year from 0001 to 9999',
    );
    expect(await refusal('{"createdAt":"2026-01-01T00:00:00Z","id":"a\\u0000"}')).toBe(
      'lastEvaluatedKey: id: no NUL character',
    );
  });

  it('only the author deletes; a comment takes its replies with it and the counters stay exact', async () => {
    const klipId = await createKlip();
    const parent = (await comment(klipId, shopper, 'Price?')).comment;
    const r1 = (await comment(klipId, creator, '₹499', parent.id)).comment;
    await comment(klipId, other, 'Cheap!', parent.id);
    const lone = (await comment(klipId, other, 'Love it')).comment;
    const del = (commentId: string, user: User | null) =>
      t.app.inject({
        method: 'DELETE',
        url: url(klipId, `comments/${commentId}`),
        headers: user ? auth(user) : {},
      });
    expect((await del(parent.id, null)).statusCode).toBe(401);
    expect((await del(parent.id, other)).statusCode).toBe(403);
    expect((await del('no-such-comment', shopper)).statusCode).toBe(404);
    expect((await del(r1.id, creator)).json()).toEqual({
      success: true,
      commentCount: 3,
      message: INTERACTION_MESSAGES.replyDeleted,
    });
    expect((await list(klipId)).comments.find((c) => c.id === parent.id)!.replyCount).toBe(1);
    expect((await del(parent.id, shopper)).json()).toEqual({
      success: true,
      commentCount: 1,
      message: INTERACTION_MESSAGES.commentDeleted,
    });
    expect((await list(klipId)).comments.map((c) => c.id)).toEqual([lone.id]);
    expect(await counters(klipId)).toMatchObject({ comments: 1, commentRows: 1 });
    expect((await del(parent.id, shopper)).statusCode).toBe(404);
  });

  it('concurrent comments, replies and deletes keep comment_count and reply_count exact', async () => {
    const klipId = await createKlip();
    const parent = (await comment(klipId, shopper, 'Thread')).comment;
    const users = [shopper, creator, other];
    const posted = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postComment(klipId, users[i % 3]!, {
          content: `Reply ${i}`,
          ...(i % 2 ? { metadata: { parentCommentId: parent.id } } : {}),
        }),
      ),
    );
    expect(posted.map((r) => r.statusCode)).toEqual(posted.map(() => 201));
    // Delete the thread while more replies arrive.
    const [deleted, ...late] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: url(klipId, `comments/${parent.id}`), headers: auth(shopper) }),
      ...Array.from({ length: 5 }, () =>
        postComment(klipId, other, { content: 'Late', metadata: { parentCommentId: parent.id } }),
      ),
    ]);
    expect(deleted!.statusCode).toBe(200);
    for (const response of late) expect([201, 404]).toContain(response.statusCode);
    const after = await counters(klipId);
    expect(after.comments).toBe(after.commentRows);
    expect(after.comments).toBe(15);
    const replyCounts = await db()
      .selectFrom('klip_comments as c')
      .select([
        'c.reply_count',
        (eb) =>
          eb
            .selectFrom('klip_comments as r')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('r.parent_comment_id', '=', 'c.id')
            .as('rows'),
      ])
      .where('c.klip_id', '=', klipId)
      .execute();
    for (const row of replyCounts) expect(row.reply_count).toBe(Number(row.rows));
  });
  it('deleting a thread and its replies at once neither deadlocks nor miscounts', async () => {
    const klipId = await createKlip();
    for (let round = 0; round < 5; round += 1) {
      const parent = (await comment(klipId, shopper, `Thread ${round}`)).comment;
      const replies = [
        (await comment(klipId, creator, 'One', parent.id)).comment,
        (await comment(klipId, other, 'Two', parent.id)).comment,
      ];
      const del = (commentId: string, user: User) =>
        t.app.inject({ method: 'DELETE', url: url(klipId, `comments/${commentId}`), headers: auth(user) });
      const [threadGone, ...repliesGone] = await Promise.all([
        del(parent.id, shopper),
        del(replies[0]!.id, creator),
        del(replies[1]!.id, other),
      ]);
      expect(threadGone!.statusCode, threadGone!.body).toBe(200);
      for (const response of repliesGone) expect([200, 404], response.body).toContain(response.statusCode);
      expect(await counters(klipId)).toMatchObject({ comments: 0, commentRows: 0 });
    }
  });
});

describe('generic interactions', () => {
  it('records the spec interactions, signed in or not, with bounded extras', async () => {
    const post = (payload: unknown, user?: User) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/interactions',
        headers: user ? auth(user) : {},
        payload: payload as Record<string, unknown>,
      });
    const klipId = await createKlip();
    const shared = await post(
      { contentId: klipId, type: 'share', extras: { share_method: 'whatsapp' } },
      shopper,
    );
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toEqual({ success: true });
    expect((await post({ contentId: klipId, type: 'whatsapp_click' })).statusCode).toBe(201);
    const rows = await db()
      .selectFrom('interactions')
      .selectAll()
      .where('content_id', '=', klipId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type, r.user_id, r.extras])).toEqual([
      ['share', shopper.uid, { share_method: 'whatsapp' }],
      ['whatsapp_click', null, {}],
    ]);
    expect((await post({ contentId: klipId, type: 'hack' })).statusCode).toBe(400);
    expect((await post({ contentId: '', type: 'share' })).statusCode).toBe(400);
    const big = await post({ contentId: klipId, type: 'share', extras: { note: 'x'.repeat(3000) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^extras\.note: /);
  });

  it('records only about content that exists, with flat extras of a few keys, naming the field', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/interactions', payload });
    const rowsOf = (contentId: string) =>
      db().selectFrom('interactions').select('type').where('content_id', '=', contentId).execute();
    const productId = ulid();
    await db()
      .insertInto('products')
      .values({ id: productId, owner_id: creator.uid, name: 'Brass lamp', price: 499 } as never)
      .execute();
    expect((await post({ contentId: productId, type: 'phone_click' })).statusCode).toBe(201);

    const missing = ulid();
    const unknown = await post({ contentId: missing, type: 'share', extras: { target: 'whatsapp' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INTERACTION_MESSAGES.contentNotFound(missing));
    expect(await rowsOf(missing)).toEqual([]);

    const manyKeys = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v']));
    const cases: [unknown, RegExp][] = [
      [manyKeys, /^extras: at most 8 keys$/],
      [{ deep: { a: { b: 1 } } }, /^extras\.deep: a text of at most 200 characters/],
      [{ list: [1, 2, 3] }, /^extras\.list: /],
      [{ note: 'x'.repeat(201) }, /^extras\.note: /],
      [{ '': 'v' }, /^extras/],
    ];
    for (const [extras, message] of cases) {
      const response = await post({ contentId: productId, type: 'share', extras });
      expect(response.statusCode, JSON.stringify(extras).slice(0, 60)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await rowsOf(productId)).toEqual([{ type: 'phone_click' }]);
  });
});

describe('bad input', () => {
  it('random bodies, queries and ids never give a 5xx', async () => {
    const klipId = await createKlip();
    const parent = (await comment(klipId, shopper, 'Seed')).comment;
    await fc.assert(
      fc.asyncProperty(
        fc.anything(),
        fc.constantFrom('comments', 'like', 'view', 'interactions'),
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80, unit: 'binary' })),
        async (body, target, text) => {
          const responses = [
            await t.app.inject({
              method: 'POST',
              url: target === 'interactions' ? '/api/v1/interactions' : url(klipId, target),
              headers: { ...auth(shopper), 'content-type': 'application/json' },
              payload: JSON.stringify(body) ?? 'null',
            }),
            await postComment(klipId, shopper, {
              content: text,
              metadata: { parentCommentId: text || parent.id },
            }),
            await t.app.inject({
              method: 'GET',
              url: `${url(klipId, 'comments')}?lastEvaluatedKey=${encodeURIComponent(text)}&parentCommentId=${encodeURIComponent(text)}`,
            }),
            await t.app.inject({ method: 'GET', url: url(encodeURIComponent(text) || 'x', 'stats') }),
            await view(klipId, { [VIEWER_ID_HEADER]: text.replace(/[^\x20-\x7e]/g, '') }),
          ];
          for (const response of responses) {
            if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body}`);
          }
        },
      ),
      { numRuns: 150 },
    );
    const after = await counters(klipId);
    expect(after.comments).toBe(after.commentRows);
    expect(after.likes).toBe(after.likeRows);
  }, 120_000);

  it('broken JSON and odd content types never give a 5xx, and change no counter', async () => {
    const klipId = await createKlip();
    const mine = (await comment(klipId, shopper, 'Keep me')).comment;
    const bodies = [
      '',
      '{',
      '{"content":',
      '[',
      'null',
      '"x"',
      '{"content":"\u0000"}',
      '\u0000',
      'a'.repeat(20_000),
    ];
    const contentTypes = [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ];
    const targets: [string, string][] = [
      ['POST', url(klipId, 'comments')],
      ['POST', url(klipId, 'like')],
      ['POST', url(klipId, 'view')],
      ['POST', '/api/v1/interactions'],
      ['DELETE', url(klipId, `comments/${mine.id}`)],
    ];
    const before = await counters(klipId);
    for (const [method, target] of targets) {
      for (const payload of bodies) {
        for (const contentType of contentTypes) {
          const response = await t.app.inject({
            method: method as 'POST' | 'DELETE',
            url: target,
            headers: { ...auth(other), 'content-type': contentType },
            payload,
          });
          if (response.statusCode >= 500)
            throw new Error(`${method} ${target} ${contentType}: ${response.body}`);
        }
      }
    }
    const after = await counters(klipId);
    // Another user's like toggles may have landed (a like takes no body); comments and views did not move.
    expect(after.comments).toBe(before.comments);
    expect(after.commentRows).toBe(before.commentRows);
    expect(after.likes).toBe(after.likeRows);
  }, 120_000);

  it('extra fields on the generic interactions and likes do not choose the user or the counters', async () => {
    const klipId = await createKlip();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interactions',
      headers: auth(shopper),
      payload: { contentId: klipId, type: 'share', extras: {}, uid: other.uid, userId: other.uid, likes: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const rows = await db()
      .selectFrom('interactions')
      .select(['user_id'])
      .where('content_id', '=', klipId)
      .execute();
    expect(rows).toEqual([{ user_id: shopper.uid }]);
    expect(await counters(klipId)).toMatchObject({ likes: 0, views: 0, comments: 0 });
  });
});
