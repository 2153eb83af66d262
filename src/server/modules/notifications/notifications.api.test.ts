// The user's activity through the real app (docs/product.md "Notifications"; decisions 0077 and 0078):
// each kind recorded in the like's or comment's transaction, grouped newest first and paged, never about oneself,
// gone with a deleted comment, switched off per kind in the settings, the caller's own only, and the live stream:
// refused without a session, bounded per user, told of new activity, closed once the session ends.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListNotificationsResponse } from '../../../shared/contracts/notifications.ts';
import { NOTIFICATION_STREAMS_PER_USER } from '../../../shared/constants.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

type User = { token: string; uid: string };
let t: TestApp;
let seller: User;
let asha: User;
let ravi: User;
let tara: User;
let baseUrl: string;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  seller = await signUpTestUser(t.app, 'meera.notes', { address: '10.25.0.1' });
  asha = await signUpTestUser(t.app, 'asha.notes', { address: '10.25.0.2' });
  ravi = await signUpTestUser(t.app, 'ravi.notes', { address: '10.25.0.3' });
  tara = await signUpTestUser(t.app, 'tara.notes', { address: '10.25.0.4' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  // fetch's connection pool keeps connections it opened and never sent a request on (after the aborted streams);
  // they are the test client's, not streams: the server would otherwise wait for its header timeout to drop them.
  t.app.server.closeAllConnections();
  await t.close();
});

async function createKlip(owner: User = seller, title = 'Brass lamp demo'): Promise<string> {
  const id = ulid();
  await db().insertInto('klips').values({ id, owner_id: owner.uid, status: 'active', title }).execute();
  return id;
}

const klipUrl = (klipId: string, rest: string) => `/api/v1/interactions/klips/${klipId}/${rest}`;

async function like(klipId: string, user: User) {
  const response = await t.app.inject({ method: 'POST', url: klipUrl(klipId, 'like'), headers: auth(user) });
  expect(response.statusCode).toBe(200);
  return response.json<{ liked: boolean }>();
}

async function comment(
  klipId: string,
  user: User,
  content: string,
  parentCommentId?: string,
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: klipUrl(klipId, 'comments'),
    headers: auth(user),
    payload: { content, ...(parentCommentId && { metadata: { parentCommentId } }) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ comment: { id: string } }>().comment.id;
}

