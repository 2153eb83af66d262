// The content module's core: a registry where each domain module registers the content types it owns (products
// register `product` and `categoryList`; klips and offers will register theirs), and the one list cache every
// type shares. GET and POST /api/v1/content hand each request to the module registered for its `type`.
import { createHash } from 'node:crypto';
import type {
  ContentCreateBody,
  ContentCreatedResponse,
  ContentListQuery,
  ContentListResponse,
  ContentType,
} from '../../../shared/contracts/content.ts';
import { IDEMPOTENCY_KEY_TTL_MS, LIST_CACHE_MAX_ENTRIES } from '../../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import {
  ANONYMOUS_READER,
  ANY_SIGNED_IN_READER,
  toReader,
  type Reader,
} from '../../../shared/domain/privacy.ts';
import { createLruCache } from '../../cache/lru-cache.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { createIdempotencyKeysRepository } from './idempotency-keys.repository.ts';

type WithoutSuccess<T> = T extends unknown ? Omit<T, 'success'> : never;

/** One page of a list, whichever the type. */
export type ContentListPage = WithoutSuccess<ContentListResponse>;
/** The page a list of type T answers. */
export type ContentListPageOf<T extends ContentType> = WithoutSuccess<
  Extract<ContentListResponse, { items: Array<{ type: T }> }>
>;
export type ContentListQueryOf<T extends ContentType> = Extract<ContentListQuery, { type: T }>;

type CreatableType = ContentCreateBody['type'];
export interface ContentCreateHandler<T extends CreatableType> {
  /** The largest body a create of this type may send (read before the body is checked, so zod can name a field). */
  bodyLimitBytes: number;
  /**
   * Creates within `tx`, the transaction the content module opened (it holds the Idempotency-Key too), and answers
   * from it: the whole create, read-back included, is one transaction on one connection, so no answer can fail
   * after the row committed.
   */
  create(
    userId: string,
    body: Extract<ContentCreateBody, { type: T }>,
    tx: Executor,
  ): Promise<WithoutSuccess<ContentCreatedResponse>>;
  /**
   * Called once the create's transaction has committed (not for a replayed answer): what must follow the commit,
   * such as forgetting something read from the database, which a read made before the commit would have put back.
   */
  committed?: () => void;
}

export interface ContentTypeHandler<T extends ContentType> {
  /** `reader`: whose privacy choices admit them is theirs to see (decision 0071). */
  list(query: ContentListQueryOf<T>, reader: Reader): Promise<ContentListPageOf<T>>;
  /**
   * Whether this type's pages may be answered from the shared list cache: pages that are the same for everyone
   * and change only through writes that clear the cache.
   */
  cacheLists: boolean;
  /**
   * When a cached page of this query stops being true by itself, in epoch ms (null: only a write changes it): lists
   * that depend on the time, such as offers active now, are not answered from memory past an offer's start or end.
   */
  cacheUntil?: (query: ContentListQueryOf<T>) => Promise<number | null>;
  /** Only types a client may create (POST /api/v1/content) have one. */
  create?: T extends CreatableType ? ContentCreateHandler<T> : never;
}

export type ContentService = ReturnType<typeof createContentService>;
/** What a domain module needs of the content module: a place to register its types. */
export type ContentRegistry = Pick<ContentService, 'register'>;

/** Whether the list may hold the reader's own items, which their own content audience may hide from others. */
function mayHoldOwn(query: ContentListQuery, readerId: string): boolean {
  if ('contentId' in query && query.contentId) return true;
  if ('uid' in query && query.uid) return query.uid === readerId;
  if ('userId' in query && query.userId) return query.userId === readerId;
  return false;
}

