// pageOf: the one page envelope of the cursor lists, and what it refuses.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageKeySchema, pageOf } from './page.ts';

const Item = z.object({ id: z.string() });

describe('pageOf', () => {
  it('accepts a page, a last page with a null key, and keeps a list’s own fields', () => {
    const page = { success: true, items: [{ id: 'a' }], lastEvaluatedKey: 'next', hasMore: true };
    expect(pageOf(Item).parse(page)).toEqual(page);
    const last = { ...page, lastEvaluatedKey: null, hasMore: false };
    expect(pageOf(Item).parse(last)).toEqual(last);
    expect(
      pageOf(Item)
        .extend({ total: z.number() })
        .parse({ ...page, total: 7 }),
    ).toEqual({ ...page, total: 7 });
  });

  it('refuses items of another shape, a missing key and a failure', () => {
    const page = { success: true, items: [{ id: 'a' }], lastEvaluatedKey: null, hasMore: false };
    expect(pageOf(Item).safeParse({ ...page, items: [{ name: 'a' }] }).success).toBe(false);
    expect(pageOf(Item).safeParse({ ...page, lastEvaluatedKey: undefined }).success).toBe(false);
    expect(pageOf(Item).safeParse({ ...page, success: false }).success).toBe(false);
  });

  it('takes back a key of at most 500 characters', () => {
    expect(PageKeySchema.safeParse('k'.repeat(500)).success).toBe(true);
    expect(PageKeySchema.safeParse('k'.repeat(501)).success).toBe(false);
  });
});
