// Password rules: length limits, the shipped common list, the pinned argon2id parameters and the hashing cap.
import { describe, expect, it } from 'vitest';
import { PasswordSchema } from '../../shared/contracts/auth.ts';
import {
  createLimiter,
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';

describe('password rules', () => {
  it('takes 8 to 128 characters', () => {
    expect(PasswordSchema.safeParse('a'.repeat(7)).success).toBe(false);
    expect(PasswordSchema.safeParse('a'.repeat(8)).success).toBe(true);
    expect(PasswordSchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(PasswordSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });

  it('refuses well-known passwords and their usual variants, whatever the case', () => {
    for (const common of ['password', '12345678', 'qwerty123', 'iloveyou', 'Password1', 'PASSWORD123'])
      expect(isCommonPassword(common), common).toBe(true);
    for (const fine of ['lootklip-demo', 'correct horse battery', 'a long private phrase'])
      expect(isCommonPassword(fine), fine).toBe(false);
  });
});

describe('hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 and verifies only the right password', async () => {
    const hash = await hashPassword('a long private phrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'a long private phrase')).toBe(true);
    expect(await verifyPassword(hash, 'a long private phrasE')).toBe(false);
    expect(await verifyAgainstDummy('a long private phrase')).toBe(false);
  });

  it('runs at most the cap at once and the rest in order', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, index) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        started.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    // Release the running tasks one by one until all have run.
    while (started.length < 6 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