async function list(user: User, query = ''): Promise<ListNotificationsResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/notifications${query}`,
    headers: auth(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ListNotificationsResponse>();
}

async function unread(user: User): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/notifications/unread-count',
    headers: auth(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ unreadCount: number }>().unreadCount;
}

async function readAll(user: User) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/read-all',
    headers: auth(user),
  });
  expect(response.statusCode).toBe(200);
  expect(await unread(user)).toBe(0);
}

describe('recording and reading', () => {
  it('groups the likes of a klip under its newest liker, and an unlike takes its like away', async () => {
    await readAll(seller);
    const klipId = await createKlip(seller, 'Clay diya set');
    await like(klipId, ravi);
    await like(klipId, asha);
    await like(klipId, tara);
    expect(await unread(seller)).toBe(3);
    const [group] = (await list(seller)).items;
    expect(group).toMatchObject({
      id: `like:${klipId}`,
      kind: 'like',
      klipId,
      count: 3,
      others: 2,
      unread: true,
      summary: 'tara.notes and 2 others liked your klip "Clay diya set"',
    });
    expect(await like(klipId, tara)).toMatchObject({ liked: false });
    expect(await unread(seller)).toBe(2);
    expect((await list(seller)).items[0]).toMatchObject({
      summary: 'asha.notes and 1 other liked your klip "Clay diya set"',
      count: 2,
    });
  });

  it('never notifies anyone of their own like or comment', async () => {
    await readAll(seller);
    const klipId = await createKlip();
    await like(klipId, seller);
    await comment(klipId, seller, 'Thanks for watching');
    expect(await unread(seller)).toBe(0);
    expect((await list(seller)).items.some((group) => group.klipId === klipId)).toBe(false);
  });

  it('tells the klip owner of a comment, and the owner and the parent author of a reply, each once', async () => {
    await readAll(seller);
    await readAll(asha);
    const klipId = await createKlip(seller, 'Jute bag');
    const parent = await comment(klipId, asha, 'Is it washable?');
    expect((await list(seller)).items[0]).toMatchObject({
      kind: 'comment',
      summary: 'asha.notes commented on your klip "Jute bag"',
      commentId: parent,
    });
    const reply = await comment(klipId, ravi, 'Yes, by hand', parent);
    expect(await unread(seller)).toBe(2);
    expect(await unread(asha)).toBe(1);
    expect((await list(asha)).items[0]).toMatchObject({
      id: `reply:${parent}`,
      kind: 'reply',
      commentId: reply,
      summary: 'ravi.notes replied to your comment on "Jute bag"',
    });
    expect((await list(seller)).items[0]).toMatchObject({
      summary: 'ravi.notes replied to a comment on your klip "Jute bag"',
    });
    // The parent's author answering in their own thread tells the owner, not themselves.
    await comment(klipId, asha, 'Thank you', parent);
    expect(await unread(asha)).toBe(1);
    expect(await unread(seller)).toBe(3);
  });

  it("drops a deleted comment's notifications, and its replies", async () => {
    await readAll(seller);
    const klipId = await createKlip();
    const parent = await comment(klipId, asha, 'Lovely colour');
    await comment(klipId, ravi, 'Agreed', parent);
    expect(await unread(seller)).toBe(2);
    const response = await t.app.inject({
      method: 'DELETE',
      url: klipUrl(klipId, `comments/${parent}`),
      headers: auth(asha),
    });
    expect(response.statusCode).toBe(200);
    expect(await unread(seller)).toBe(0);
    expect((await list(seller)).items.some((group) => group.klipId === klipId)).toBe(false);
  });

  it('takes likes, unlikes, comments and deletes on one klip at once without a deadlock, and counts exactly', async () => {
    // On PostgreSQL each request is its own connection: a like and a comment that took the klip's counters and
    // the owner's unread row in opposite orders deadlocked (40P01) under this mix.
    await readAll(seller);
    const klipId = await createKlip();
    const doomed = await comment(klipId, tara, 'Gone soon');
    const deleteDoomed = () =>
      t.app.inject({ method: 'DELETE', url: klipUrl(klipId, `comments/${doomed}`), headers: auth(tara) });
    const answers = await Promise.all([
      ...[asha, ravi, tara].flatMap((user) => [
        t.app.inject({ method: 'POST', url: klipUrl(klipId, 'like'), headers: auth(user) }),
        t.app.inject({
          method: 'POST',
          url: klipUrl(klipId, 'comments'),
          headers: auth(user),
          payload: { content: `Nice one from ${user.uid}` },
        }),
      ]),
      deleteDoomed(),
      t.app.inject({ method: 'POST', url: klipUrl(klipId, 'like'), headers: auth(seller) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 201, 201, 201,
    ]);
    const klip = await db()
      .selectFrom('klips')
      .select(['likes', 'comment_count'])
      .where('id', '=', klipId)
      .executeTakeFirstOrThrow();
    expect(klip).toEqual({ likes: 4, comment_count: 3 });
    // Three likes and three comments of others; the owner's own like notifies no one.
    expect(await unread(seller)).toBe(6);
  });

  it('shows an actor whose activity is private as "Someone"', async () => {
    await readAll(seller);
    const klipId = await createKlip(seller, 'Silk scarf');
    await db().updateTable('users').set({ activity_visible: false }).where('id', '=', tara.uid).execute();
    try {
      await like(klipId, tara);
      expect((await list(seller)).items[0]).toMatchObject({
        actorName: 'Someone',
        summary: 'Someone liked your klip "Silk scarf"',
      });
    } finally {
      await db().updateTable('users').set({ activity_visible: true }).where('id', '=', tara.uid).execute();
    }
  });

  it('records and shows no kind the recipient switched off', async () => {
    await readAll(seller);
    const patch = (likes: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/settings/notifications',
        headers: auth(seller),
        payload: { likes },
      });
    expect((await patch(false)).statusCode).toBe(200);
    try {
      const klipId = await createKlip();
      await like(klipId, asha);
      await comment(klipId, asha, 'Nice');
      expect(await unread(seller)).toBe(1);
      expect(
        (await list(seller)).items.filter((group) => group.klipId === klipId).map((g) => g.kind),
      ).toEqual(['comment']);
    } finally {
      expect((await patch(true)).statusCode).toBe(200);
    }
  });

  it('stops counting the unread rows of a kind switched off later; switched on again, they come back read', async () => {
    await readAll(seller);
    const patch = (changes: Record<string, boolean>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/settings/notifications',
        headers: auth(seller),
        payload: changes,
      });
    const klipId = await createKlip(seller, 'Jute tote');
    await like(klipId, asha);
    await like(klipId, ravi);
    await comment(klipId, tara, 'Roomy');
    expect(await unread(seller)).toBe(3);
    const kindsOf = async () =>
      (await list(seller)).items.filter((group) => group.klipId === klipId).map((g) => [g.kind, g.unread]);
    const stream = eventReader(await openStream(seller));
    try {
      expect(counts(await stream.until((events) => counts(events).length >= 1))).toEqual([3]);
      expect((await patch({ likes: false })).statusCode).toBe(200);
      expect(await unread(seller)).toBe(1);
      expect(await kindsOf()).toEqual([['comment', true]]);
      // The other tabs hear of it at once.
      expect(counts(await stream.until((events) => counts(events).includes(1)))).toEqual([3, 1]);
      // A change of another field leaves the count as it is; the kind still off marks nothing new.
      expect((await patch({ emailNotifications: true })).statusCode).toBe(200);
      expect(await unread(seller)).toBe(1);
    } finally {
      await stream.cancel();
      expect((await patch({ likes: true })).statusCode).toBe(200);
    }
    expect(await unread(seller)).toBe(1);
    expect(await kindsOf()).toEqual([
      ['comment', true],
      ['like', false],
    ]);
    await like(klipId, tara);
    expect(await unread(seller)).toBe(2);
  });

  it('pages the groups newest first with the list cursor, and refuses a forged one naming the field', async () => {
    const klipIds = [await createKlip(), await createKlip(), await createKlip()];
    for (const klipId of klipIds) await like(klipId, asha);
    const first = await list(seller, '?limit=2');
    expect(first.items.map((group) => group.klipId)).toEqual([klipIds[2], klipIds[1]]);
    expect(first.hasMore).toBe(true);
    const second = await list(seller, `?limit=2&lastEvaluatedKey=${first.lastEvaluatedKey}`);
    expect(second.items[0]?.klipId).toBe(klipIds[0]);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?lastEvaluatedKey=bm90LWEtY3Vyc29y',
      headers: auth(seller),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toContain('lastEvaluatedKey');
  });

  it("marks one group read, and only the caller's own", async () => {
    await readAll(seller);
    const klipA = await createKlip();
    const klipB = await createKlip();
    await like(klipA, asha);
    await like(klipB, asha);
    const mark = (user: User, ids: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/read',
        headers: auth(user),
        payload: { ids },
      });
    // Another user naming my groups marks nothing of mine.
    expect((await mark(ravi, [`like:${klipA}`])).statusCode).toBe(200);
    expect(await unread(seller)).toBe(2);
    expect((await list(ravi)).items.some((group) => group.klipId === klipA)).toBe(false);
    const mine = await mark(seller, [`like:${klipA}`]);
    expect(mine.json()).toMatchObject({ unreadCount: 1 });
    const groups = (await list(seller)).items;
    expect(groups.find((group) => group.klipId === klipA)?.unread).toBe(false);
    expect(groups.find((group) => group.klipId === klipB)?.unread).toBe(true);
  });

  it('refuses bad input naming the field, and a caller without a session', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: auth(seller),
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('ids');
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?limit=500',
      headers: auth(seller),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('limit');
    for (const url of ['/api/v1/notifications', '/api/v1/notifications/unread-count']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(
      401,
    );
  });

  it('records the stored likes, comments and replies as the seed does, unread when recent, never about oneself', async () => {
    const owner = await signUpTestUser(t.app, 'seeded.notes', { address: '10.25.0.8' });
    const klipId = await createKlip(owner, 'Seeded klip');
    const old = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    const recent = new Date(Date.now() - 60 * 60 * 1000);
    await db()
      .insertInto('klip_likes')
      .values([
        { klip_id: klipId, user_id: asha.uid, created_at: recent },
        { klip_id: klipId, user_id: owner.uid, created_at: recent },
        { klip_id: klipId, user_id: ravi.uid, created_at: old },
      ])
      .execute();
    const parent = ulid();
    await db()
      .insertInto('klip_comments')
      .values([
        { id: parent, klip_id: klipId, user_id: tara.uid, content: 'Lovely', created_at: recent },
        {
          id: ulid(),
          klip_id: klipId,
          user_id: asha.uid,
          parent_comment_id: parent,
          content: 'tara.notes: Yes',
          created_at: recent,
        },
      ])
      .execute();
    await createNotificationsRepository(db()).recordStoredInteractions(
      new Date(Date.now() - 24 * 60 * 60 * 1000),
    );
    // Asha's like, Tara's comment, Asha's reply: unread; Ravi's old like: read; the owner's own like: none.
    expect(await unread(owner)).toBe(3);
    const groups = (await list(owner)).items;
    expect(groups.map((group) => [group.kind, group.count]).sort()).toEqual([
      ['comment', 1],
      ['like', 2],
      ['reply', 1],
    ]);
    expect(await unread(tara)).toBeGreaterThanOrEqual(1);
    expect((await list(tara)).items[0]).toMatchObject({
      kind: 'reply',
      summary: 'asha.notes replied to your comment on "Seeded klip"',
    });
  });

  it('mails a comment to the klip owner, never a like, and not when e-mail is off', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const klipId = await createKlip(seller, 'Copper bottle');
    const before = mails().length;
    await like(klipId, asha);
    await comment(klipId, asha, 'Does it keep water cool?');
    // The file is written after the comment's answer: its whole text, once it is there.
    const newest = () => {
      const names = mails().sort();
      return names.length > before ? fs.readFileSync(path.join(outbox, names.at(-1)!), 'utf8') : '';
    };
    await expect.poll(newest).toContain('Does it keep water cool?');
    expect(mails().length).toBe(before + 1);
    expect(newest()).toContain('asha.notes commented on your klip');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/notifications',
      headers: auth(seller),
      payload: { emailNotifications: false },
    });
    await comment(klipId, ravi, 'Nice one');
    await expect.poll(async () => (await list(seller)).items[0]?.summary).toContain('ravi.notes');
    expect(mails().length).toBe(before + 1);
  });
});

type StreamEvent = { event: string; data: string };

/** A stream's server-sent events as they come: `until` reads on until the events so far satisfy it. */
function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: StreamEvent[] = [];
  let buffer = '';
  return {
    async until(done: (events: StreamEvent[]) => boolean): Promise<StreamEvent[]> {
      while (!done(events)) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data });
        }
      }
      return events;
    },
    cancel: () => reader.cancel(),
  };
}

const counts = (events: StreamEvent[]) =>
  events
    .filter((e) => e.event === 'unread')
    .map((e) => (JSON.parse(e.data) as { unreadCount: number }).unreadCount);

const openStream = (user: User | null, signal?: AbortSignal) =>
  fetch(`${baseUrl}/api/v1/notifications/stream`, {
    headers: user ? auth(user) : {},
    ...(signal && { signal }),
  });

describe('the live stream', () => {
  it('is refused without a valid session', async () => {
    for (const user of [null, { token: 'not-a-token', uid: '' }]) {
      const response = await openStream(user);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).not.toContain('text/event-stream');
      await response.body?.cancel();
    }
  });

  it('says the unread count at once and again when a like arrives', async () => {
    await readAll(seller);
    const klipId = await createKlip();
    const response = await openStream(seller);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventReader(response);
    try {
      expect(counts(await stream.until((events) => counts(events).length >= 1))).toEqual([0]);
      await like(klipId, asha);
      expect(counts(await stream.until((events) => counts(events).includes(1)))).toEqual([0, 1]);
    } finally {
      await stream.cancel();
    }
  });

  it('is bounded per user: one more than the bound is refused with 429', async () => {
    const controller = new AbortController();
    const open: Response[] = [];
    try {
      for (let i = 0; i < NOTIFICATION_STREAMS_PER_USER; i++) {
        const response = await openStream(ravi, controller.signal);
        expect(response.status).toBe(200);
        open.push(response);
      }
      const refused = await openStream(ravi);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toContain(
        `At most ${NOTIFICATION_STREAMS_PER_USER}`,
      );
      // Another user is not held back by ravi's streams.
      const other = await openStream(tara, controller.signal);
      expect(other.status).toBe(200);
    } finally {
      controller.abort();
    }
    // Closed streams give their places back.
    await expect
      .poll(async () => {
        const again = await openStream(ravi);
        const status = again.status;
        await again.body?.cancel();
        return status;
      })
      .toBe(200);
  });

  it('closes once the session has ended (sign-out everywhere)', async () => {
    const user = await signUpTestUser(t.app, 'leaving.notes', { address: '10.25.0.9' });
    const klipId = await createKlip(user);
    const response = await openStream(user);
    expect(response.status).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out-everywhere',
      headers: auth(user),
    });
    expect(signOut.statusCode).toBe(200);
    await like(klipId, asha);
    const events = await eventReader(response).until((got) => got.some((e) => e.event === 'end'));
    expect(events.at(-1)).toEqual({ event: 'end', data: JSON.stringify({ reason: 'signed-out' }) });
  });
});
