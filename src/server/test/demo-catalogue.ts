// The demo marketplace's words without its media (src/server/seed/): its creators, products, klips and offers as
// rows, in a second rather than the seed's half a minute of image and video work. For the search's relevance set
// and contract suite, which read text only.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { rupeesToPaise } from '../../shared/domain/pricing.ts';
import { DEMO_CREATORS } from '../seed/demo-creators.ts';
import { DEMO_KLIPS } from '../seed/demo-klips.ts';
import { DEMO_OFFERS } from '../seed/demo-offers.ts';
import { DEMO_PRODUCTS } from '../seed/demo-products.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface DemoCatalogue {
  /** Ids by product name, klip title, offer title and creator username. */
  productId(name: string): string;
  klipId(title: string): string;
  offerId(title: string): string;
  userId(username: string): string;
}

/** Inserts the demo catalogue's rows at `now` (the demo's ages and offer periods count from it). */
export async function insertDemoCatalogue(db: Kysely<DB>, now = new Date()): Promise<DemoCatalogue> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const ids = new Map<string, string>();
  const idOf = (kind: string, key: string) => {
    const id = ids.get(`${kind}:${key}`);
    if (!id) throw new Error(`no demo ${kind} "${key}"`);
    return id;
  };
  await db
    .insertInto('users')
    .values(
      DEMO_CREATORS.map((creator, index) => {
        ids.set(`user:${creator.username}`, `demo-user-${index}`);
        return {
          id: `demo-user-${index}`,
          email: creator.email,
          username: creator.username,
          full_name: creator.fullName,
          bio: creator.bio,
          tokens_valid_after: ago(0),
        };
      }),
    )
    .execute();
  await db
    .insertInto('products')
    .values(
      DEMO_PRODUCTS.map((product, index) => {
        ids.set(`product:${product.name}`, `demo-product-${String(index).padStart(2, '0')}`);
        return {
          id: `demo-product-${String(index).padStart(2, '0')}`,
          owner_id: idOf('user', product.creator),
          name: product.name,
          description: product.description,
          price: rupeesToPaise(product.price),
          discount: product.discount,
          category: product.category,
          tags: product.tags,
          contact_whatsapp: product.contactInfo.whatsapp,
          created_at: ago(product.ageDays * DAY_MS),
        };
      }),
    )
    .execute();
  await db
    .insertInto('klips')
    .values(
      DEMO_KLIPS.map((klip, index) => {
        ids.set(`klip:${klip.title}`, `demo-klip-${String(index).padStart(2, '0')}`);
        return {
          id: `demo-klip-${String(index).padStart(2, '0')}`,
          owner_id: idOf('user', klip.creator),
          status: 'active' as const,
          title: klip.title,
          description: klip.description,
          tags: klip.tags,
          product_id: idOf('product', klip.product),
          created_at: ago(klip.ageHours * HOUR_MS),
        };
      }),
    )
    .execute();
  for (const [index, offer] of DEMO_OFFERS.entries()) {
    const id = `demo-offer-${String(index).padStart(2, '0')}`;
    ids.set(`offer:${offer.title}`, id);
    await db
      .insertInto('offers')
      .values({
        id,
        owner_id: idOf('user', offer.creator),
        title: offer.title,
        description: offer.description,
        discount_type: offer.discountType,
        discount_value:
          offer.discountType === 'percentage'
            ? offer.discountValue * 100
            : rupeesToPaise(offer.discountValue),
        min_purchase: rupeesToPaise(offer.minPurchase),
        max_discount: offer.maxDiscount === null ? null : rupeesToPaise(offer.maxDiscount),
        start_at: ago(-offer.startDays * DAY_MS),
        end_at: ago(-offer.endDays * DAY_MS),
        terms: offer.terms,
        created_at: ago(Math.max(0, -offer.startDays) * DAY_MS),
      })
      .execute();
    await db
      .insertInto('offer_products')
      .values(
        offer.products.map((name, position) => ({
          offer_id: id,
          product_id: idOf('product', name),
          position,
        })),
      )
      .execute();
  }
  await sql`analyze`.execute(db);
  return {
    productId: (name) => idOf('product', name),
    klipId: (title) => idOf('klip', title),
    offerId: (title) => idOf('offer', title),
    userId: (username) => idOf('user', username),
  };
}
