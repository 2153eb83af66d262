// First-party analytics (docs/product.md "Analytics"; decision 0064): a batch's events stored only for the consent
// it carries and only about content that exists, counted once per session, item and day (the seller's local day,
// decision 0079) within what one address may count; the roll-up into daily counts; partitions and retention;
// refusal counts.
import { createHmac, createSecretKey } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ANALYTICS_EVENT_CONSENT,
  ANALYTICS_GROUP_COMMIT_MAX_EVENTS,
  ANALYTICS_GROUP_COMMIT_WRITERS,
  ANALYTICS_PARTITIONS_AHEAD_MONTHS,
  ANALYTICS_ROLLUP_MARGIN_MS,
  ANONYMOUS_VIEWERS_PER_ADDRESS,
} from '../../../shared/constants.ts';
import type { ANALYTICS_REFUSAL_REASONS } from '../../../shared/constants.ts';
import type { AnalyticsEvent, EventBatch, Utm } from '../../../shared/contracts/analytics.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { createGroupCommit } from './analytics-group-commit.ts';
import type { AnalyticsReads } from './analytics-reads.ts';
import {
  createAnalyticsRepository,
  monthPartition,
  type ContentRef,
  type EventRow,
} from './analytics.repository.ts';

export type RefusalReason = (typeof ANALYTICS_REFUSAL_REASONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The funnel's steps after a klip view (docs/product.md "Dashboard"): what klipFunnel counts per klip. */
export const KLIP_FUNNEL_TYPES = [
  'klip_product_tap',
  'lootbox_add',
  'contact_click',
  'quote_request',
] as const;

/** An event as it will be stored, before its content is resolved. */
interface Draft {
  type: AnalyticsEvent['type'];
  /** The content the event is about: looked up, dropped when absent. */
  ref: ContentRef | null;
  /** Content without a seller (a shared Loot Box or profile): stored as it is named. */
  unowned: { itemType: string; itemId: string } | null;
  /** The attributing klip: kept only when it exists. */
  viaKlip: string | null;
  detail: string;
  props: Record<string, unknown>;
}

function draftOf(event: AnalyticsEvent): Draft {
  const base = { type: event.type, ref: null, unowned: null, viaKlip: null, detail: '', props: {} };
  switch (event.type) {
    case 'page_view':
      return { ...base, props: { path: event.path } };
    case 'utm_link_click':
      return { ...base, props: { path: event.path, link_utm: event.utm } };
    case 'share':
      return event.content_type === 'lootbox' || event.content_type === 'profile'
        ? {
            ...base,
            unowned: { itemType: event.content_type, itemId: event.content_id },
            detail: event.share_method,
          }
        : {
            ...base,
            ref: { type: event.content_type, id: event.content_id },
            detail: event.share_method,
          };
    case 'product_view':
    case 'lootbox_add':
      return { ...base, ref: { type: 'product', id: event.product_id }, viaKlip: event.klip_id ?? null };
    case 'contact_click':
      return {
        ...base,
        ref: { type: 'product', id: event.product_id },
        viaKlip: event.klip_id ?? null,
        detail: event.channel,
      };
    case 'quote_request':
      return {
        ...base,
        ref: { type: 'product', id: event.product_ids[0]! },
        viaKlip: event.klip_id ?? null,
        detail: event.channel,
        props: { product_ids: event.product_ids },
      };
    case 'klip_product_tap':
      return {
        ...base,
        ref: { type: 'klip', id: event.klip_id },
        viaKlip: event.klip_id,
        props: { product_id: event.product_id },
      };
  }
}

const refKey = (ref: ContentRef) => `${ref.type}:${ref.id}`;

/**
 * An error PostgreSQL (or PGlite) raised about the data of a statement (SQLSTATE classes 22, data exception, and 23,
 * integrity constraint violation), which one batch of a group may cause; not a connection or a timeout.
 */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

export interface IngestResult {
  accepted: number;
  dropped: number;
}

/** Refusals counted in memory and written now and then (no write per refused request). */
export function createRefusalCounter(now: () => number) {
  let counts = new Map<string, number>();
  return {
    add(reason: RefusalReason, count = 1): void {
      if (count <= 0) return;
      const key = `${utcDay(new Date(now()))}|${reason}`;
      counts.set(key, (counts.get(key) ?? 0) + count);
    },
    /** Takes the counts so far, leaving none. */
    take(): Array<{ day: string; reason: string; count: number }> {
      const taken = counts;
      counts = new Map();
      return [...taken].map(([key, count]) => {
        const [day, reason] = key.split('|') as [string, string];
        return { day, reason, count };
      });
    },
    /** Puts back counts a failed write did not store. */
    restore(taken: Array<{ day: string; reason: string; count: number }>): void {
      for (const { day, reason, count } of taken) {
        const key = `${day}|${reason}`;
        counts.set(key, (counts.get(key) ?? 0) + count);
      }
    },
  };
}
export type RefusalCounter = ReturnType<typeof createRefusalCounter>;

export interface AnalyticsServiceDeps {
  db: Executor;
  /** The HMAC key of the session and address hashes: a server secret, the same on every instance. */
  secret: Buffer;
  now: () => number;
  refusals?: RefusalCounter;
}

export function createAnalyticsService(deps: AnalyticsServiceDeps) {
  const { db, now } = deps;
  const refusals = deps.refusals ?? createRefusalCounter(now);
  // One key object for every hash: given as bytes, each HMAC would import the key again.
  const secret = createSecretKey(deps.secret);
  const hash = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`${kind}\u0000${value}`).digest('base64url');

  /**
   * Stores several batches in two statements for all of them (the owners' lookup, then the dedupe and the insert),
   * answering each batch's own counts, in their order.
   */
  async function storeBatches(
    batches: ReadonlyArray<{ batch: EventBatch; address: string; receivedAt: Date }>,
  ): Promise<IngestResult[]> {
    type Pending = Draft & {
      source: number;
      receivedAt: Date;
      sessionHash: string;
      addressHash: string;
      utm?: Utm;
    };
    const results: IngestResult[] = batches.map(() => ({ accepted: 0, dropped: 0 }));
    const pending: Pending[] = [];
    batches.forEach(({ batch, address, receivedAt }, source) => {
      const sessionHash = hash('session', batch.sessionId);
      const addressHash = hash('address', address);
      for (const event of batch.events) {
        if (!batch.consent[ANALYTICS_EVENT_CONSENT[event.type]]) {
          results[source]!.dropped += 1;
          continue;
        }
        pending.push({ ...draftOf(event), source, receivedAt, sessionHash, addressHash, utm: batch.utm });
      }
    });
    // Refusals are counted once the write has succeeded: a group written again batch by batch counts each once.
    const noConsent = batches.reduce((sum, { batch }) => sum + batch.events.length, 0) - pending.length;
    if (pending.length === 0) {
      refusals.add('no-consent', noConsent);
      return results;
    }
    const refs = new Map<string, ContentRef>();
    for (const draft of pending) {
      if (draft.ref) refs.set(refKey(draft.ref), draft.ref);
      if (draft.viaKlip) refs.set(`klip:${draft.viaKlip}`, { type: 'klip', id: draft.viaKlip });
    }

    const repo = createAnalyticsRepository(db);
    const owners = await repo.resolveOwners([...refs.values()]);
    const rows: EventRow[] = [];
    for (const draft of pending) {
      const sellerId = draft.ref ? owners.get(refKey(draft.ref)) : undefined;
      if (draft.ref && sellerId === undefined) {
        results[draft.source]!.dropped += 1;
        continue;
      }
      const klipId = draft.viaKlip && owners.has(`klip:${draft.viaKlip}`) ? draft.viaKlip : null;
      results[draft.source]!.accepted += 1;
      rows.push({
        receivedAt: draft.receivedAt,
        type: draft.type,
        sessionHash: draft.sessionHash,
        addressHash: draft.addressHash,
        sellerId: sellerId ?? null,
        itemType: draft.ref?.type ?? draft.unowned?.itemType ?? null,
        itemId: draft.ref?.id ?? draft.unowned?.itemId ?? null,
        klipId,
        detail: draft.detail,
        props: draft.utm ? { ...draft.props, utm: draft.utm } : draft.props,
      });
    }
    // The dedupe and the insert are one statement (atomic without a transaction): every row is stored or none.
    const result = await repo.storeEvents(rows, ANONYMOUS_VIEWERS_PER_ADDRESS);
    if (result.stored !== rows.length) throw new Error(`stored ${result.stored} of ${rows.length} events`);
    refusals.add('no-consent', noConsent);
    refusals.add('unknown-content', pending.length - rows.length);
    refusals.add('duplicate', result.keyed - result.counted);
    return results;
  }

  async function ingestMany(
    batches: ReadonlyArray<{ batch: EventBatch; address: string; receivedAt: Date }>,
  ): Promise<IngestResult> {
    const results = await storeBatches(batches);
    return {
      accepted: results.reduce((sum, result) => sum + result.accepted, 0),
      dropped: results.reduce((sum, result) => sum + result.dropped, 0),
    };
  }

  // The route's batches go through one group commit (decision 0069). A group is stamped received when its write
  // starts, so its statements begin no earlier than its receive time, as decision 0064's roll-up margin needs.
  const groups = createGroupCommit<{ batch: EventBatch; address: string }, IngestResult>({
    write: (items) => {
      const receivedAt = new Date(now());
      return storeBatches(items.map((item) => ({ ...item, receivedAt })));
    },
    weight: (item) => item.batch.events.length,
    maxWeight: ANALYTICS_GROUP_COMMIT_MAX_EVENTS,
    isItemError: isDataError,
    writers: ANALYTICS_GROUP_COMMIT_WRITERS,
  });

  return {
    refusals,

    /**
     * Stores a batch the schema accepted, received now (the events route), written together with the batches that
     * arrive while the write before is in flight; answers once its events are committed.
     */
    ingest(batch: EventBatch, source: { address: string }): Promise<IngestResult> {
      return groups.submit({ batch, address: source.address });
    },

    /**
     * Stores several batches, each with its own address and receive time, in a few statements for all of them. For
     * trusted callers only (the seed's dated history): the events route never passes a receive time, so a client
     * never dates an event.
     */
    ingestMany,

    /** Writes the refusal counts so far; on failure they stay for the next time. */
    async flushRefusals(): Promise<void> {
      const taken = refusals.take();
      try {
        await createAnalyticsRepository(db).addRefusals(taken);
      } catch (error) {
        refusals.restore(taken);
        throw error;
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** The roll-up and the partitions' upkeep: what the analytics jobs run (src/server/runtime.ts). */
export function createAnalyticsMaintenance(deps: { db: Executor; now: () => number }) {
  const { db, now } = deps;
  return {
    /**
     * The roll-up (decision 0064): counted events received up to ANALYTICS_ROLLUP_MARGIN_MS ago into
     * analytics_daily, the watermark moved, in one transaction; then dedupe keys of days before the UTC day before
     * yesterday go: a seller's local day is at most a UTC day behind (UTC-12), so no key of a day still open goes.
     */
    async rollUp(): Promise<{ rows: number; firstsDeleted: number }> {
      const at = now();
      const upTo = new Date(at - ANALYTICS_ROLLUP_MARGIN_MS);
      const rows = await runInTransaction(db, (tx) => createAnalyticsRepository(tx).rollUp(upTo));
      const firstsDeleted = await createAnalyticsRepository(db).deleteFirstsBefore(
        utcDay(new Date(at - 2 * DAY_MS)),
      );
      return { rows, firstsDeleted };
    },

    /** Partitions for the months [from, to] (the seed's history goes straight into its months). */
    async preparePartitions(from: Date, to: Date): Promise<void> {
      await runInTransaction(db, async (tx) => {
        const repo = createAnalyticsRepository(tx);
        const existing = new Set((await repo.listPartitions()).map((partition) => partition.name));
        for (const { year, month } of monthsBetween(from, to)) {
          if (!existing.has(monthPartition(year, month).name)) await repo.createMonthPartition(year, month);
        }
      });
    },

    /**
     * Daily maintenance: partitions for this month and the next ANALYTICS_PARTITIONS_AHEAD_MONTHS, and for every
     * month the default partition holds rows of (moved into it, never left or lost); then partitions whose whole
     * month is older than the retention are dropped, once the roll-up has passed their end.
     */
    async maintain(options: { retentionDays: number; log?: Pick<FastifyBaseLogger, 'info'> }) {
      const at = new Date(now());
      const created: string[] = [];
      const dropped: string[] = [];
      let moved = 0;
      await runInTransaction(db, async (tx) => {
        const repo = createAnalyticsRepository(tx);
        const existing = new Set((await repo.listPartitions()).map((partition) => partition.name));
        const ahead = new Date(
          Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + ANALYTICS_PARTITIONS_AHEAD_MONTHS, 1),
        );
        const months = [...monthsBetween(at, ahead), ...(await repo.defaultPartitionMonths())];
        for (const { year, month } of months) {
          const { name } = monthPartition(year, month);
          if (existing.has(name)) continue;
          moved += await repo.createMonthPartition(year, month);
          existing.add(name);
          created.push(name);
        }
      });
      const cutoff = new Date(at.getTime() - options.retentionDays * DAY_MS);
      const repo = createAnalyticsRepository(db);
      for (const partition of await repo.listPartitions()) {
        const end = new Date(Date.UTC(partition.year, partition.month, 1));
        if (end.getTime() > cutoff.getTime()) continue;
        // Raw events go only once their counts are in the roll-ups.
        if (!(await repo.rolledUpTo(end))) continue;
        await repo.dropPartition(partition.name);
        dropped.push(partition.name);
      }
      if (created.length > 0 || dropped.length > 0) {
        options.log?.info({ created, dropped, moved }, 'analytics partitions maintained');
      }
      return { created, dropped, moved };
    },
  };
}
export type AnalyticsMaintenance = ReturnType<typeof createAnalyticsMaintenance>;

/** Every (year, month) from `from`'s month to `to`'s, both included. */
function* monthsBetween(from: Date, to: Date): Generator<{ year: number; month: number }> {
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth() + 1;
  const lastYear = to.getUTCFullYear();
  const lastMonth = to.getUTCMonth() + 1;
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    yield { year, month };
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** How long a read watermark serves as the next reads' hint. */
const WATERMARK_HINT_MS = 5000;

/** The dashboard's reads (AnalyticsReads) on PostgreSQL: roll-ups plus the live tail, aggregated in SQL. */
export function createAnalyticsReads(db: Executor): AnalyticsReads {
  const repo = createAnalyticsRepository(db);
  let hint: { at: number; value: Promise<number> } | undefined;
  // The watermark only moves forward, so one read a few seconds ago is a safe lower bound for the tail.
  async function watermarkHint(): Promise<number> {
    const at = performance.now();
    if (!hint || at - hint.at > WATERMARK_HINT_MS) {
      const value = repo.watermark();
      hint = { at, value };
      value.catch(() => {
        if (hint?.value === value) hint = undefined;
      });
    }
    return hint.value;
  }
  const range = async (sellerId: string, from: string, to: string) => ({
    sellerId,
    from,
    to,
    watermarkHint: await watermarkHint(),
  });
  return {
    totals: async (sellerId, from, to) => repo.totals(await range(sellerId, from, to)),
    daily: async (sellerId, from, to) => repo.daily(await range(sellerId, from, to)),
    topItems: async (sellerId, from, to, options) =>
      repo.topItems(await range(sellerId, from, to), options.itemType, options.types, options.limit),
    klipFunnel: async (sellerId, from, to, klipIds) =>
      repo.klipFunnel(await range(sellerId, from, to), klipIds, KLIP_FUNNEL_TYPES),
  };
}
