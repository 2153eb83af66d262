// The load of `npm run bench:scale-out` (decision 0084): virtual users, each signed in with an address of its own,
// sending mixed reads and writes one after another through the balancer on kept-alive connections; every answer
// (or socket error) is recorded with its time and the instance that served it, and every acknowledged write (2xx)
// in a ledger that the bench checks against the database afterwards.
import http from 'node:http';
import { CATEGORIES } from '../../src/shared/domain/categories.ts';
import { requestJson } from './json-request.ts';

/** A product create answered 429/503/502 or lost is sent again with its Idempotency-Key, as a careful client does. */
const CREATE_ATTEMPTS = 3;
const CREATE_RETRY_DELAY_MS = 1000;

/** One answer or failure, as the load saw it. */
export interface LoadEvent {
  /** performance.now() when the answer (or failure) came. */
  at: number;
  op: string;
  /** 'HTTP 200', or the socket error's code ('ECONNRESET', 'timeout'...). */
  outcome: string;
  ok: boolean;
  /** The instance that answered last (nginx's X-Upstream names every one it tried), or ''. */
  upstream: string;
  ms: number;
}

export interface Answer {
  status: number;
  upstream: string;
  body: string;
}

export class Client {
  readonly agent: http.Agent;
  private readonly url: URL;
  constructor(url: URL, connections: number) {
    this.url = url;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  async send(
    method: string,
    pathname: string,
    options: { token?: string; address?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const answer = await requestJson(
      this.agent,
      { host: this.url.hostname, port: this.url.port },
      method,
      pathname,
      {
        token: options.token,
        json: options.json,
        headers: { ...(options.address ? { 'x-forwarded-for': options.address } : {}), ...options.headers },
      },
    );
    // nginx's X-Upstream names every instance it tried; the last one answered.
    const upstream = String(answer.headers['x-upstream'] ?? '')
      .split(',')
      .at(-1)!
      .trim();
    return { status: answer.status, upstream, body: answer.body };
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface VirtualUser {
  uid: string;
  token: string;
  address: string;
  lootbox: { id: string; version: number; items: Map<string, number>; known: boolean };
}

/** What the load was told the database now holds; checked against it at the end (decision 0084). */
export interface Ledger {
  /** Idempotency-Key to the product id a 201 answered. */
  products: Map<string, string>;
  productCreatesSent: number;
  /** Comment ids answered 201. */
  comments: Set<string>;
  commentsSent: number;
  /** `${uid} ${klipId}`: liked or not as the last toggle answered; `known: false` once a toggle went unanswered. */
  likes: Map<string, { liked: boolean; known: boolean }>;
  likesSent: number;
  lootboxSavesSent: number;
  lootboxSavesAcknowledged: number;
  /** Klips created (201), with when; every one must leave processing. */
  klips: Map<string, number>;
}

export function createLedger(): Ledger {
  return {
    products: new Map(),
    productCreatesSent: 0,
    comments: new Set(),
    commentsSent: 0,
    likes: new Map(),
    likesSent: 0,
    lootboxSavesSent: 0,
    lootboxSavesAcknowledged: 0,
    klips: new Map(),
  };
}

export interface LoadTargets {
  productIds: string[];
  klipIds: string[];
  searchWords: string[];
}

const READS = [
  ['product list', 25],
  ['product', 20],
  ['klip feed', 20],
  ['search', 15],
] as const;
const WRITES = [
  ['like', 6],
  ['comment', 5],
  ['lootbox save', 5],
  ['product create', 4],
] as const;
const MIX = [...READS, ...WRITES];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** Numbers this process's comments and Idempotency-Keys, across every runLoad of the run. */
let sequence = 0;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function pickOp(): string {
  let roll = Math.random() * MIX_TOTAL;
  for (const [op, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return op;
  }
  return MIX[0]![0];
}

export function productBody(name: string) {
  return {
    type: 'product',
    name,
    price: 100 + Math.floor(Math.random() * 5000),
    category: pick(CATEGORIES),
    description: 'Made by the scale-out benchmark.',
    contactInfo: { whatsapp: '9876543210' },
  };
}

/**
 * Runs every user's loop until `until()` says stop; records each answer in `events` and each acknowledged write in
 * `ledger`. `runId` keeps this run's Idempotency-Keys and names apart.
 */
export async function runLoad(options: {
  client: Client;
  users: VirtualUser[];
  targets: LoadTargets;
  ledger: Ledger;
  events: LoadEvent[];
  until: () => boolean;
  runId: string;
}): Promise<void> {
  const { client, users, targets, ledger, events, until, runId } = options;

  async function timed(
    user: VirtualUser,
    op: string,
    method: string,
    pathname: string,
    extra: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer | undefined> {
    const startedAt = performance.now();
    try {
      const answer = await client.send(method, pathname, {
        token: user.token,
        address: user.address,
        ...extra,
      });
      const at = performance.now();
      const ok = answer.status >= 200 && answer.status < 300;
      events.push({
        at,
        op,
        outcome: `HTTP ${answer.status}`,
        ok,
        upstream: answer.upstream,
        ms: at - startedAt,
      });
      return answer;
    } catch (error) {
      const at = performance.now();
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      events.push({ at, op, outcome: code, ok: false, upstream: '', ms: at - startedAt });
      return undefined;
    }
  }

  async function refreshLootbox(user: VirtualUser): Promise<void> {
    const answer = await timed(user, 'lootbox read', 'GET', `/api/v1/lootbox/${user.lootbox.id}`);
    if (answer?.status !== 200) return;
    const { lootbox } = JSON.parse(answer.body) as {
      lootbox: { version: number; items: { productId: string; quantity: number }[] };
    };
    user.lootbox.version = lootbox.version;
    user.lootbox.items = new Map(lootbox.items.map((item) => [item.productId, item.quantity]));
    user.lootbox.known = true;
  }

  async function step(user: VirtualUser): Promise<void> {
    const op = pickOp();
    switch (op) {
      case 'product list':
        await timed(
          user,
          op,
          'GET',
          `/api/v1/content?type=product&limit=20&category=${encodeURIComponent(pick(CATEGORIES))}`,
        );
        return;
      case 'product':
        await timed(user, op, 'GET', `/api/v1/products/${pick(targets.productIds)}`);
        return;
      case 'klip feed':
        await timed(user, op, 'GET', '/api/v1/content?type=klip&limit=10');
        return;
      case 'search':
        await timed(
          user,
          op,
          'GET',
          `/api/v1/search?q=${encodeURIComponent(pick(targets.searchWords))}&limit=10`,
        );
        return;
      case 'like': {
        const klipId = pick(targets.klipIds);
        const key = `${user.uid} ${klipId}`;
        ledger.likesSent += 1;
        const answer = await timed(user, op, 'POST', `/api/v1/interactions/klips/${klipId}/like`);
        if (answer?.status === 200) {
          ledger.likes.set(key, {
            liked: (JSON.parse(answer.body) as { liked: boolean }).liked,
            known: true,
          });
        } else {
          // Unanswered or refused: it may or may not have toggled; the next answered toggle says again.
          const before = ledger.likes.get(key);
          ledger.likes.set(key, { liked: before?.liked ?? false, known: false });
        }
        return;
      }
      case 'comment': {
        const klipId = pick(targets.klipIds);
        ledger.commentsSent += 1;
        const answer = await timed(user, op, 'POST', `/api/v1/interactions/klips/${klipId}/comments`, {
          json: { content: `Comment ${runId} ${(sequence += 1)}` },
        });
        if (answer?.status === 201)
          ledger.comments.add((JSON.parse(answer.body) as { comment: { id: string } }).comment.id);
        return;
      }
      case 'lootbox save': {
        if (!user.lootbox.known) await refreshLootbox(user);
        if (!user.lootbox.known) return;
        const items = new Map(user.lootbox.items);
        items.set(pick(targets.productIds), 1 + Math.floor(Math.random() * 5));
        ledger.lootboxSavesSent += 1;
        const answer = await timed(user, op, 'PUT', `/api/v1/lootbox/${user.lootbox.id}`, {
          json: {
            version: user.lootbox.version,
            items: [...items].map(([productId, quantity]) => ({
              productId,
              quantity,
              updatedAt: Date.now(),
            })),
            removed: [],
          },
        });
        if (answer?.status === 200) {
          ledger.lootboxSavesAcknowledged += 1;
          const { lootbox } = JSON.parse(answer.body) as {
            lootbox: { version: number; items: { productId: string; quantity: number }[] };
          };
          user.lootbox.version = lootbox.version;
          user.lootbox.items = new Map(lootbox.items.map((item) => [item.productId, item.quantity]));
        } else {
          // A 409 (an earlier unanswered save did land, or nginx sent this PUT again to the other instance after the
          // first died having written it) or no answer: read it again before the next save.
          user.lootbox.known = false;
        }
        return;
      }
      case 'product create': {
        const key = `${runId}-${(sequence += 1)}`;
        ledger.productCreatesSent += 1;
        const body = productBody(`Scale-out ${key}`);
        for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
          const answer = await timed(user, op, 'POST', '/api/v1/content', {
            json: body,
            headers: { 'idempotency-key': key },
          });
          if (answer?.status === 201) {
            ledger.products.set(key, (JSON.parse(answer.body) as { product: { id: string } }).product.id);
            return;
          }
          if (answer && ![429, 502, 503, 504].includes(answer.status)) return;
          if (until()) return;
          await new Promise((resolve) => setTimeout(resolve, CREATE_RETRY_DELAY_MS));
        }
        return;
      }
    }
  }

  await Promise.all(
    users.map(async (user) => {
      while (!until()) await step(user);
    }),
  );
}

/**
 * Answers per status or error kind, most frequent first: "HTTP 200: 5120, HTTP 502: 3, ECONNRESET: 1"; with
 * byRequest, per kind and request: "HTTP 502 (like): 3".
 */
export function describeOutcomes(
  events: LoadEvent[],
  filter: (event: LoadEvent) => boolean = () => true,
  { byRequest = false } = {},
): string {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (!filter(event)) continue;
    const key = byRequest ? `${event.outcome} (${event.op})` : event.outcome;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 0) return 'none';
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([outcome, count]) => `${outcome}: ${count}`)
    .join(', ');
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
