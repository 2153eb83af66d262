// `npm run bench:klips`: one klip under 50 concurrent likers and commenters (decision 0041), on
// PostgreSQL, through the full production app in its own process. BENCH_USERS (default 50) signed-in users each,
// for BENCH_SECONDS (default 30), back to back: open the klip (GET /api/v1/klips/{id}), toggle its like, post a
// comment, reply to the comment another user posted last, and now and then delete one of their own comments (which
// takes its replies with it). Prints the errors (goal 0), the counter mismatches after the run (klips.likes and
// comment_count against COUNT(*) of klip_likes and klip_comments, and each comment's reply_count against its
// replies; goal 0), the p50 and p99 of likes and of klip reads in the same run, and the ratio of their p99s.
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database.
import { sql } from 'kysely';
import { ulid } from 'ulid';
import { createPgDatabase } from './support/bench-database.ts';
import { countError, percentile, signUpCrowdUser, startCrowdServer } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SIGN_UP_CONCURRENCY = 4;
/** One step in this many deletes one of the user's own comments. */
const DELETE_EVERY = 3;
const DATABASE_NAME = 'lootklip_bench_klips';

interface Tally {
  likes: number[];
  reads: number[];
  comments: number;
  replies: number;
  deletes: number;
  errors: Map<string, number>;
}

/** The id of the comment some user posted last: others reply to it (it may be deleted meanwhile: a 404 then). */
let latestTopComment: string | undefined;

class User {
  /** Top-level comments of this user that it has not deleted. */
  own: string[] = [];
  steps = 0;
  /** What the server last answered for this user's like. */
  liked = false;
  readonly url: string;
  readonly base: string;
  readonly token: string;
  readonly klipId: string;

  constructor(base: string, token: string, klipId: string) {
    this.base = base;
    this.token = token;
    this.klipId = klipId;
    this.url = `${base}/api/v1/interactions/klips/${klipId}`;
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  private get jsonHeaders() {
    return { ...this.headers, 'content-type': 'application/json' };
  }

  private async call(
    tally: Tally,
    label: string,
    url: string,
    init: RequestInit,
    ok: readonly number[],
  ): Promise<{ status: number; body: unknown; ms: number } | undefined> {
    const started = performance.now();
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      const ms = performance.now() - started;
      if (!ok.includes(response.status)) {
        countError(tally, `${label} ${response.status}`);
        return undefined;
      }
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, ms };
    } catch (error) {
      countError(tally, `${label} ${(error as Error).message}`);
      return undefined;
    }
  }

  async step(tally: Tally): Promise<void> {
    this.steps += 1;
    const read = await this.call(
      tally,
      'klip read',
      `${this.base}/api/v1/klips/${this.klipId}`,
      { headers: this.headers },
      [200],
    );
    if (read) tally.reads.push(read.ms);

    const like = await this.call(
      tally,
      'like',
      `${this.url}/like`,
      { method: 'POST', headers: this.headers },
      [200],
    );
    if (like) {
      tally.likes.push(like.ms);
      this.liked = (like.body as { liked: boolean }).liked;
    }

    const posted = await this.call(
      tally,
      'comment',
      `${this.url}/comments`,
      {
        method: 'POST',
        headers: this.jsonHeaders,
        body: JSON.stringify({ content: `Step ${this.steps}: lovely lamp` }),
      },
      [201],
    );
    if (posted) {
      tally.comments += 1;
      const id = (posted.body as { comment: { id: string } }).comment.id;
      this.own.push(id);
      const parent = latestTopComment;
      latestTopComment = id;
      if (parent) {
        // The parent may be gone (its author deleted it): 404 is the right answer then, not an error.
        const reply = await this.call(
          tally,
          'reply',
          `${this.url}/comments`,
          {
            method: 'POST',
            headers: this.jsonHeaders,
            body: JSON.stringify({ content: 'Agreed!', metadata: { parentCommentId: parent } }),
          },
          [201, 404],
        );
        if (reply?.status === 201) tally.replies += 1;
      }
    }

    if (this.steps % DELETE_EVERY === 0 && this.own.length > 0) {
      const id = this.own.shift()!;
      const deleted = await this.call(
        tally,
        'delete',
        `${this.url}/comments/${id}`,
        { method: 'DELETE', headers: this.headers },
        [200],
      );
      if (deleted) tally.deletes += 1;
    }
  }
}