/** The same body gives the same hash, whatever the order its keys arrived in. */
function hashRequest(body: unknown): string {
  const canonical = JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** A create's answer, and whether it is a stored one given again for a retry. */
export interface ContentCreateResult {
  created: WithoutSuccess<ContentCreatedResponse>;
  replayed: boolean;
}

export function createContentService(deps: {
  config: Pick<Config, 'LIST_CACHE_MS'>;
  /** The database: a create opens its transaction here. */
  db: Executor;
  /** The list cache's clock (tests). */
  now?: () => number;
}) {
  const { config } = deps;
  const handlers = new Map<ContentType, ContentTypeHandler<ContentType>>();
  /** Set once the routes have read the create body limit: a type registered later would go unheard. */
  let sealed = false;

  function findHandler<T extends ContentType>(type: T): ContentTypeHandler<T> {
    const handler = handlers.get(type);
    // The query schema lists a type no module registered: the app is wired wrong, but the client hears which field.
    if (!handler) throw new AppError('bad-request', `type: ${type} is not available`);
    return handler as unknown as ContentTypeHandler<T>;
  }

  // Listing pages are the same for everyone (who may see them is the route's check, made before this): each is
  // answered from memory for LIST_CACHE_MS, so a popular page costs one query per moment, not one per visitor.
  // Concurrent requests share one query. A write in any domain clears them all at once through clearListCache;
  // other instances see it within LIST_CACHE_MS. Keyed by type and query, so types never answer for each other.
  const listCache = createLruCache<Promise<ContentListPage>>(LIST_CACHE_MAX_ENTRIES, deps.now);

  function listCached<T extends ContentType>(
    query: ContentListQueryOf<T>,
    reader: Reader,
    handler: ContentTypeHandler<T>,
  ): Promise<ContentListPageOf<T>> {
    // Pages differ by reader class only (decision 0071): anonymous readers, and signed-in readers who own nothing
    // the page may show (a reader's own list never comes here).
    const key = `${reader.signedIn ? 'signedIn' : 'anonymous'}:${query.type}:${JSON.stringify(query)}`;
    const cached = listCache.get(key) as Promise<ContentListPageOf<T>> | undefined;
    if (cached) return cached;
    const now = deps.now ?? Date.now;
    const askedAt = now();
    // Asked for before the page is read: a change at the boundary is then never missed by the page.
    const until = handler.cacheUntil?.(query);
    const page = handler.list(query, reader);
    listCache.set(key, page, config.LIST_CACHE_MS);
    Promise.all([page, until]).then(
      ([, changesAt]) => {
        // The page is true until the boundary at most: kept for less when the boundary comes sooner.
        if (changesAt == null || changesAt >= askedAt + config.LIST_CACHE_MS) return;
        if (listCache.get(key) !== page) return;
        if (changesAt <= now()) listCache.delete(key);
        else listCache.set(key, page, changesAt - now());
      },
      () => {
        if (listCache.get(key) === page) listCache.delete(key);
      },
    );
    return page;
  }

  return {
    /** Called once per type at start, by the module that owns it. */
    register<T extends ContentType>(type: T, handler: ContentTypeHandler<T>): void {
      if (handlers.has(type)) throw new Error(`content type ${type} is registered twice`);
      if (sealed) throw new Error(`content type ${type} is registered after the content routes`);
      handlers.set(type, handler as unknown as ContentTypeHandler<ContentType>);
    },

    /**
     * `readerId`: the signed-in reader, or null. A list a signed-in reader may own part of (one creator's that is
     * theirs, one item) is read for them alone and never cached; other pages are the same for their reader class.
     */
    async list<Q extends ContentListQuery>(
      query: Q,
      readerId: string | null = null,
    ): Promise<ContentListPageOf<Q['type']>> {
      const handler = findHandler<Q['type']>(query.type);
      const typed = query as unknown as ContentListQueryOf<Q['type']>;
      if (readerId !== null && mayHoldOwn(query, readerId)) return handler.list(typed, toReader(readerId));
      const reader = readerId === null ? ANONYMOUS_READER : ANY_SIGNED_IN_READER;
      if (!handler.cacheLists || config.LIST_CACHE_MS === 0) return handler.list(typed, reader);
      return listCached(typed, reader, handler);
    },

    /**
     * One transaction for the whole create: the Idempotency-Key's claim, the rows, the read-back and the stored
     * answer commit together. A retry with the key gets the stored answer; a concurrent one waits for the first
     * to end (the key's primary key) and then gets its answer, or creates when the first rolled back. A create that
     * fails stores nothing, so its retry runs again.
     */
    async create(
      userId: string,
      body: ContentCreateBody,
      options: { idempotencyKey?: string | undefined } = {},
    ): Promise<ContentCreateResult> {
      // The handler registered for body.type takes exactly this body (register ties the two together).
      const create = findHandler(body.type).create as ContentCreateHandler<CreatableType> | undefined;
      if (!create) throw new AppError('bad-request', `type: ${body.type} cannot be created here`);
      const key = options.idempotencyKey;
      const result = await runInTransaction(deps.db, async (tx): Promise<ContentCreateResult> => {
        if (!key) return { created: await create.create(userId, body, tx), replayed: false };
        const keys = createIdempotencyKeysRepository(tx);
        const requestHash = hashRequest(body);
        const expiresAt = new Date(Date.now() + IDEMPOTENCY_KEY_TTL_MS);
        if (!(await keys.claim({ userId, key, requestHash, expiresAt }))) {
          const stored = await keys.find(userId, key);
          if (stored?.requestHash !== requestHash || !stored.response) {
            throw new AppError('unprocessable-content', SERVER_MESSAGES.idempotencyKeyReused);
          }
          return { created: stored.response as WithoutSuccess<ContentCreatedResponse>, replayed: true };
        }
        const created = await create.create(userId, body, tx);
        await keys.saveResponse(userId, key, created);
        return { created, replayed: false };
      });
      // After the commit: a list asked for meanwhile may have cached the old page.
      if (!result.replayed) {
        listCache.clear();
        create.committed?.();
      }
      return result;
    },

    /** The largest body any registered type's create accepts: the POST route's limit. */
    getCreateBodyLimitBytes(): number {
      sealed = true;
      return Math.max(0, ...[...handlers.values()].map((handler) => handler.create?.bodyLimitBytes ?? 0));
    },

    /** After any write that changes what a list shows: every domain calls this, and lists ask again. */
    clearListCache: (): void => listCache.clear(),
  };
}
