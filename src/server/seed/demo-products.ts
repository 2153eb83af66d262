// The demo catalogue (docs/product.md "Demo marketplace"): three products in every subcategory of the tree, each
// listed by the creator whose niche it fits. Names are generic (no brands); numbers and shop links are fictional.
// The products themselves are data (demo-data/demo-products.json); this file derives their links and contacts.
import { z } from 'zod';
import { PRODUCT_KINDS, type ProductArt } from './demo-product-art.ts';
import { DEMO_CREATORS } from './demo-creators.ts';
import entriesData from './demo-data/demo-products.json' with { type: 'json' };

export interface DemoProduct {
  /** Username of the demo creator who lists it. */
  creator: string;
  name: string;
  description: string;
  /** INR. */
  price: number;
  /** Percent. */
  discount: number;
  /** 'Category - Subcategory' from the fixed tree. */
  category: string;
  tags: string[];
  contactInfo: { whatsapp: string; phone: string; email: string };
  externalLinks: { url: string }[];
  /** How long ago it was listed, so New Arrivals has a spread. */
  ageDays: number;
  /** What its generated photos show. */
  art: ProductArt;
}

const StoreSchema = z.enum([
  'amazon',
  'flipkart',
  'myntra',
  'ajio',
  'meesho',
  'nykaa',
  'snapdeal',
  'tatacliq',
  'jiomart',
  'site',
]);
type Store = z.infer<typeof StoreSchema>;

const ProductArtSchema = z.object({
  kind: z.enum(PRODUCT_KINDS),
  color: z.string(),
  accent: z.string(),
  alt: z.string().optional(),
  label: z.string().optional(),
});

/** One product of demo-data/demo-products.json. */
const EntrySchema = z.object({
  creator: z.string(),
  category: z.string(),
  name: z.string(),
  price: z.number(),
  discount: z.number(),
  description: z.string(),
  tags: z.array(z.string()),
  art: ProductArtSchema,
  stores: z.array(StoreSchema).optional(),
  /** Lists a call-only number besides the WhatsApp one. */
  phone: z.boolean().optional(),
  /** Lists the shop's e-mail. */
  email: z.boolean().optional(),
});

function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A plausible product address on each store, with a made-up listing id derived from the name. */
function storeUrl(store: Store, name: string, creator: string): string {
  const slug = slugify(name);
  const id = hashText(`${store}:${name}`);
  const digits = String(id).padStart(10, '0');
  switch (store) {
    case 'amazon':
      return `https://www.amazon.in/${slug}/dp/B0${id.toString(36).toUpperCase().padStart(8, 'X').slice(0, 8)}`;
    case 'flipkart':
      return `https://www.flipkart.com/${slug}/p/itm${id.toString(16).padStart(12, '0')}`;
    case 'myntra':
      return `https://www.myntra.com/${slug}/${digits.slice(0, 8)}/buy`;
    case 'ajio':
      return `https://www.ajio.com/${slug}/p/46${digits.slice(0, 7)}_multi`;
    case 'meesho':
      return `https://www.meesho.com/${slug}/p/${id.toString(36)}`;
    case 'nykaa':
      return `https://www.nykaa.com/${slug}/p/${digits.slice(0, 7)}`;
    case 'snapdeal':
      return `https://www.snapdeal.com/product/${slug}/6${digits.slice(0, 11)}`;
    case 'tatacliq':
      return `https://www.tatacliq.com/${slug}/p-mp00000${digits.slice(0, 8)}`;
    case 'jiomart':
      return `https://www.jiomart.com/p/${slug}/59${digits.slice(0, 7)}`;
    case 'site':
      return `https://${creator.replace(/[^a-z0-9]/g, '')}.example.in/shop/${slug}`;
  }
}

// Parsed at import: a typo in the data file fails the seed's tests with the path of the bad value.
const ENTRIES = z.array(EntrySchema).parse(entriesData);

const creatorWhatsApp = new Map(DEMO_CREATORS.map((creator) => [creator.username, creator.whatsapp]));

/** A second, call-only line: the WhatsApp number with its last two digits changed (still fictional). */
function callNumber(whatsapp: string): string {
  return `${whatsapp.slice(0, 8)}${String((Number(whatsapp.slice(8)) + 11) % 100).padStart(2, '0')}`;
}

export const DEMO_PRODUCTS: DemoProduct[] = ENTRIES.map((entry, index) => {
  const whatsapp = creatorWhatsApp.get(entry.creator) ?? '';
  const externalLinks = (entry.stores ?? []).map((store) => ({
    url: storeUrl(store, entry.name, entry.creator),
  }));
  return {
    creator: entry.creator,
    name: entry.name,
    description: entry.description,
    price: entry.price,
    discount: entry.discount,
    category: entry.category,
    tags: entry.tags,
    contactInfo: {
      whatsapp,
      phone: entry.phone ? callNumber(whatsapp) : '',
      email: entry.email ? `${entry.creator.replace(/[^a-z0-9]/g, '')}@example.in` : '',
    },
    externalLinks,
    // A fixed spread over two months, so New Arrivals and "newest" sorting have something to show.
    ageDays: (index * 29 + 3) % 61,
    art: entry.art,
  };
});
