// `npm run bench:lootbox`: the Loot Box's saves under load (decision 0038), on PostgreSQL,
// through the full production app in its own process. BENCH_SHOPPERS (default 200) signed-in shoppers each, once a
// second for BENCH_SECONDS (default 60), open a product page (GET /api/v1/products/{id}) and add that product to
// their Loot Box, saving the whole cart with the version it was based on (the first save is the POST). Prints the
// errors, the items lost (after the run, each lootbox must hold every item its shopper's acknowledged saves put in),
// the p50 and p99 of saves and of product page reads in the same run, and their ratio (goal: save p99 within 2x of
// a product read's).
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database. BENCH_PRODUCTS (default 10 000) sizes the catalogue.
import { CART_ITEMS_MAX } from '../src/shared/constants.ts';
import type { Lootbox } from '../src/shared/contracts/lootbox.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { countError, percentile, signUpCrowdUser, startCrowdServer } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SAVE_EVERY_MS = 1000;
const SIGN_UP_CONCURRENCY = 4;
const GOAL = 2;

interface Tally {
  saves: number[];
  reads: number[];
  errors: Map<string, number>;
  conflicts: number;
}

const productId = (n: number) => String(n).padStart(10, '0');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One shopper's run: what it holds locally, and what the server acknowledged. */
class Shopper {
  lootboxId: string | null = null;
  version = 0;
  items: { productId: string; quantity: number; updatedAt: number }[] = [];
  removed: { productId: string; removedAt: number }[] = [];
  /** The product ids of the last acknowledged save. */
  acknowledged = new Set<string>();
  private next: number;
  readonly base: string;
  readonly token: string;

  constructor(base: string, token: string, index: number) {
    this.base = base;
    this.token = token;
    // Each shopper walks the catalogue from its own place, so carts differ and never hold a product twice.
    this.next = 1 + ((index * 7919) % PRODUCTS);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' };
  }

  private pickProduct(): string {
    const id = productId(this.next);
    this.next = (this.next % PRODUCTS) + 1;
    return id;
  }

  /** The product page, then the add and the save; latencies into the tally. */
  async step(tally: Tally): Promise<void> {
    const id = this.pickProduct();
    let started = performance.now();
    try {
      const page = await fetch(`${this.base}/api/v1/products/${id}`, { headers: this.headers });
      await page.arrayBuffer();
      if (page.status !== 200) countError(tally, `product read ${page.status}`);
      else tally.reads.push(performance.now() - started);
    } catch (error) {
      countError(tally, `product read ${(error as Error).message}`);
    }

    const now = Date.now();
    this.items.push({ productId: id, quantity: 1, updatedAt: now });
    this.removed = this.removed.filter((removal) => removal.productId !== id);
    if (this.items.length > CART_ITEMS_MAX) {
      const [oldest] = this.items.splice(0, 1);
      this.removed.push({ productId: oldest!.productId, removedAt: now });
    }
    const body = JSON.stringify({
      items: this.items,
      removed: this.removed,
      ...(this.lootboxId ? { version: this.version } : {}),
    });
    started = performance.now();
    try {
      const response = this.lootboxId
        ? await fetch(`${this.base}/api/v1/lootbox/${this.lootboxId}`, {
            method: 'PUT',
            headers: this.headers,
            body,
          })
        : await fetch(`${this.base}/api/v1/lootbox`, { method: 'POST', headers: this.headers, body });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status === 200 || response.status === 201) {
        tally.saves.push(ms);
        const { lootbox } = JSON.parse(text) as { lootbox: Lootbox };
        this.lootboxId = lootbox.id;
        this.version = lootbox.version;
        this.acknowledged = new Set(this.items.map((item) => item.productId));
        if (lootbox.items.length !== this.items.length) countError(tally, 'save answered other items');
      } else if (response.status === 409) {
        // Only this shopper writes its lootbox: a conflict here is a bug.
        tally.conflicts += 1;
        countError(tally, 'save 409');
      } else {
        countError(tally, `save ${response.status}`);
      }
    } catch (error) {
      countError(tally, `save ${(error as Error).message}`);
    }
  }

  /** Items its acknowledged saves put in that the stored lootbox does not hold. */
  async countLost(): Promise<number> {
    if (!this.lootboxId) return 0;
    const response = await fetch(`${this.base}/api/v1/lootbox/${this.lootboxId}`, { headers: this.headers });
    if (response.status !== 200) return this.acknowledged.size;
    const { lootbox } = (await response.json()) as { lootbox: Lootbox };
    const stored = new Set(lootbox.items.map((item) => item.productId));
    return [...this.acknowledged].filter((id) => !stored.has(id)).length;
  }
}

