// The demo shopper's Loot Box (docs/product.md "Demo marketplace"): a few products from two sellers,
// one with the seller's offer claimed (running in the seed: demo-offers.ts), one added from a klip, so that the
// dropdown, the dialog's seller grouping and a combined quote can be tried at once after signing in.

export interface DemoLootboxItem {
  /** A demo product's name (demo-products.ts). */
  product: string;
  quantity: number;
  fromKlip?: boolean;
  /** The title of a demo offer that includes the product and runs at seed time. */
  offer?: string;
}

export const DEMO_LOOTBOX: DemoLootboxItem[] = [
  { product: 'Handblock Printed Cotton Kurta', quantity: 2, offer: 'Diwali Dhamaka: 20% off ethnic wear' },
  { product: 'Soft Teddy Bear 40 cm', quantity: 1 },
  { product: 'True Wireless Earbuds with Gaming Mode', quantity: 1, fromKlip: true },
  { product: '65 W GaN Fast Charger with Type-C Cable', quantity: 1 },
];
