// The demo offers (docs/product.md "Demo marketplace"): sellers' offers on their own products, most
// running now for weeks (so Offers and Hot Deals are full on a first start and stay full), one or two not started
// yet and one or two over; percentage and fixed, with and without a cap and a minimum purchase. Written as a seller
// enters them (a percent, rupees); the seed stores paise and basis points. Dates are days from the seed time.
import type { OfferDiscountType } from '../../shared/domain/offers.ts';

export interface DemoOffer {
  /** Username of the demo creator who runs it. */
  creator: string;
  title: string;
  description: string;
  discountType: OfferDiscountType;
  /** Percent for a percentage offer, rupees for a fixed one. */
  discountValue: number;
  /** Rupees; 0: none. */
  minPurchase: number;
  /** Rupees; null: no cap. */
  maxDiscount: number | null;
  /** Days from the seed time (negative: before it). */
  startDays: number;
  endDays: number;
  terms: string[];
  /** Names of the creator's own demo products, in the order the offer shows them. */
  products: string[];
}

const ONE_PER_ORDER = 'Valid once per customer on the listed products only.';
const AFTER_PRODUCT_DISCOUNT = 'The offer applies to the price after the product’s own discount.';
const NOT_WITH_OTHERS = 'Cannot be combined with any other offer.';
const CLAIM_ON_WHATSAPP = 'Claim the offer, then send your Loot Box to the seller on WhatsApp to order.';

