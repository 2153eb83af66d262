// The demo catalogue (PRODUCT-DECISIONS.md "Demo marketplace"): three products in every subcategory of the tree,
// each listed by the creator whose niche it fits. Names are generic (no brands); numbers are fictional.
import type { ProductKind } from './demo-product-art.ts';

export interface DemoProduct {
  creator: string;
  name: string;
  price: number;
  discount: number;
  category: string;
  tags: string[];
  description: string;
  kind: ProductKind;
  /** Main colour and accent of the drawn product. */
  colors: [string, string];
  /** How long ago it was listed, so New Arrivals has a spread. */
  ageDays: number;
  links?: string[];
}

type Row = [name: string, price: number, discount: number, colors: [string, string], tags: string[]];

interface Group {
  category: string;
  creator: string;
  kind: ProductKind;
  blurb: string;
  rows: Row[];
}

const GROUPS: Group[] = [
  {
    category: 'Electronics - Phones',
    creator: 'arjun.tech',
    kind: 'phone',
    blurb: 'Unboxed and tested on my channel; dual SIM, fast charging and a bright display.',
    rows: [
      ['Nova 5G Smartphone 128 GB', 17999, 12, ['#1e293b', '#38bdf8'], ['5g', 'android', 'dual sim']],
      ['Pixelwave Lite 4G Phone', 8499, 0, ['#7c3aed', '#c4b5fd'], ['budget', 'android']],
      ['Titan Pro Camera Phone 256 GB', 32999, 8, ['#0f766e', '#99f6e4'], ['camera', '5g', 'flagship']],
    ],
  },
  {
    category: 'Electronics - Laptops',
    creator: 'arjun.tech',
    kind: 'laptop',
    blurb: 'Thin, quiet and quick for college, office and light editing. Full-size keyboard.',
    rows: [
      ['AeroBook 14 Thin Laptop', 45990, 10, ['#94a3b8', '#e2e8f0'], ['laptop', 'student']],
      ['WorkMate 15.6" Office Laptop', 38499, 0, ['#334155', '#cbd5e1'], ['office', 'laptop']],
      ['Creator X 16 Performance Laptop', 89990, 15, ['#111827', '#f472b6'], ['gaming', 'editing']],
    ],
  },
  {
    category: 'Electronics - Accessories',
    creator: 'arjun.tech',
    kind: 'headphones',
    blurb: 'Everyday gear I actually use: long battery, clear calls and a one-year seller warranty.',
    rows: [
      ['Wireless Over-Ear Headphones', 2499, 40, ['#0f172a', '#f97316'], ['audio', 'wireless', 'bluetooth']],
      ['Noise-Cancelling Studio Headphones', 5999, 25, ['#f8fafc', '#0ea5e9'], ['audio', 'anc']],
      ['Kids Volume-Safe Headphones', 1299, 0, ['#facc15', '#ef4444'], ['kids', 'audio']],
    ],
  },
  {
    category: 'Fashion - Men',
    creator: 'zoya.style',
    kind: 'shirt',
    blurb: 'Breathable cotton, true to size, made for Indian summers. Easy machine wash.',
    rows: [
      ['Classic Cotton Kurta', 799, 20, ['#f5f5f4', '#b45309'], ['kurta', 'ethnic', 'cotton']],
      ['Linen Casual Shirt', 1299, 0, ['#60a5fa', '#1e3a8a'], ['linen', 'casual']],
      ['Oxford Formal Shirt', 999, 30, ['#fef3c7', '#92400e'], ['formal', 'office']],
    ],
  },
  {
    category: 'Fashion - Women',
    creator: 'zoya.style',
    kind: 'dress',
    blurb: 'Flowing fit with hand-finished details; styled three ways in my latest klip.',
    rows: [
      ['Block-Print Anarkali Kurta', 1899, 15, ['#be185d', '#fbcfe8'], ['ethnic', 'block print']],
      ['Handloom Cotton Saree', 2499, 10, ['#047857', '#fde68a'], ['saree', 'handloom']],
      ['Tiered Summer Maxi Dress', 1599, 0, ['#f59e0b', '#fff7ed'], ['dress', 'summer']],
    ],
  },
  {
    category: 'Fashion - Kids',
    creator: 'zoya.style',
    kind: 'kids',
    blurb: 'Soft on skin, tag-free and ready for play. Sizes 2 to 10 years.',
    rows: [
      ['Dino Print Kids T-Shirt', 399, 0, ['#22c55e', '#14532d'], ['kids', 'tshirt']],
      ['Festive Kurta Set for Boys', 899, 20, ['#fbbf24', '#7c2d12'], ['kids', 'festive']],
      ['Rainbow Frock for Girls', 749, 10, ['#f472b6', '#7dd3fc'], ['kids', 'frock']],
    ],
  },
  {
    category: 'Home - Furniture',
    creator: 'vikram.home',
    kind: 'chair',
    blurb: 'Solid wood frame, easy assembly in under 20 minutes. Delivered flat-packed.',
    rows: [
      ['Sheesham Wood Accent Chair', 8999, 18, ['#92400e', '#fde68a'], ['wood', 'chair']],
      ['Cane Lounge Chair', 6499, 0, ['#d6a15c', '#78350f'], ['cane', 'living room']],
      ['Ergonomic Study Chair', 4999, 22, ['#1f2937', '#60a5fa'], ['office', 'study']],
    ],
  },
  {
    category: 'Home - Decor',
    creator: 'meera.crafts',
    kind: 'vase',
    blurb: 'Handmade in small batches by artisans I work with; every piece is a little different.',
    rows: [
      ['Terracotta Hand-Painted Vase', 649, 0, ['#c2410c', '#fed7aa'], ['handmade', 'terracotta']],
      ['Blue Pottery Flower Vase', 1199, 15, ['#1d4ed8', '#dbeafe'], ['blue pottery', 'jaipur']],
      ['Brass Table Planter', 1499, 10, ['#ca8a04', '#fef9c3'], ['brass', 'planter']],
    ],
  },
  {
    category: 'Home - Kitchen',
    creator: 'meera.crafts',
    kind: 'kettle',
    blurb: 'Kitchen favourites that look good on the counter and last for years.',
    rows: [
      ['Copper Tea Kettle 1.2 L', 1799, 12, ['#b45309', '#fde68a'], ['copper', 'tea']],
      ['Cast Iron Tawa 28 cm', 1299, 0, ['#27272a', '#a1a1aa'], ['cast iron', 'cookware']],
      ['Enamel Milk Pan', 899, 20, ['#0e7490', '#ecfeff'], ['enamel', 'cookware']],
    ],
  },
  {
    category: 'Beauty - Skincare',
    creator: 'ananya.beauty',
    kind: 'bottle',
    blurb: 'Gentle, fragrance-free formula I have used for months. Patch test first.',
    rows: [
      ['Vitamin C Brightening Serum 30 ml', 549, 15, ['#f97316', '#fff7ed'], ['serum', 'vitamin c']],
      ['Hyaluronic Hydrating Serum 30 ml', 499, 0, ['#38bdf8', '#f0f9ff'], ['serum', 'hydration']],
      ['Sunscreen Gel SPF 50', 399, 10, ['#facc15', '#fefce8'], ['sunscreen', 'spf']],
    ],
  },
  {
    category: 'Beauty - Makeup',
    creator: 'ananya.beauty',
    kind: 'lipstick',
    blurb: 'Long-wear shades swatched on Indian skin tones in my klips.',
    rows: [
      ['Matte Liquid Lipstick, Brick Red', 449, 10, ['#991b1b', '#111827'], ['lipstick', 'matte']],
      ['Satin Bullet Lipstick, Rosewood', 399, 0, ['#9d174d', '#d4af37'], ['lipstick', 'satin']],
      ['Kajal Pencil, Smudge-Proof', 249, 20, ['#111827', '#e5e7eb'], ['kajal', 'eyes']],
    ],
  },
  {
    category: 'Beauty - Haircare',
    creator: 'ananya.beauty',
    kind: 'pump',
    blurb: 'Sulphate-free care for frizz and hair fall, with ingredients you can read.',
    rows: [
      ['Onion & Bhringraj Hair Oil', 349, 0, ['#65a30d', '#f7fee7'], ['hair oil', 'ayurvedic']],
      ['Argan Frizz-Control Shampoo', 499, 15, ['#a16207', '#fefce8'], ['shampoo', 'frizz']],
      ['Protein Repair Conditioner', 449, 10, ['#7e22ce', '#faf5ff'], ['conditioner', 'repair']],
    ],
  },
  {
    category: 'Sports - Equipment',
    creator: 'kabir.fit',
    kind: 'dumbbell',
    blurb: 'Home-gym essentials I train with every day. Rubber coated, floor friendly.',
    rows: [
      ['Hex Dumbbell Pair 5 kg', 1999, 10, ['#18181b', '#ef4444'], ['dumbbell', 'home gym']],
      ['Adjustable Dumbbell 2-10 kg', 4499, 20, ['#27272a', '#22c55e'], ['dumbbell', 'strength']],
      ['Kettlebell 8 kg', 1599, 0, ['#1f2937', '#facc15'], ['kettlebell', 'strength']],
    ],
  },
  {
    category: 'Sports - Clothing',
    creator: 'kabir.fit',
    kind: 'jersey',
    blurb: 'Quick-dry fabric that stays light through long runs and hot afternoons.',
    rows: [
      ['Dri-Fit Running Tee', 599, 15, ['#2563eb', '#bfdbfe'], ['running', 'tshirt']],
      ['Cricket Practice Jersey', 799, 0, ['#16a34a', '#dcfce7'], ['cricket', 'jersey']],
      ['Training Shorts with Zip Pocket', 699, 25, ['#111827', '#f97316'], ['shorts', 'gym']],
    ],
  },
  {
    category: 'Sports - Accessories',
    creator: 'kabir.fit',
    kind: 'flask',
    blurb: 'Small things that make every session better. Tested on my morning runs.',
    rows: [
      ['Insulated Steel Bottle 1 L', 899, 20, ['#0891b2', '#cffafe'], ['bottle', 'steel']],
      ['Shaker Bottle 700 ml', 349, 0, ['#dc2626', '#fee2e2'], ['shaker', 'protein']],
      ['Sports Sipper with Straw', 299, 10, ['#7c3aed', '#ede9fe'], ['sipper', 'kids']],
    ],
  },
  {
    category: 'Books - Fiction',
    creator: 'rohan.reads',
    kind: 'book',
    blurb: 'A page-turner from my monthly reading list; my full review is in the klip.',
    rows: [
      ['The Monsoon Letters (Paperback)', 299, 10, ['#1e3a8a', '#fbbf24'], ['novel', 'paperback']],
      ['Midnight Train to Madras', 349, 0, ['#111827', '#f87171'], ['thriller', 'paperback']],
      ['Stories from the Old Haveli', 399, 15, ['#065f46', '#fde68a'], ['short stories', 'hardcover']],
    ],
  },
  {
    category: 'Books - Non-Fiction',
    creator: 'rohan.reads',
    kind: 'book',
    blurb: 'Practical, well-researched and easy to read. One of my most-gifted books.',
    rows: [
      ['Small Habits, Big Money', 399, 20, ['#f59e0b', '#1f2937'], ['finance', 'self help']],
      ['A Short History of Spices', 499, 0, ['#b91c1c', '#fef3c7'], ['history', 'food']],
      ['The Calm Coder', 449, 10, ['#0f766e', '#ccfbf1'], ['career', 'tech']],
    ],
  },
  {
    category: 'Books - Academic',
    creator: 'rohan.reads',
    kind: 'book',
    blurb: 'Clear explanations with solved examples; the edition most teachers recommend.',
    rows: [
      ['Physics for Class 12, Vol. 1', 549, 5, ['#1d4ed8', '#e0f2fe'], ['class 12', 'physics']],
      ['Quantitative Aptitude Made Easy', 399, 0, ['#7c3aed', '#f5f3ff'], ['aptitude', 'exam prep']],
      ['English Grammar Workbook', 299, 10, ['#15803d', '#f0fdf4'], ['grammar', 'workbook']],
    ],
  },
  {
    category: 'Toys - Board Games',
    creator: 'priya.sharma',
    kind: 'boardgame',
    blurb: 'Our family game-night favourite; easy rules, lots of laughs. Ages 6 and up.',
    rows: [
      ['Ludo & Snakes Wooden Board Set', 699, 10, ['#dc2626', '#fde68a'], ['board game', 'family']],
      ['Trade City Strategy Game', 999, 0, ['#2563eb', '#dbeafe'], ['strategy', 'family']],
      ['Carrom Board Junior', 1499, 15, ['#b45309', '#fef3c7'], ['carrom', 'classic']],
    ],
  },
  {
    category: 'Toys - Toys',
    creator: 'priya.sharma',
    kind: 'teddy',
    blurb: 'Soft, safe and sturdy; non-toxic materials that survive toddler love.',
    rows: [
      ['Cuddly Teddy Bear 40 cm', 599, 20, ['#a16207', '#fde68a'], ['soft toy', 'teddy']],
      ['Wooden Pull-Along Elephant', 449, 0, ['#0ea5e9', '#e0f2fe'], ['wooden', 'toddler']],
      ['Plush Bunny with Rattle', 399, 10, ['#f9a8d4', '#fdf2f8'], ['soft toy', 'baby']],
    ],
  },
  {
    category: 'Toys - Puzzles',
    creator: 'priya.sharma',
    kind: 'puzzle',
    blurb: 'Thick, snug-fitting pieces and a poster to follow. Great screen-free time.',
    rows: [
      ['India Map Jigsaw, 100 Pieces', 349, 0, ['#16a34a', '#fef9c3'], ['jigsaw', 'learning']],
      ['Taj Mahal 1000-Piece Puzzle', 799, 15, ['#6366f1', '#e0e7ff'], ['jigsaw', 'adults']],
      ['Animal Floor Puzzle for Kids', 499, 10, ['#f97316', '#ffedd5'], ['floor puzzle', 'kids']],
    ],
  },
];