async function run(): Promise<void> {
  const { database, drop } = await createPgDatabase('lootklip_bench_lootbox');
  let server: Awaited<ReturnType<typeof startCrowdServer>> | undefined;
  try {
    await fillProducts(database, PRODUCTS);
    server = await startCrowdServer('lootklip_bench_lootbox');
    const base = `http://127.0.0.1:${server.port}`;

    const tokens: string[] = [];
    let nextUser = 0;
    await Promise.all(
      Array.from({ length: SIGN_UP_CONCURRENCY }, async () => {
        while (nextUser < SHOPPERS) {
          const index = nextUser++;
          tokens[index] = await signUpCrowdUser(base, 'bench.shopper', index, 7);
        }
      }),
    );
    const shoppers = tokens.map((token, index) => new Shopper(base, token, index));
    console.log(
      `PostgreSQL, ${PRODUCTS} products; ${SHOPPERS} shoppers each opening a product page and saving their Loot Box every second for ${SECONDS} s`,
    );

    const tally: Tally = { saves: [], reads: [], errors: new Map(), conflicts: 0 };
    const startedAt = performance.now();
    const endsAt = startedAt + SECONDS * 1000;
    await Promise.all(
      shoppers.map(async (shopper, index) => {
        // Spread over the first second, as shoppers arrive.
        let due = startedAt + (index * SAVE_EVERY_MS) / SHOPPERS;
        while (due < endsAt) {
          await sleep(due - performance.now());
          await shopper.step(tally);
          due += SAVE_EVERY_MS;
        }
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;

    const lost = (await Promise.all(shoppers.map((shopper) => shopper.countLost()))).reduce(
      (a, b) => a + b,
      0,
    );
    const acknowledged = shoppers.reduce((sum, shopper) => sum + shopper.acknowledged.size, 0);
    const saves = [...tally.saves].sort((a, b) => a - b);
    const reads = [...tally.reads].sort((a, b) => a - b);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    const ratio = percentile(saves, 99) / percentile(reads, 99);
    const ms = (value: number) => `${value.toFixed(1)} ms`;

    console.log(
      `  saves               ${String(saves.length).padStart(6)} (${(saves.length / elapsed).toFixed(0)}/s)   p50 ${ms(percentile(saves, 50))}   p99 ${ms(percentile(saves, 99))}`,
    );
    console.log(
      `  product page reads  ${String(reads.length).padStart(6)} (${(reads.length / elapsed).toFixed(0)}/s)   p50 ${ms(percentile(reads, 50))}   p99 ${ms(percentile(reads, 99))}`,
    );
    console.log(
      `  errors              ${errors}${errors ? ` (${[...tally.errors].map(([label, count]) => `${label}: ${count}`).join(', ')})` : ''}`,
    );
    console.log(`  lost items          ${lost} of ${acknowledged} acknowledged`);
    console.log('Ratios');
    console.log(
      `  save p99 / product read p99   ${ratio.toFixed(2)} (goal <= ${GOAL}): ${verdict(ratio <= GOAL && errors === 0 && lost === 0)}`,
    );
  } finally {
    await server?.stop();
    await drop();
  }
}

await run();
process.exit(0);