export const DEMO_OFFERS: DemoOffer[] = [
  {
    creator: 'priya.sharma',
    title: 'Diwali Dhamaka: 20% off ethnic wear',
    description:
      'Handblock kurtas and sarees for the festive season at 20% off, up to ₹300 off each piece. Stitched to order in Jaipur and shipped within three days.',
    discountType: 'percentage',
    discountValue: 20,
    minPurchase: 0,
    maxDiscount: 300,
    startDays: -3,
    endDays: 25,
    terms: [ONE_PER_ORDER, 'Maximum discount ₹300 per piece.', AFTER_PRODUCT_DISCOUNT],
    products: [
      'Handblock Printed Cotton Kurta',
      'Banarasi Silk Blend Saree with Zari Border',
      'Jaipuri Cotton Saree for Daily Wear',
      'Boys Festive Kurta Set',
    ],
  },
  {
    creator: 'arjun.tech',
    title: 'Flat ₹2,000 off laptops over ₹30,000',
    description:
      'Upgrading for college or work from home? Take ₹2,000 off any of my three laptop picks. Sealed boxes with GST invoice and one year of warranty.',
    discountType: 'fixed',
    discountValue: 2000,
    minPurchase: 30000,
    maxDiscount: null,
    startDays: -5,
    endDays: 30,
    terms: ['Minimum order value ₹30,000 after the product’s own discount.', NOT_WITH_OTHERS],
    products: [
      '14-inch Thin and Light Laptop 16 GB',
      '15.6-inch Office Laptop with Numeric Keypad',
      '16-inch Creator Laptop with Dedicated Graphics',
    ],
  },
  {
    creator: 'arjun.tech',
    title: 'Audio Fest: 15% off, up to ₹500',
    description:
      'Headphones, earbuds and a fast charger for the commute: 15% off on orders of ₹999 or more, up to ₹500 off.',
    discountType: 'percentage',
    discountValue: 15,
    minPurchase: 999,
    maxDiscount: 500,
    startDays: -1,
    endDays: 21,
    terms: ['Minimum order value ₹999.', 'Maximum discount ₹500.', CLAIM_ON_WHATSAPP],
    products: [
      'Wireless Over-Ear Headphones with ANC',
      'True Wireless Earbuds with Gaming Mode',
      '65 W GaN Fast Charger with Type-C Cable',
    ],
  },
  {
    creator: 'ananya.beauty',
    title: 'Glow Week: Flat ₹100 off on orders over ₹399',
    description:
      'My everyday skincare and haircare routine for less: flat ₹100 off when your order of these products comes to ₹399 or more.',
    discountType: 'fixed',
    discountValue: 100,
    minPurchase: 399,
    maxDiscount: null,
    startDays: -2,
    endDays: 18,
    terms: ['Minimum order value ₹399 after the product’s own discount.', ONE_PER_ORDER],
    products: [
      '10% Vitamin C Face Serum 30 ml',
      'Ceramide Moisturising Cream 50 g',
      'SPF 50 Gel Sunscreen 50 g',
      'Onion and Amla Anti-Hairfall Shampoo 400 ml',
      'Keratin Smoothing Conditioner 180 ml',
    ],
  },
  {
    creator: 'kabir.fit',
    title: 'Fit India Sale: 25% off, up to ₹400',
    description:
      'Everything for a home workout and weekend cricket at 25% off, up to ₹400 off each item. No minimum order.',
    discountType: 'percentage',
    discountValue: 25,
    minPurchase: 0,
    maxDiscount: 400,
    startDays: -7,
    endDays: 35,
    terms: ['Maximum discount ₹400 per item.', AFTER_PRODUCT_DISCOUNT, NOT_WITH_OTHERS],
    products: [
      'Rubber Hex Dumbbell 10 kg',
      'Anti-Slip Yoga Mat 6 mm',
      'Kashmir Willow Cricket Bat Full Size',
      'Gym Duffel Bag with Shoe Pocket',
    ],
  },
  {
    creator: 'vikram.home',
    title: 'Wedding Season Home Sale: Flat ₹1,500 off furniture over ₹4,999',
    description:
      'Refresh the living room before the guests arrive: flat ₹1,500 off our sheesham and fabric furniture on orders of ₹4,999 or more. Free delivery within city limits.',
    discountType: 'fixed',
    discountValue: 1500,
    minPurchase: 4999,
    maxDiscount: null,
    startDays: -4,
    endDays: 28,
    terms: ['Minimum order value ₹4,999.', 'Free delivery within city limits only.', CLAIM_ON_WHATSAPP],
    products: ['Tufted Accent Chair in Velvet', 'Three-Seater Fabric Sofa', 'Sheesham Wood Dining Chair'],
  },
  {
    creator: 'rohan.reads',
    title: 'Exam Prep: 10% off academic books',
    description:
      'Board exams are coming: 10% off my Class 12 and aptitude books, no minimum order. Starts soon, set a reminder.',
    discountType: 'percentage',
    discountValue: 10,
    minPurchase: 0,
    maxDiscount: null,
    startDays: 3,
    endDays: 17,
    terms: [ONE_PER_ORDER, AFTER_PRODUCT_DISCOUNT],
    products: [
      'Physics for Class 12: Concepts and Practice',
      'Quantitative Aptitude Made Easy',
      'Organic Chemistry Workbook',
    ],
  },
  {
    creator: 'meera.crafts',
    title: 'Wedding Gifting: Flat ₹150 off on orders over ₹999',
    description:
      'Hand-painted decor and kitchenware, gift-wrapped with a handwritten card: flat ₹150 off on orders of ₹999 or more.',
    discountType: 'fixed',
    discountValue: 150,
    minPurchase: 999,
    maxDiscount: null,
    startDays: 10,
    endDays: 40,
    terms: ['Minimum order value ₹999.', 'Gift wrapping is free on every order.', NOT_WITH_OTHERS],
    products: [
      'Hand-Painted Ceramic Vase',
      'Terracotta Table Lamp with Linen Shade',
      'Enamel Tea Kettle in Pastel Green',
    ],
  },
  {
    creator: 'zoya.style',
    title: 'End of Season Sale: 30% off, up to ₹250',
    description:
      'Last season’s favourites at 30% off, up to ₹250 off each piece, while sizes last. This sale is over; new drops are coming.',
    discountType: 'percentage',
    discountValue: 30,
    minPurchase: 0,
    maxDiscount: 250,
    startDays: -40,
    endDays: -10,
    terms: ['Maximum discount ₹250 per piece.', 'No returns on sale items.'],
    products: [
      'Linen Blend Casual Shirt',
      'Flared Midi Dress with Waist Tie',
      'Girls Party Frock with Polka Dots',
    ],
  },
  {
    creator: 'rohan.reads',
    title: 'Book Fair Special: Flat ₹50 off fiction',
    description:
      'Flat ₹50 off each of my favourite Indian fiction paperbacks, for the week of the book fair.',
    discountType: 'fixed',
    discountValue: 50,
    minPurchase: 0,
    maxDiscount: null,
    startDays: -20,
    endDays: -2,
    terms: [ONE_PER_ORDER],
    products: [
      'The Monsoon Letters (Paperback)',
      'Midnight at Marine Drive (Thriller)',
      'Tales from the Ghats: Short Stories',
    ],
  },
];
