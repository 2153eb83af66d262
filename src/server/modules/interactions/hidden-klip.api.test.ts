// A klip its owner keeps from the reader (whoCanSeeMyContent, decision 0071) is, to them, no klip: its comments and
// a comment's replies answer the klip's not-found 404, and no write reaches it (a generic interaction, deleting
// one's own comment). The real app on PGlite or (TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { setContentAudience as setAudienceOf } from '../../test/privacy.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';

let t: TestApp;
let owner: { token: string; uid: string };
let shopper: { token: string; uid: string };
let klip: Klip;
let commentId: string;

const auth = (user: { token: string } | null) =>
  user ? { authorization: `Bearer ${user.token}` } : ({} as Record<string, string>);

const setContentAudience = (audience: Audience) => setAudienceOf(t.app, owner.token, audience);

const comments = (user: { token: string } | null, query = '') =>
  t.app.inject({ url: `/api/v1/interactions/klips/${klip.id}/comments${query}`, headers: auth(user) });

async function countComments(): Promise<number> {
  const row = await t.testDatabase.database.db
    .selectFrom('klip_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('klip_id', '=', klip.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  owner = await signUpTestUser(t.app, 'hidden.klip.owner', { address: '10.73.0.1' });
  shopper = await signUpTestUser(t.app, 'hidden.klip.shopper', { address: '10.73.0.2' });
  klip = await createTestKlip(t, owner, { title: 'Kettle at dawn' });
  const posted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/interactions/klips/${klip.id}/comments`,
    headers: auth(shopper),
    payload: { content: 'Where is it from?' },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  commentId = posted.json().comment.id as string;
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/v1/interactions/klips/${klip.id}/comments`,
    headers: auth(owner),
    payload: { content: 'Moradabad', metadata: { parentCommentId: commentId } },
  });
  expect(reply.statusCode, reply.body).toBe(201);
}, 120_000);
afterAll(() => t?.close());

describe('a klip hidden from the reader', () => {
  afterAll(() => setContentAudience('everyone'));

  it("answers its comments and a comment's replies with the klip's 404; the owner still reads them", async () => {
    const replies = `?parentCommentId=${commentId}`;
    expect((await comments(null, replies)).json().comments).toHaveLength(1);
    await setContentAudience('signedIn');
    for (const query of ['', replies]) {
      const answer = await comments(null, query);
      expect(answer.statusCode, query).toBe(404);
      expect(answer.json().message).toBe(KLIP_MESSAGES.notFound);
      expect((await comments(shopper, query)).statusCode, query).toBe(200);
    }
    await setContentAudience('nobody');
    for (const query of ['', replies]) {
      expect((await comments(shopper, query)).statusCode, query).toBe(404);
      expect((await comments(owner, query)).statusCode, query).toBe(200);
    }
  });

  it('takes no generic interaction from a reader it is hidden from', async () => {
    await setContentAudience('nobody');
    const share = (user: { token: string } | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/interactions',
        headers: auth(user),
        payload: { contentId: klip.id, type: 'share' },
      });
    expect((await share(shopper)).statusCode).toBe(404);
    expect((await share(null)).statusCode).toBe(404);
    expect((await share(owner)).statusCode).toBe(201);
    const stored = await t.testDatabase.database.db
      .selectFrom('interactions')
      .select('user_id')
      .where('content_id', '=', klip.id)
      .execute();
    expect(stored).toEqual([{ user_id: owner.uid }]);
  });

  it('keeps its comments from their author too: deleting one is a 404 and deletes nothing', async () => {
    await setContentAudience('nobody');
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interactions/klips/${klip.id}/comments/${commentId}`,
      headers: auth(shopper),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(KLIP_MESSAGES.notFound);
    expect(await countComments()).toBe(2);
    await setContentAudience('signedIn');
    const shown = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interactions/klips/${klip.id}/comments/${commentId}`,
      headers: auth(shopper),
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await countComments()).toBe(0);
  });
});
