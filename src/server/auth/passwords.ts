// Password rules (docs/product.md "Passwords and sign-up fields") and hashing (docs/architecture.md "Identity"):
// argon2id with pinned parameters, at most a few hashes at a time (each takes ~19 MiB and tens of milliseconds),
// and a shipped list of common passwords that are refused.
import fs from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';

const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT_HASHES = 4;

let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** Runs at most `limit` tasks at once; the rest wait their turn in order. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so the count never overshoots.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const limitHashing = createLimiter(MAX_CONCURRENT_HASHES);

export function hashPassword(password: string): Promise<string> {
  return limitHashing(() => argon2.hash(password, HASH_OPTIONS));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limitHashing(() => argon2.verify(hash, password));
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so that an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('lootklip-dummy-password-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
