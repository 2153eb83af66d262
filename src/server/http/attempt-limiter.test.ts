// The attempt limiter's turns (decision 0048): concurrent callers get distinct turns in order, spaced as asked,
// and a turn too far away is refused without being taken; in memory, and shared by two instances through Redis.
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter, type AttemptLimiter, type Turn } from './attempt-limiter.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const SPACING_MS = 1000;
const MAX_WAIT_MS = 2500;
/** How much the clock may move between two calls of one test (a busy machine, a Redis round trip). */
const SLACK_MS = 200;

const waitOf = (turn: Turn) => (turn.taken ? turn.waitMs : null);

/** Five callers at once on one key, alternating between the limiters given. */
async function takeFive(limiters: AttemptLimiter[]) {
  const key = `test:${ulid()}`;
  const turns = await Promise.all(
    Array.from({ length: 5 }, (_, index) =>
      limiters[index % limiters.length]!.takeTurn(key, SPACING_MS, MAX_WAIT_MS),
    ),
  );
  const waits = turns
    .map(waitOf)
    .filter((wait) => wait !== null)
    .sort((a, b) => a - b);
  // Turns at 0, 1, 2 s: the third is the last within the longest wait.
  expect(waits).toHaveLength(3);
  waits.forEach((wait, index) => {
    expect(wait).toBeLessThanOrEqual(index * SPACING_MS);
    expect(wait).toBeGreaterThan(index * SPACING_MS - SLACK_MS);
  });
  // The refused ones were not taken: they name a wait past the longest and leave the next turn where it was.
  for (const turn of turns.filter((candidate) => !candidate.taken)) {
    expect(turn).toEqual({ taken: false, retryAfterSeconds: 3 });
  }
}

describe('turns in memory', () => {
  it('spaces concurrent callers one after another and refuses a turn beyond the longest wait', async () => {
    await takeFive([createAttemptLimiter()]);
  });

  it('keeps keys apart', async () => {
    const limiter = createAttemptLimiter();
    expect(await limiter.takeTurn(`a:${ulid()}`, SPACING_MS, MAX_WAIT_MS)).toEqual({
      taken: true,
      waitMs: 0,
    });
    expect(await limiter.takeTurn(`b:${ulid()}`, SPACING_MS, MAX_WAIT_MS)).toEqual({
      taken: true,
      waitMs: 0,
    });
  });
});

describe.skipIf(!TEST_REDIS_URL)('turns shared through Redis', () => {
  const clients = [0, 1].map(() => new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 }));
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it('gives two instances distinct turns on one key, in order', async () => {
    await takeFive(clients.map((client) => createAttemptLimiter(client)));
  });
});
