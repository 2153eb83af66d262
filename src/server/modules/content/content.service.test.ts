// The content registry and its one list cache, with stand-in domain handlers (the product types are proven
// through the real app in catalogue.api.test.ts and products.service.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { ContentListQuerySchema } from '../../../shared/contracts/content.ts';
import type { Executor } from '../../db/transaction.ts';
import { createTestApp } from '../../test/create-test-app.ts';
import { createContentService, type ContentListPageOf } from './content.service.ts';

/** These tests list, or create a type nobody registered: they never reach the database. */
const db = {} as Executor;

const emptyProducts: ContentListPageOf<'product'> = {
  items: [],
  lastEvaluatedKey: null,
  total: 0,
  hasMore: false,
};
const emptyCategories: ContentListPageOf<'categoryList'> = {
  items: [],
  lastEvaluatedKey: null,
  total: 0,
  hasMore: false,
};

function createCountingContent(LIST_CACHE_MS: number) {
  const calls: string[] = [];
  const content = createContentService({ config: { LIST_CACHE_MS }, db, now: () => 0 });
  content.register('product', {
    cacheLists: true,
    list: async (query) => {
      calls.push(`product:${query.limit}`);
      return { ...emptyProducts, total: query.limit };
    },
  });
  content.register('categoryList', {
    cacheLists: true,
    list: async (query) => {
      calls.push(`categoryList:${query.limit}`);
      return { ...emptyCategories, total: query.limit };
    },
  });
  return { content, calls };
}

describe('content registry', () => {
  it('hands each type to the handler registered for it, through one cache keyed by type and query', async () => {
    const { content, calls } = createCountingContent(1000);
    const product = ContentListQuerySchema.parse({ type: 'product', limit: '5' });
    const categories = ContentListQuerySchema.parse({ type: 'categoryList', limit: '5' });
    expect((await content.list(product)).total).toBe(5);
    expect((await content.list(categories)).total).toBe(5);
    await content.list(product);
    await content.list(categories);
    expect(calls).toEqual(['product:5', 'categoryList:5']);

    // One function clears it for every type: what any domain calls after a write.
    content.clearListCache();
    await content.list(product);
    await content.list(categories);
    expect(calls).toEqual(['product:5', 'categoryList:5', 'product:5', 'categoryList:5']);
  });

  it('refuses a type registered twice, and names `type` for one nobody registered', async () => {
    const { content } = createCountingContent(0);
    expect(() => content.register('product', { cacheLists: false, list: async () => emptyProducts })).toThrow(
      /registered twice/,
    );
    const bare = createContentService({ config: { LIST_CACHE_MS: 0 }, db });
    await expect(bare.list(ContentListQuerySchema.parse({ type: 'product' }))).rejects.toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/^type: /),
    });
    await expect(
      bare.create('someone', { type: 'product' } as Parameters<typeof bare.create>[1]),
    ).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/^type: /) });
  });

  it('refuses a type registered after the routes read the create body limit', () => {
    const content = createContentService({ config: { LIST_CACHE_MS: 0 }, db });
    content.getCreateBodyLimitBytes();
    expect(() => content.register('product', { cacheLists: false, list: async () => emptyProducts })).toThrow(
      /after the content routes/,
    );
  });
});

describe('cacheUntil: lists that stop being true at a known moment', () => {
  const emptyOffers: ContentListPageOf<'offer'> = {
    items: [],
    lastEvaluatedKey: null,
    total: 0,
    hasMore: false,
  };

  function createTimedContent(changesAt: () => number | null) {
    let clock = 0;
    const calls: number[] = [];
    const content = createContentService({ config: { LIST_CACHE_MS: 10_000 }, db, now: () => clock });
    content.register('offer', {
      cacheLists: true,
      cacheUntil: async () => changesAt(),
      list: async () => {
        calls.push(clock);
        return emptyOffers;
      },
    });
    const query = ContentListQuerySchema.parse({ type: 'offer' });
    const list = async () => {
      await content.list(query);
    };
    /**
     * Lists until the page is read anew (the handler's `count`-th call): the cache shortens a page's life to the
     * boundary once both have settled, a moment after the answer, so a list right after may still hit the page.
     */
    const listUntilRead = (count: number) =>
      vi.waitFor(
        async () => {
          await list();
          expect(calls).toHaveLength(count);
        },
        { timeout: 2000, interval: 5 },
      );
    return { list, listUntilRead, calls, setClock: (ms: number) => (clock = ms) };
  }

  it('keeps a page only until the boundary when it comes before LIST_CACHE_MS', async () => {
    const { list, listUntilRead, calls, setClock } = createTimedContent(() => 3000);
    await list();
    setClock(2999);
    await list();
    expect(calls).toEqual([0]);
    // Without the boundary the page would be kept until 10 000: never read again here.
    setClock(3000);
    await listUntilRead(2);
    expect(calls).toEqual([0, 3000]);
  });

  it('keeps a page for LIST_CACHE_MS when the boundary is later or there is none', async () => {
    for (const boundary of [50_000, null]) {
      const { list, calls, setClock } = createTimedContent(() => boundary);
      await list();
      setClock(9999);
      await list();
      setClock(10_000);
      await list();
      expect(calls).toEqual([0, 10_000]);
    }
  });

  it('does not keep a page whose boundary passed while it was read', async () => {
    const { list, listUntilRead, calls } = createTimedContent(() => -1);
    await list();
    await listUntilRead(2);
    expect(calls).toEqual([0, 0]);
  });
});

describe('create', () => {
  it('tells the type once its create committed, and not when the create failed', async () => {
    // Already a transaction: runInTransaction runs the work on it as it is (no database needed here).
    const inTransaction = { isTransaction: true } as Executor;
    const content = createContentService({ config: { LIST_CACHE_MS: 0 }, db: inTransaction });
    const events: string[] = [];
    let fail = false;
    content.register('offer', {
      cacheLists: false,
      list: async () => ({ items: [], lastEvaluatedKey: null, total: 0, hasMore: false }),
      create: {
        bodyLimitBytes: 1,
        async create() {
          events.push('create');
          if (fail) throw new Error('refused');
          return {} as never;
        },
        committed: () => events.push('committed'),
      },
    });
    const body = { type: 'offer' } as Parameters<typeof content.create>[1];
    await content.create('seller', body);
    expect(events).toEqual(['create', 'committed']);
    fail = true;
    await expect(content.create('seller', body)).rejects.toThrow('refused');
    expect(events).toEqual(['create', 'committed', 'create']);
  });
});

describe('content routes in the app', () => {
  it('are described in the OpenAPI document, GET and POST /api/v1/content under the content tag', async () => {
    const t = await createTestApp();
    try {
      const document = (await t.app.inject('/api/docs/json')).json();
      const route = document.paths['/api/v1/content'];
      expect(route.get.tags).toEqual(['content']);
      expect(route.post.tags).toEqual(['content']);
      expect(route.get.parameters.map((parameter: { name: string }) => parameter.name)).toContain('type');
      expect(Object.keys(route.post.responses)).toContain('201');
    } finally {
      await t.close();
    }
  });
});