const STORE_LINKS: Record<string, string[]> = {
  Electronics: ['https://www.amazon.in/dp/B0DEMO', 'https://www.flipkart.com/item/demo'],
  Fashion: ['https://www.myntra.com/demo', 'https://www.ajio.com/demo'],
  Home: ['https://www.amazon.in/dp/B0HOME'],
  Beauty: ['https://www.nykaa.com/demo'],
  Sports: ['https://www.flipkart.com/sports/demo'],
  Books: ['https://www.amazon.in/dp/B0BOOK'],
  Toys: ['https://www.meesho.com/demo'],
};

export const DEMO_PRODUCTS: DemoProduct[] = GROUPS.flatMap((group, groupIndex) =>
  group.rows.map(([name, price, discount, colors, tags], rowIndex) => {
    const root = group.category.split(' - ')[0]!;
    return {
      creator: group.creator,
      name,
      price,
      discount,
      category: group.category,
      tags,
      description: `${name}. ${group.blurb} Message me on WhatsApp for sizes, colours or a bundle price.`,
      kind: group.kind,
      colors,
      ageDays: (groupIndex * 3 + rowIndex * 7) % 45,
      links: rowIndex === 2 ? [] : (STORE_LINKS[root] ?? []).slice(0, rowIndex + 1),
    };
  }),
);
