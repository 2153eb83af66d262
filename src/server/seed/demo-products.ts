// The demo catalogue (docs/product.md "Demo marketplace"): three products in every subcategory of the tree, each
// listed by the creator whose niche it fits. Names are generic (no brands); numbers and shop links are fictional.
import type { ProductArt } from './demo-product-art.ts';
import { DEMO_CREATORS } from './demo-creators.ts';

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

type Store =
  | 'amazon'
  | 'flipkart'
  | 'myntra'
  | 'ajio'
  | 'meesho'
  | 'nykaa'
  | 'snapdeal'
  | 'tatacliq'
  | 'jiomart'
  | 'site';

interface Entry {
  creator: string;
  category: string;
  name: string;
  price: number;
  discount: number;
  description: string;
  tags: string[];
  art: ProductArt;
  stores?: Store[];
  /** Lists a call-only number besides the WhatsApp one. */
  phone?: boolean;
  /** Lists the shop's e-mail. */
  email?: boolean;
}

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

const ENTRIES: Entry[] = [
  // Electronics - Phones
  {
    creator: 'arjun.tech',
    category: 'Electronics - Phones',
    name: '5G Smartphone 8 GB + 128 GB, 120 Hz Display',
    price: 17999,
    discount: 12,
    description:
      'A 6.6-inch 120 Hz display, 5000 mAh battery and 33 W fast charging that lasts a full Bengaluru commute and back. Dual SIM with 5G on both bands, sealed box with GST bill.',
    tags: ['5g', 'smartphone', 'dual sim', 'fast charging'],
    art: { kind: 'phone', color: '#1f2a44', accent: '#38bdf8', alt: '#d9dde3' },
    stores: ['amazon', 'flipkart'],
    phone: true,
    email: true,
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Phones',
    name: 'Easy 4G Phone 4 GB + 64 GB',
    price: 8499,
    discount: 0,
    description:
      'My pick for parents and first-time users: big icons, loud speaker and a battery that goes two days. Comes with a clear case and screen guard already applied.',
    tags: ['budget phone', '4g', 'senior friendly'],
    art: { kind: 'phone', color: '#6d4bc4', accent: '#c4b5fd', alt: '#2f855a' },
    stores: ['flipkart'],
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Phones',
    name: 'Triple Camera 5G Phone 256 GB',
    price: 32990,
    discount: 8,
    description:
      'Triple camera with a 50 MP main sensor that handles dim wedding halls and Diwali lights without noise. Curved display, stereo speakers and one year of seller warranty.',
    tags: ['camera phone', '5g', 'flagship', '256 gb'],
    art: { kind: 'phone', color: '#0f5f58', accent: '#99f6e4', alt: '#b08d57' },
    stores: ['amazon', 'tatacliq', 'site'],
    email: true,
  },
  // Electronics - Laptops
  {
    creator: 'arjun.tech',
    category: 'Electronics - Laptops',
    name: '14-inch Thin and Light Laptop 16 GB',
    price: 45990,
    discount: 10,
    description:
      'Under 1.4 kg with 16 GB RAM and a 512 GB SSD, so it fits in a college bag and still runs twenty browser tabs. Backlit keyboard and a full-HD anti-glare screen.',
    tags: ['laptop', 'student', 'thin and light'],
    art: { kind: 'laptop', color: '#a9b3c1', accent: '#60a5fa', alt: '#c9b8a6' },
    stores: ['amazon', 'flipkart'],
    phone: true,
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Laptops',
    name: '15.6-inch Office Laptop with Numeric Keypad',
    price: 38499,
    discount: 0,
    description:
      'A dependable work-from-home machine with a numeric keypad, HD webcam and all the ports you need for a second monitor. Preloaded OS and office suite trial, GST invoice for your company.',
    tags: ['office laptop', 'work from home', 'numeric keypad'],
    art: { kind: 'laptop', color: '#3b4556', accent: '#34d399', alt: '#8a94a6' },
    stores: ['jiomart'],
    email: true,
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Laptops',
    name: '16-inch Creator Laptop with Dedicated Graphics',
    price: 89990,
    discount: 15,
    description:
      'Dedicated graphics, a 165 Hz colour-accurate panel and a cooling system that stays quiet while you export 4K reels. I edit my own channel on this one.',
    tags: ['gaming laptop', 'video editing', 'creator'],
    art: { kind: 'laptop', color: '#1e2230', accent: '#f472b6', alt: '#4b5563' },
    stores: ['amazon', 'tatacliq'],
    phone: true,
    email: true,
  },
  // Electronics - Accessories
  {
    creator: 'arjun.tech',
    category: 'Electronics - Accessories',
    name: 'Wireless Over-Ear Headphones with ANC',
    price: 2499,
    discount: 40,
    description:
      'Active noise cancelling that shuts out autorickshaw horns, 40 hours of playback and soft cushions for long calls. Folds flat into the travel pouch.',
    tags: ['headphones', 'wireless', 'noise cancelling'],
    art: { kind: 'headphones', color: '#22252c', accent: '#f97316', alt: '#e8e4dc' },
    stores: ['amazon', 'flipkart', 'snapdeal'],
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Accessories',
    name: 'True Wireless Earbuds with Gaming Mode',
    price: 1299,
    discount: 35,
    description:
      'Low-latency gaming mode, clear mic for office calls and IPX5 sweat resistance for the gym. The case gives you four extra charges.',
    tags: ['earbuds', 'true wireless', 'gaming'],
    art: { kind: 'earbuds', color: '#f4f4f2', accent: '#22c55e', alt: '#1f2937' },
    stores: ['flipkart', 'meesho'],
  },
  {
    creator: 'arjun.tech',
    category: 'Electronics - Accessories',
    name: '65 W GaN Fast Charger with Type-C Cable',
    price: 1499.5,
    discount: 20,
    description:
      'One compact charger for your phone, tablet and laptop, with the round two-pin plug that fits Indian sockets. BIS certified, 1.5 m braided cable included.',
    tags: ['charger', 'fast charging', 'type-c'],
    art: { kind: 'charger', color: '#f1f1ef', accent: '#2563eb', alt: '#30343b' },
    stores: ['amazon'],
    email: true,
  },
  // Fashion - Men
  {
    creator: 'zoya.style',
    category: 'Fashion - Men',
    name: 'Linen Blend Casual Shirt',
    price: 1299,
    discount: 0,
    description:
      'Airy linen blend that stays crisp through a humid Mumbai afternoon. Relaxed fit, coconut-shell buttons, sizes S to XXL.',
    tags: ['linen', 'casual shirt', 'summer'],
    art: { kind: 'shirt', color: '#7fa7d6', accent: '#f5f0e6', alt: '#e9dcc3' },
    stores: ['myntra', 'ajio'],
  },
  {
    creator: 'priya.sharma',
    category: 'Fashion - Men',
    name: 'Handblock Printed Cotton Kurta',
    price: 899,
    discount: 20,
    description:
      'Hand-block printed by artisans in Bagru, pre-washed so it will not shrink. Perfect for pujas, haldi ceremonies and Friday office dressing.',
    tags: ['kurta', 'ethnic wear', 'cotton', 'handblock'],
    art: { kind: 'kurta', color: '#f3ede2', accent: '#b45309', alt: '#1e3a5f' },
    stores: ['meesho', 'site'],
    phone: true,
  },
  {
    creator: 'zoya.style',
    category: 'Fashion - Men',
    name: 'Oxford Cotton Formal Shirt',
    price: 999,
    discount: 30,
    description:
      'Wrinkle-resistant Oxford weave with a button-down collar that looks sharp from the first meeting to the last local train. Machine washable.',
    tags: ['formal shirt', 'office wear', 'cotton'],
    art: { kind: 'shirt', color: '#f7f5ef', accent: '#1e3a8a', alt: '#f2c9c9' },
    stores: ['myntra', 'tatacliq'],
    email: true,
  },
  // Fashion - Women
  {
    creator: 'priya.sharma',
    category: 'Fashion - Women',
    name: 'Banarasi Silk Blend Saree with Zari Border',
    price: 3499,
    discount: 25,
    description:
      'A rich silk blend with a woven zari border and a heavy pallu, ready for weddings and Diwali parties. Comes with an unstitched blouse piece.',
    tags: ['saree', 'silk', 'wedding', 'zari'],
    art: { kind: 'saree', color: '#9d1b3f', accent: '#d4a017', alt: '#1f5f4a' },
    stores: ['myntra', 'meesho', 'site'],
    phone: true,
    email: true,
  },
  {
    creator: 'zoya.style',
    category: 'Fashion - Women',
    name: 'Flared Midi Dress with Waist Tie',
    price: 1599,
    discount: 15,
    description:
      'Soft rayon that twirls beautifully, with a waist tie that flatters every shape. Styled three ways in my latest klip: brunch, office and date night.',
    tags: ['dress', 'midi', 'rayon'],
    art: { kind: 'dress', color: '#d9486b', accent: '#fde2e4', alt: '#274c77' },
    stores: ['ajio', 'myntra'],
  },
  {
    creator: 'priya.sharma',
    category: 'Fashion - Women',
    name: 'Jaipuri Cotton Saree for Daily Wear',
    price: 1249,
    discount: 0,
    description:
      'Light mulmul cotton with a printed border, easy to drape and cool in the summer heat. Hand-finished in Jaipur, gentle hand wash.',
    tags: ['saree', 'cotton', 'daily wear'],
    art: { kind: 'saree', color: '#1f7a8c', accent: '#f4a259', alt: '#e9c46a' },
    stores: ['meesho'],
  },
  // Fashion - Kids
  {
    creator: 'zoya.style',
    category: 'Fashion - Kids',
    name: 'Star Print Kids Cotton T-Shirt',
    price: 399,
    discount: 10,
    description:
      'Soft combed cotton with a puffy star print that survives a hundred washes. Sizes for 2 to 10 years, nickel-free snaps on the small sizes.',
    tags: ['kids', 't-shirt', 'cotton'],
    art: { kind: 'kidstee', color: '#ffd23f', accent: '#ee4266', alt: '#3bceac' },
    stores: ['myntra', 'meesho'],
  },
  {
    creator: 'zoya.style',
    category: 'Fashion - Kids',
    name: 'Girls Party Frock with Polka Dots',
    price: 849,
    discount: 35,
    description:
      'A twirly frock with a satin waistband, fully lined so it never itches. Made for birthday parties and family functions.',
    tags: ['kids', 'frock', 'party wear'],
    art: { kind: 'dress', color: '#8ecae6', accent: '#ffffff', alt: '#ffafcc' },
    stores: [],
    email: true,
  },
  {
    creator: 'priya.sharma',
    category: 'Fashion - Kids',
    name: 'Boys Festive Kurta Set',
    price: 749,
    discount: 0,
    description:
      'Cotton silk kurta with matching pyjama for Eid, Diwali and weddings, soft enough to nap in. Ages 1 to 12.',
    tags: ['kids', 'kurta', 'festive'],
    art: { kind: 'kurta', color: '#e9b949', accent: '#7b2d26', alt: '#6a994e' },
    stores: ['meesho'],
    phone: true,
  },
  // Home - Furniture
  {
    creator: 'vikram.home',
    category: 'Home - Furniture',
    name: 'Tufted Accent Chair in Velvet',
    price: 8999,
    discount: 18,
    description:
      'A plush velvet reading chair on solid rubberwood legs, compact enough for a 2BHK corner. Arrives assembled, free delivery within Kochi.',
    tags: ['accent chair', 'velvet', 'living room'],
    art: { kind: 'chair', color: '#2d6a4f', accent: '#d4a373', alt: '#c9184a' },
    stores: ['site', 'amazon'],
    phone: true,
    email: true,
  },
  {
    creator: 'vikram.home',
    category: 'Home - Furniture',
    name: 'Three-Seater Fabric Sofa',
    price: 24999,
    discount: 22,
    description:
      'Deep seats, high-resilience foam and removable covers you can dry-clean before festival season. Sheesham legs and a five-year frame warranty.',
    tags: ['sofa', 'three seater', 'living room'],
    art: { kind: 'sofa', color: '#8d99ae', accent: '#e76f51', alt: '#bc8a5f' },
    stores: ['site', 'flipkart'],
    phone: true,
  },
  {
    creator: 'vikram.home',
    category: 'Home - Furniture',
    name: 'Sheesham Wood Dining Chair',
    price: 4500,
    discount: 0,
    description:
      'Solid sheesham with a cushioned seat in cotton canvas. Sold singly so you can mix colours around the dining table.',
    tags: ['dining chair', 'sheesham', 'solid wood'],
    art: { kind: 'chair', color: '#e9d8a6', accent: '#6b4226', alt: '#94a3b8' },
    stores: ['site'],
  },
  // Home - Decor
  {
    creator: 'meera.crafts',
    category: 'Home - Decor',
    name: 'Hand-Painted Ceramic Vase',
    price: 1199,
    discount: 0,
    description:
      'Glazed ceramic with a hand-painted border, sized for a money plant or a bunch of tuberoses. Each piece is slightly different.',
    tags: ['vase', 'ceramic', 'handmade'],
    art: { kind: 'vase', color: '#2a6f97', accent: '#f4d35e', alt: '#f1e3d3' },
    stores: ['site', 'amazon'],
    email: true,
  },
  {
    creator: 'meera.crafts',
    category: 'Home - Decor',
    name: 'Terracotta Table Lamp with Linen Shade',
    price: 2299,
    discount: 15,
    description:
      'A round terracotta base made by potters near Chennai, topped with a natural linen shade. Warm light for reading corners and pooja rooms.',
    tags: ['table lamp', 'terracotta', 'lighting'],
    art: { kind: 'lamp', color: '#c8693f', accent: '#f3ead8', alt: '#5e7c6a' },
    stores: ['site', 'flipkart'],
    phone: true,
  },
  {
    creator: 'meera.crafts',
    category: 'Home - Decor',
    name: 'Terracotta Planter Vase with Dot Work',
    price: 649,
    discount: 10,
    description:
      'Unglazed terracotta keeps roots cool in summer; the white dot work is painted by hand. Drainage hole and saucer included.',
    tags: ['planter', 'terracotta', 'garden'],
    art: { kind: 'vase', color: '#b5562c', accent: '#fff7ea', alt: '#3d405b' },
    stores: ['meesho'],
  },
  // Home - Kitchen
  {
    creator: 'meera.crafts',
    category: 'Home - Kitchen',
    name: 'Stainless Steel Electric Kettle 1.5 L',
    price: 1099,
    discount: 28,
    description:
      'Boils water for four cups of chai in under four minutes, with auto shut-off and a cool-touch handle. A hostel and office favourite.',
    tags: ['electric kettle', 'stainless steel', 'kitchen'],
    art: { kind: 'kettle', color: '#c7ccd3', accent: '#38bdf8', alt: '#d97757' },
    stores: ['amazon', 'jiomart'],
  },
  {
    creator: 'vikram.home',
    category: 'Home - Kitchen',
    name: 'Non-Stick Frying Pan 26 cm',
    price: 749.5,
    discount: 0,
    description:
      'Three-layer non-stick coating for dosas and omelettes with a teaspoon of oil. Works on gas and induction; PFOA free.',
    tags: ['frying pan', 'non-stick', 'induction'],
    art: { kind: 'pan', color: '#4a4e57', accent: '#ef4444', alt: '#b23a48' },
    stores: ['amazon', 'jiomart', 'snapdeal'],
    email: true,
  },
  {
    creator: 'meera.crafts',
    category: 'Home - Kitchen',
    name: 'Enamel Tea Kettle in Pastel Green',
    price: 1899,
    discount: 12,
    description:
      'A glossy enamel kettle that looks lovely on the stove and keeps your masala chai hot on the table. Gift boxed, ready for housewarmings.',
    tags: ['tea kettle', 'enamel', 'gifting'],
    art: { kind: 'kettle', color: '#8fc0a9', accent: '#f8f4e3', alt: '#f2a65a' },
    stores: ['site'],
    phone: true,
  },
  // Beauty - Skincare
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Skincare',
    name: '10% Vitamin C Face Serum 30 ml',
    price: 549,
    discount: 20,
    description:
      'A lightweight serum for dull skin and tanning after summer, fragrance free and suitable for oily skin. Use in the morning before sunscreen.',
    tags: ['serum', 'vitamin c', 'skincare'],
    art: { kind: 'serum', color: '#e08e2b', accent: '#f59e0b', alt: '#8fb9a8', label: 'Vitamin C' },
    stores: ['nykaa', 'amazon'],
    email: true,
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Skincare',
    name: 'Ceramide Moisturising Cream 50 g',
    price: 399,
    discount: 0,
    description:
      'Rich but non-greasy, for dry patches in the AC and in Delhi winters. Dermatologist tested on Indian skin types.',
    tags: ['moisturiser', 'ceramide', 'dry skin'],
    art: { kind: 'jar', color: '#f2efe9', accent: '#6c8ebf', alt: '#f6d6d6', label: 'Ceramide' },
    stores: ['nykaa'],
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Skincare',
    name: 'SPF 50 Gel Sunscreen 50 g',
    price: 349,
    discount: 15,
    description:
      'A matte gel sunscreen with no white cast, made for humid weather and oily skin. Reapply every three hours outdoors.',
    tags: ['sunscreen', 'spf 50', 'oily skin'],
    art: { kind: 'tube', color: '#fde68a', accent: '#f97316', alt: '#bae6fd', label: 'SPF 50 Gel' },
    stores: ['nykaa', 'flipkart'],
  },
  // Beauty - Makeup
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Makeup',
    name: 'Matte Lipstick in Brick Red',
    price: 299,
    discount: 0,
    description:
      'A long-wear matte that does not dry out the lips, in a brick red that suits every Indian skin tone. Swatched on three skin tones in my klip.',
    tags: ['lipstick', 'matte', 'long wear'],
    art: { kind: 'lipstick', color: '#a3242f', accent: '#1c1c1e', alt: '#c0637a' },
    stores: ['nykaa', 'meesho'],
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Makeup',
    name: 'Nine-Shade Eyeshadow Palette Sunset',
    price: 699,
    discount: 30,
    description:
      'Warm mattes and two buttery shimmers for everyday and sangeet looks, highly pigmented with very little fallout. Mirror inside.',
    tags: ['eyeshadow', 'palette', 'shimmer'],
    art: { kind: 'palette', color: '#c8553d', accent: '#2b2d42', alt: '#7b6d8d' },
    stores: ['nykaa', 'amazon', 'tatacliq'],
    email: true,
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Makeup',
    name: 'Creamy Satin Lipstick in Rose Nude',
    price: 249,
    discount: 10,
    description:
      'A comfortable satin finish with shea butter, the everyday nude I reach for before college and office. Cruelty free.',
    tags: ['lipstick', 'nude', 'satin'],
    art: { kind: 'lipstick', color: '#c77d7d', accent: '#d8b26e', alt: '#8e3b46' },
    stores: ['nykaa'],
  },
  // Beauty - Haircare
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Haircare',
    name: 'Onion and Amla Anti-Hairfall Shampoo 400 ml',
    price: 499,
    discount: 25,
    description:
      'A sulphate-free shampoo with onion extract and amla for hair fall during the monsoon. Gentle enough for daily use on hard water.',
    tags: ['shampoo', 'hair fall', 'sulphate free'],
    art: { kind: 'pump', color: '#5b2a86', accent: '#84cc16', alt: '#0e7490', label: 'Onion Amla' },
    stores: ['nykaa', 'amazon'],
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Haircare',
    name: 'Cold-Pressed Coconut Hair Oil 200 ml',
    price: 299,
    discount: 0,
    description:
      'Pure cold-pressed coconut oil with curry leaves and bhringraj, the Sunday champi oil our grandmothers swore by.',
    tags: ['hair oil', 'coconut', 'ayurvedic'],
    art: { kind: 'serum', color: '#2f855a', accent: '#a7f3d0', alt: '#b7791f', label: 'Hair Oil' },
    stores: ['jiomart', 'nykaa'],
    phone: true,
  },
  {
    creator: 'ananya.beauty',
    category: 'Beauty - Haircare',
    name: 'Keratin Smoothing Conditioner 180 ml',
    price: 379,
    discount: 18,
    description:
      'Tames frizz on humid days and leaves hair soft without weighing it down. Pair it with the onion and amla shampoo.',
    tags: ['conditioner', 'frizz control', 'keratin'],
    art: { kind: 'tube', color: '#f9c6d3', accent: '#9d174d', alt: '#c7d2fe', label: 'Keratin Smooth' },
    stores: ['nykaa'],
  },
  // Sports - Equipment
  {
    creator: 'kabir.fit',
    category: 'Sports - Equipment',
    name: 'Rubber Hex Dumbbell 10 kg',
    price: 1899,
    discount: 12,
    description:
      'Rubber-coated hex heads that do not roll or scratch the floor, with a knurled chrome handle. Sold singly; pairs ship in one box.',
    tags: ['dumbbell', 'home gym', 'strength'],
    art: { kind: 'dumbbell', color: '#2b2d31', accent: '#ef4444', alt: '#334155' },
    stores: ['amazon', 'flipkart'],
    phone: true,
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Equipment',
    name: 'Anti-Slip Yoga Mat 6 mm',
    price: 799,
    discount: 40,
    description:
      'Cushioned 6 mm mat with a grip that holds even in sweaty Pune summers. Carry strap included for the society yoga class.',
    tags: ['yoga mat', 'anti slip', 'fitness'],
    art: { kind: 'yogamat', color: '#7c6fd6', accent: '#1f2937', alt: '#3fb68b' },
    stores: ['amazon', 'snapdeal', 'meesho'],
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Equipment',
    name: 'Kashmir Willow Cricket Bat Full Size',
    price: 2499,
    discount: 0,
    description:
      'Knocked-in Kashmir willow with a thick edge for tennis-ball and leather-ball matches. Comes with a cover and an extra grip.',
    tags: ['cricket bat', 'kashmir willow', 'cricket'],
    art: { kind: 'bat', color: '#1d4ed8', accent: '#facc15', alt: '#b91c1c' },
    stores: ['flipkart', 'site'],
    phone: true,
    email: true,
  },
  // Sports - Clothing
  {
    creator: 'kabir.fit',
    category: 'Sports - Clothing',
    name: 'Quick-Dry Cricket Jersey',
    price: 699,
    discount: 20,
    description:
      'Quick-dry mesh jersey that keeps you cool through a Sunday box-cricket tournament. Custom name and number printing for teams of 11 or more.',
    tags: ['jersey', 'cricket', 'team wear'],
    art: { kind: 'jersey', color: '#1d3fa6', accent: '#f59e0b', alt: '#f4f4f5' },
    stores: ['myntra', 'site'],
    phone: true,
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Clothing',
    name: 'Running Shorts with Zip Pocket',
    price: 549,
    discount: 0,
    description:
      'Lightweight running shorts with a built-in liner and a zip pocket for keys and a metro card. Reflective stripes for early morning runs.',
    tags: ['shorts', 'running', 'gym wear'],
    art: { kind: 'shorts', color: '#1f2937', accent: '#22d3ee', alt: '#9f1239' },
    stores: ['myntra', 'ajio'],
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Clothing',
    name: 'Football Training Jersey',
    price: 599,
    discount: 25,
    description:
      'Breathable training jersey with contrast sleeves, cut for movement on turf. Holds its colour wash after wash.',
    tags: ['jersey', 'football', 'training'],
    art: { kind: 'jersey', color: '#b91c1c', accent: '#f8fafc', alt: '#15803d' },
    stores: ['ajio'],
  },
  // Sports - Accessories
  {
    creator: 'kabir.fit',
    category: 'Sports - Accessories',
    name: 'Insulated Steel Sports Bottle 750 ml',
    price: 649,
    discount: 15,
    description:
      'Double-walled steel keeps water cold for 24 hours in a hot car or on the boundary line. Leak-proof cap with a carry loop.',
    tags: ['water bottle', 'insulated', 'steel'],
    art: { kind: 'bottle', color: '#0f766e', accent: '#fbbf24', alt: '#e11d48' },
    stores: ['amazon', 'jiomart'],
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Accessories',
    name: 'Quick-Dry Sports Cap',
    price: 349,
    discount: 0,
    description:
      'A featherlight cap with a sweat band and laser-cut vents, made for morning runs and net practice in the sun.',
    tags: ['cap', 'running', 'sun protection'],
    art: { kind: 'cap', color: '#f1f1ee', accent: '#0f172a', alt: '#f97316' },
    stores: [],
  },
  {
    creator: 'kabir.fit',
    category: 'Sports - Accessories',
    name: 'Gym Duffel Bag with Shoe Pocket',
    price: 1199,
    discount: 33,
    description:
      'A 40-litre duffel with a separate ventilated shoe pocket and a wet pocket for towels. Fits cabin size on domestic flights.',
    tags: ['gym bag', 'duffel', 'travel'],
    art: { kind: 'bag', color: '#334155', accent: '#f43f5e', alt: '#65a30d' },
    stores: ['amazon', 'ajio'],
    email: true,
  },
  // Books - Fiction
  {
    creator: 'rohan.reads',
    category: 'Books - Fiction',
    name: 'The Monsoon Letters (Paperback)',
    price: 299,
    discount: 10,
    description:
      'A tender novel about two pen friends, one in Kolkata and one in Kochi, told through thirty years of letters. My favourite read of the year.',
    tags: ['novel', 'literary fiction', 'paperback'],
    art: { kind: 'novel', color: '#2a4d69', accent: '#f6bd60', alt: '#6d597a', label: 'The Monsoon Letters' },
    stores: ['amazon', 'flipkart'],
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Fiction',
    name: 'Midnight at Marine Drive (Thriller)',
    price: 350,
    discount: 0,
    description:
      'A fast Mumbai crime thriller that starts with a missing taxi and ends somewhere you will not guess. Gently used, no markings.',
    tags: ['thriller', 'crime', 'used book'],
    art: {
      kind: 'novel',
      color: '#1b1f3b',
      accent: '#e63946',
      alt: '#264653',
      label: 'Midnight at Marine Drive',
    },
    stores: ['site'],
    phone: true,
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Fiction',
    name: 'Tales from the Ghats: Short Stories',
    price: 249,
    discount: 15,
    description:
      'Twelve short stories set in the villages and hill towns of the Western Ghats. Perfect for a train journey.',
    tags: ['short stories', 'indian fiction', 'paperback'],
    art: {
      kind: 'novel',
      color: '#2d6a4f',
      accent: '#ffd166',
      alt: '#9c6644',
      label: 'Tales from the Ghats',
    },
    stores: [],
  },
  // Books - Non-Fiction
  {
    creator: 'rohan.reads',
    category: 'Books - Non-Fiction',
    name: 'Money Habits for Young India',
    price: 399,
    discount: 20,
    description:
      'Plain-language personal finance for your first salary: budgets, SIPs, insurance and avoiding EMI traps. Worksheets at the end of every chapter.',
    tags: ['personal finance', 'self help', 'investing'],
    art: {
      kind: 'nonfiction',
      color: '#0b3954',
      accent: '#ffc857',
      alt: '#c81d25',
      label: 'Money Habits for Young India',
    },
    stores: ['amazon', 'flipkart'],
    email: true,
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Non-Fiction',
    name: 'The Chai Economy',
    price: 450,
    discount: 0,
    description:
      'How tea stalls, kirana shops and street vendors quietly run the country, told through a hundred interviews. Hardcover.',
    tags: ['economics', 'india', 'hardcover'],
    art: {
      kind: 'nonfiction',
      color: '#9a3412',
      accent: '#fde68a',
      alt: '#1f2937',
      label: 'The Chai Economy',
    },
    stores: ['flipkart', 'tatacliq'],
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Non-Fiction',
    name: 'Rivers of India: A Journey',
    price: 599,
    discount: 12,
    description:
      'A travel memoir along seven great rivers, from the Brahmaputra to the Kaveri, with maps and photographs. A lovely gift for travellers.',
    tags: ['travel', 'memoir', 'gift'],
    art: {
      kind: 'nonfiction',
      color: '#0e7490',
      accent: '#fef3c7',
      alt: '#4d7c0f',
      label: 'Rivers of India',
    },
    stores: ['amazon'],
  },
  // Books - Academic
  {
    creator: 'rohan.reads',
    category: 'Books - Academic',
    name: 'Physics for Class 12: Concepts and Practice',
    price: 675,
    discount: 5,
    description:
      'Every chapter of the board syllabus with solved examples and previous-year questions for JEE and NEET. Latest edition.',
    tags: ['class 12', 'physics', 'jee', 'neet'],
    art: { kind: 'textbook', color: '#1d4ed8', accent: '#ef4444', alt: '#0f766e', label: 'Physics Class 12' },
    stores: ['amazon', 'flipkart'],
    phone: true,
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Academic',
    name: 'Quantitative Aptitude Made Easy',
    price: 425,
    discount: 0,
    description:
      'Shortcuts and 2000 practice questions for bank, SSC and campus placement tests, with detailed solutions.',
    tags: ['aptitude', 'competitive exams', 'placements'],
    art: {
      kind: 'textbook',
      color: '#b45309',
      accent: '#2563eb',
      alt: '#7c3aed',
      label: 'Quantitative Aptitude',
    },
    stores: ['flipkart', 'snapdeal'],
  },
  {
    creator: 'rohan.reads',
    category: 'Books - Academic',
    name: 'Organic Chemistry Workbook',
    price: 520,
    discount: 18,
    description:
      'Reaction mechanisms drawn step by step with practice sheets you can photocopy. Used by my Kolkata coaching students.',
    tags: ['chemistry', 'workbook', 'neet'],
    art: {
      kind: 'textbook',
      color: '#15803d',
      accent: '#f97316',
      alt: '#be123c',
      label: 'Organic Chemistry',
    },
    stores: ['amazon'],
    email: true,
  },
  // Toys - Board Games
  {
    creator: 'vikram.home',
    category: 'Toys - Board Games',
    name: 'Snakes and Ladders Deluxe Board Game',
    price: 499,
    discount: 10,
    description:
      'The classic in a big wooden-finish box with chunky pawns and two dice. Our family plays it every Onam holiday.',
    tags: ['board game', 'family', 'classic'],
    art: {
      kind: 'boardgame',
      color: '#b91c1c',
      accent: '#facc15',
      alt: '#1d4ed8',
      label: 'Snakes & Ladders',
    },
    stores: ['amazon', 'flipkart'],
  },
  {
    creator: 'vikram.home',
    category: 'Toys - Board Games',
    name: 'Spice Route Trading Game',
    price: 1299,
    discount: 0,
    description:
      'A strategy game for 2 to 5 players: sail from Kochi, trade pepper and cardamom, and outbid your cousins. Ages 10 and up.',
    tags: ['strategy game', 'family', 'ages 10+'],
    art: { kind: 'boardgame', color: '#0f766e', accent: '#f59e0b', alt: '#7c2d12', label: 'Spice Route' },
    stores: ['site', 'amazon'],
    phone: true,
  },
  {
    creator: 'priya.sharma',
    category: 'Toys - Board Games',
    name: 'Ludo and Carrom Combo Board',
    price: 899,
    discount: 25,
    description:
      'A two-sided board with ludo on one side and a mini carrom on the other, with coins, striker and powder. Great for rainy afternoons.',
    tags: ['ludo', 'carrom', 'indoor games'],
    art: { kind: 'boardgame', color: '#7c3aed', accent: '#22c55e', alt: '#ea580c', label: 'Ludo & Carrom' },
    stores: ['meesho', 'flipkart'],
  },
  // Toys - Toys
  {
    creator: 'priya.sharma',
    category: 'Toys - Toys',
    name: 'Soft Teddy Bear 40 cm',
    price: 599,
    discount: 20,
    description:
      'Extra soft plush with stitched eyes that are safe for toddlers, and a satin bow. Surface washable, a perfect birthday gift.',
    tags: ['teddy bear', 'soft toy', 'gift'],
    art: { kind: 'teddy', color: '#b07d4f', accent: '#e11d48', alt: '#f2b5c4' },
    stores: ['amazon', 'meesho'],
  },
  {
    creator: 'priya.sharma',
    category: 'Toys - Toys',
    name: 'Pull-Back Racing Car',
    price: 349,
    discount: 0,
    description:
      'Pull it back, let go and watch it zoom across the floor. Sturdy die-cast body with rubber tyres, for ages 3 and up.',
    tags: ['toy car', 'pull back', 'kids'],
    art: { kind: 'car', color: '#dc2626', accent: '#fafafa', alt: '#2563eb' },
    stores: ['flipkart'],
  },
  {
    creator: 'vikram.home',
    category: 'Toys - Toys',
    name: 'Panda Plush Cuddle Toy',
    price: 449,
    discount: 15,
    description:
      'A huggable plush panda made from hypoallergenic fibre, with a bright bow tie. Machine washable in a laundry bag.',
    tags: ['soft toy', 'plush', 'kids'],
    art: { kind: 'teddy', color: '#e9e4da', accent: '#0ea5e9', alt: '#c8a27a' },
    stores: [],
  },
  // Toys - Puzzles
  {
    creator: 'priya.sharma',
    category: 'Toys - Puzzles',
    name: 'Himalayan Sunrise 500-Piece Jigsaw Puzzle',
    price: 450,
    discount: 0,
    description:
      'A 500-piece puzzle of a sunrise over snow peaks, on thick recycled board with a poster to guide you. A calm weekend project.',
    tags: ['jigsaw', '500 pieces', 'adults'],
    art: { kind: 'puzzle', color: '#3a5a40', accent: '#f4a261', alt: '#5a189a' },
    stores: ['amazon', 'site'],
  },
  {
    creator: 'priya.sharma',
    category: 'Toys - Puzzles',
    name: 'Speed Cube 3x3 Stickerless',
    price: 299,
    discount: 10,
    description:
      'A smooth, fast-turning 3x3 cube with adjustable tension, ideal for beginners and school competitions. Comes with a solving guide in Hindi and English.',
    tags: ['speed cube', 'brain teaser', 'kids'],
    art: { kind: 'cube', color: '#16a34a', accent: '#2563eb', alt: '#facc15' },
    stores: ['amazon', 'flipkart'],
  },
  {
    creator: 'vikram.home',
    category: 'Toys - Puzzles',
    name: 'Kerala Backwaters Kids Puzzle 100 Pieces',
    price: 275,
    discount: 5,
    description:
      'A bright 100-piece floor puzzle of houseboats and coconut palms, with big pieces for small hands. Ages 5 and up.',
    tags: ['jigsaw', 'kids', '100 pieces'],
    art: { kind: 'puzzle', color: '#2f855a', accent: '#38bdf8', alt: '#f59e0b' },
    stores: ['snapdeal'],
  },
];

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