async function run(): Promise<void> {
  const { database, drop } = await createPgDatabase(DATABASE_NAME);
  let server: Awaited<ReturnType<typeof startCrowdServer>> | undefined;
  try {
    server = await startCrowdServer(DATABASE_NAME);
    const base = `http://127.0.0.1:${server.port}`;

    const tokens: string[] = [];
    let nextUser = 0;
    await Promise.all(
      Array.from({ length: SIGN_UP_CONCURRENCY }, async () => {
        while (nextUser <= USERS) {
          const index = nextUser++;
          tokens[index] = await signUpCrowdUser(base, 'bench.klipper', index, 9);
        }
      }),
    );
    // The creator (user 0) and one active klip of theirs, written as the transcode job leaves it.
    const creator = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'bench.klipper0')
      .executeTakeFirstOrThrow();
    const klipId = ulid();
    await database.db
      .insertInto('klips')
      .values({ id: klipId, owner_id: creator.id, status: 'active', title: 'Brass lamp, polished by hand' })
      .execute();
    const users = tokens.slice(1).map((token) => new User(base, token, klipId));
    console.log(
      `PostgreSQL; one klip; ${USERS} users each reading it, toggling its like, commenting, replying and deleting a comment every ${DELETE_EVERY} steps, back to back for ${SECONDS} s`,
    );

    const tally: Tally = { likes: [], reads: [], comments: 0, replies: 0, deletes: 0, errors: new Map() };
    const startedAt = performance.now();
    const endsAt = startedAt + SECONDS * 1000;
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() < endsAt) await user.step(tally);
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;

    const klip = await database.db
      .selectFrom('klips')
      .select(['likes', 'comment_count'])
      .where('id', '=', klipId)
      .executeTakeFirstOrThrow();
    const count = async (table: 'klip_likes' | 'klip_comments') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('klip_id', '=', klipId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const likeRows = await count('klip_likes');
    const commentRows = await count('klip_comments');
    const { rows: replyMismatches } = await sql<{ n: string }>`
      select count(*) as n from klip_comments c
      where c.klip_id = ${klipId} and c.reply_count <> (
        select count(*) from klip_comments r where r.parent_comment_id = c.id)`.execute(database.db);
    const mismatches =
      (klip.likes === likeRows ? 0 : 1) +
      (klip.comment_count === commentRows ? 0 : 1) +
      Number(replyMismatches[0]?.n ?? 0);
    const likedByUsers = users.filter((user) => user.liked).length;

    const likes = [...tally.likes].sort((a, b) => a - b);
    const reads = [...tally.reads].sort((a, b) => a - b);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    const ratio = percentile(likes, 99) / percentile(reads, 99);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `  likes (toggles)   ${String(likes.length).padStart(6)} (${(likes.length / elapsed).toFixed(0)}/s)   p50 ${ms(percentile(likes, 50))}   p99 ${ms(percentile(likes, 99))}`,
    );
    console.log(
      `  klip reads        ${String(reads.length).padStart(6)} (${(reads.length / elapsed).toFixed(0)}/s)   p50 ${ms(percentile(reads, 50))}   p99 ${ms(percentile(reads, 99))}`,
    );
    console.log(`  comments ${tally.comments}, replies ${tally.replies}, deletes ${tally.deletes}`);
    console.log(
      `  errors            ${errors}${errors ? ` (${[...tally.errors].map(([label, n]) => `${label}: ${n}`).join(', ')})` : ''}`,
    );
    console.log(
      `  counters          likes ${klip.likes} / ${likeRows} rows (users whose last answer was liked: ${likedByUsers}); comment_count ${klip.comment_count} / ${commentRows} rows; comments whose reply_count is off: ${Number(replyMismatches[0]?.n ?? 0)}`,
    );
    console.log(`  counter mismatches ${mismatches}`);
    console.log('Ratios');
    console.log(
      `  like p99 / klip read p99   ${ratio.toFixed(2)}: ${verdict(errors === 0 && mismatches === 0 && likeRows === likedByUsers)} (errors and mismatches 0)`,
    );
  } finally {
    await server?.stop();
    await drop();
  }
}

await run();
process.exit(0);
