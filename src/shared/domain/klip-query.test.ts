import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { ContentListQuerySchema } from '../contracts/content.ts';
import { getKlipListQuery } from './klip-query.ts';

describe('getKlipListQuery', () => {
  it("asks for a page of active klips when nothing is filtered (docs/product.md 'Listings')", () => {
    expect(getKlipListQuery({})).toEqual({
      type: 'klip',
      status: 'active',
      limit: String(DEFAULT_PAGE_SIZE),
    });
  });

  it('carries the search and the creator when they are given', () => {
    expect(getKlipListQuery({ search: 'sneakers', uid: 'u-1' })).toEqual({
      type: 'klip',
      status: 'active',
      limit: String(DEFAULT_PAGE_SIZE),
      search: 'sneakers',
      uid: 'u-1',
    });
  });

  it('leaves out empty values, as the API client does, so the preloaded answer is found by the same key', () => {
    const query = getKlipListQuery({ search: '', uid: undefined });
    expect(Object.keys(query).sort()).toEqual(['limit', 'status', 'type']);
  });

  it('is a query the content endpoint accepts', () => {
    for (const filters of [{}, { search: 'sneakers' }, { uid: 'u-1' }]) {
      const parsed = ContentListQuerySchema.safeParse(getKlipListQuery(filters));
      expect(parsed.success, JSON.stringify(filters)).toBe(true);
      expect(parsed.data?.type).toBe('klip');
    }
  });
});
