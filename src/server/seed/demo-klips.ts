// The demo klips (issue 15 item 10, docs/product.md "Demo marketplace"): two per Shop Star, each featuring one of
// that creator's own demo products, with likes, comments and replies from the other demo accounts. Their videos are
// drawn by ffmpeg's lavfi sources (no network, no fonts) and go through the real transcode job (demo-klip-videos.ts).

/** Which lavfi picture a demo klip's video shows (demo-klip-videos.ts draws it); each looks unlike the others. */
export type DemoKlipPattern =
  | 'testsrc2'
  | 'smptebars'
  | 'mandelbrot'
  | 'life'
  | 'cellauto'
  | 'rgbtestsrc'
  | 'gradients'
  | 'colorspectrum'
  | 'palette'
  | 'sierpinski'
  | 'pal100bars'
  | 'yuvtestsrc'
  | 'colorchart'
  | 'testsrc';

export interface DemoComment {
  /** A demo account's username. */
  by: string;
  text: string;
  /** Stored as the spec says: the content starts with the parent author's name and a colon (seed-demo.ts adds it). */
  replies?: { by: string; text: string }[];
}

export interface DemoKlip {
  /** Username of the demo creator who posted it. */
  creator: string;
  /** One of the creator's own demo products (demo-products.ts), by name. */
  product: string;
  title: string;
  description: string;
  tags: string[];
  video: { pattern: DemoKlipPattern; seconds: number; toneHz: number };
  /** How long ago it was posted, so the grid has an order and ages. */
  ageHours: number;
  /** Demo accounts that like it. */
  likedBy: string[];
  /** Anonymous viewers over its days, besides the demo accounts that watched it. */
  anonymousViews: number;
  comments: DemoComment[];
}

export const DEMO_KLIPS: DemoKlip[] = [
  {
    creator: 'priya.sharma',
    product: 'Banarasi Silk Blend Saree with Zari Border',
    title: 'Draping a Banarasi in under a minute',
    description:
      'Pleats, pallu and a pin: the quickest way I know to drape a silk blend Banarasi for a wedding evening. The zari border sits right every time.',
    tags: ['saree', 'banarasi', 'wedding', 'draping'],
    video: { pattern: 'palette', seconds: 10, toneHz: 392 },
    ageHours: 5,
    likedBy: ['neha.shops', 'zoya.style', 'ananya.beauty', 'meera.crafts', 'kabir.fit'],
    anonymousViews: 64,
    comments: [
      {
        by: 'neha.shops',
        text: 'The zari on this is gorgeous. Does it come with a blouse piece?',
        replies: [
          { by: 'priya.sharma', text: 'Yes, an unstitched blouse piece in the same zari comes with it.' },
        ],
      },
      { by: 'zoya.style', text: 'Saving this for the next sangeet!' },
    ],
  },
  {
    creator: 'priya.sharma',
    product: 'Handblock Printed Cotton Kurta',
    title: 'Handblock kurta: from the Jaipur workshop to your wardrobe',
    description:
      'Every print on this kurta is stamped by hand with wooden blocks. Soft cotton for summer office days and weekend chai.',
    tags: ['kurta', 'handblock', 'cotton', 'jaipur'],
    video: { pattern: 'gradients', seconds: 8, toneHz: 440 },
    ageHours: 30,
    likedBy: ['neha.shops', 'meera.crafts', 'rohan.reads'],
    anonymousViews: 41,
    comments: [
      {
        by: 'meera.crafts',
        text: 'Love that the blocks are carved in Sanganer. Which dyes do you use?',
        replies: [
          { by: 'priya.sharma', text: 'Natural indigo and madder for this one.' },
          { by: 'meera.crafts', text: 'Beautiful, ordering two.' },
        ],
      },
    ],
  },
  {
    creator: 'arjun.tech',
    product: '5G Smartphone 8 GB + 128 GB, 120 Hz Display',
    title: '120 Hz on a budget: scrolling test',
    description:
      'Side by side at 60 and 120 Hz: feeds, maps and a quick game. Is the smooth display worth it at this price? My take at the end.',
    tags: ['smartphone', '5g', '120hz', 'review'],
    video: { pattern: 'testsrc2', seconds: 12, toneHz: 523 },
    ageHours: 3,
    likedBy: ['neha.shops', 'kabir.fit', 'rohan.reads', 'vikram.home', 'zoya.style', 'ananya.beauty'],
    anonymousViews: 120,
    comments: [
      {
        by: 'rohan.reads',
        text: 'How is the battery with 120 Hz always on?',
        replies: [{ by: 'arjun.tech', text: 'A full day of mixed use; set it to adaptive for a bit more.' }],
      },
      { by: 'kabir.fit', text: 'Bought it last week, the display is buttery.' },
      { by: 'neha.shops', text: 'Does it support dual 5G SIMs?' },
    ],
  },
  {
    creator: 'arjun.tech',
    product: 'True Wireless Earbuds with Gaming Mode',
    title: 'Gaming mode latency, tested',
    description:
      'Footsteps, gunshots and voice chat with gaming mode on and off. The difference is easy to hear.',
    tags: ['earbuds', 'gaming', 'tws', 'audio'],
    video: { pattern: 'smptebars', seconds: 9, toneHz: 587 },
    ageHours: 52,
    likedBy: ['neha.shops', 'kabir.fit', 'vikram.home'],
    anonymousViews: 58,
    comments: [
      {
        by: 'neha.shops',
        text: 'Added these to my Loot Box straight from this klip!',
        replies: [{ by: 'arjun.tech', text: 'Great pick, enjoy the low latency.' }],
      },
    ],
  },
  {
    creator: 'meera.crafts',
    product: 'Terracotta Table Lamp with Linen Shade',
    title: 'Warm light for a reading corner',
    description:
      'A terracotta lamp, hand-finished in Chennai, with a linen shade that softens the glow. Watch it light up a corner at dusk.',
    tags: ['lamp', 'terracotta', 'decor', 'handmade'],
    video: { pattern: 'colorspectrum', seconds: 8, toneHz: 349 },
    ageHours: 12,
    likedBy: ['priya.sharma', 'neha.shops', 'vikram.home', 'ananya.beauty'],
    anonymousViews: 37,
    comments: [
      {
        by: 'vikram.home',
        text: 'This would look great next to a sheesham chair.',
        replies: [{ by: 'meera.crafts', text: 'It really does, I have exactly that at home.' }],
      },
    ],
  },
  {
    creator: 'meera.crafts',
    product: 'Hand-Painted Ceramic Vase',
    title: 'Painting a ceramic vase, one stroke at a time',
    description: 'Slow, steady brushwork in cobalt and ochre. No two vases come out the same.',
    tags: ['vase', 'ceramic', 'handpainted', 'homedecor'],
    video: { pattern: 'sierpinski', seconds: 11, toneHz: 330 },
    ageHours: 76,
    likedBy: ['priya.sharma', 'zoya.style'],
    anonymousViews: 29,
    comments: [{ by: 'zoya.style', text: 'So calming to watch.' }],
  },
  {
    creator: 'kabir.fit',
    product: 'Anti-Slip Yoga Mat 6 mm',
    title: 'Five-minute morning flow on a 6 mm mat',
    description:
      'Sun salutations, a low lunge and a twist. The mat stays put even when your palms get sweaty.',
    tags: ['yoga', 'fitness', 'morning', 'mat'],
    video: { pattern: 'life', seconds: 10, toneHz: 262 },
    ageHours: 8,
    likedBy: ['neha.shops', 'ananya.beauty', 'priya.sharma', 'arjun.tech'],
    anonymousViews: 73,
    comments: [
      {
        by: 'ananya.beauty',
        text: 'Is 6 mm thick enough for bad knees?',
        replies: [{ by: 'kabir.fit', text: 'Yes, fold the end over for extra cushion in kneeling poses.' }],
      },
      { by: 'neha.shops', text: 'Trying this flow tomorrow morning.' },
    ],
  },
  {
    creator: 'kabir.fit',
    product: 'Kashmir Willow Cricket Bat Full Size',
    title: 'Knocking in a Kashmir willow bat',
    description: 'Oil, mallet and patience: how to prepare a new willow bat before its first net session.',
    tags: ['cricket', 'bat', 'willow', 'howto'],
    video: { pattern: 'cellauto', seconds: 7, toneHz: 294 },
    ageHours: 100,
    likedBy: ['arjun.tech', 'rohan.reads', 'vikram.home'],
    anonymousViews: 45,
    comments: [
      {
        by: 'rohan.reads',
        text: 'How many hours of knocking in do you recommend?',
        replies: [{ by: 'kabir.fit', text: 'Four to six hours, spread over a week.' }],
      },
    ],
  },
  {
    creator: 'ananya.beauty',
    product: '10% Vitamin C Face Serum 30 ml',
    title: 'Vitamin C serum: my morning routine',
    description:
      'Three drops after cleansing, then moisturiser and sunscreen. Why vitamin C goes on in the morning, and what to avoid mixing it with.',
    tags: ['skincare', 'vitaminc', 'serum', 'routine'],
    video: { pattern: 'rgbtestsrc', seconds: 9, toneHz: 659 },
    ageHours: 1,
    likedBy: ['neha.shops', 'priya.sharma', 'zoya.style', 'meera.crafts', 'kabir.fit'],
    anonymousViews: 96,
    comments: [
      {
        by: 'neha.shops',
        text: 'Can I use it with niacinamide?',
        replies: [
          { by: 'ananya.beauty', text: 'Yes, but give the serum a minute to absorb first.' },
          { by: 'neha.shops', text: 'Thank you, that helps!' },
        ],
      },
      { by: 'zoya.style', text: 'My skin has been glowing since I started this.' },
    ],
  },
  {
    creator: 'ananya.beauty',
    product: 'SPF 50 Gel Sunscreen 50 g',
    title: 'No white cast: SPF 50 gel on Indian skin',
    description:
      'Two finger lengths, blended in seconds. No white cast, no grease, even in Hyderabad humidity.',
    tags: ['sunscreen', 'spf50', 'skincare', 'summer'],
    video: { pattern: 'yuvtestsrc', seconds: 8, toneHz: 698 },
    ageHours: 40,
    likedBy: ['priya.sharma', 'neha.shops'],
    anonymousViews: 52,
    comments: [{ by: 'priya.sharma', text: 'Finally a sunscreen that does not pill under makeup.' }],
  },
  {
    creator: 'rohan.reads',
    product: 'Midnight at Marine Drive (Thriller)',
    title: 'A thriller you finish in one night',
    description: 'No spoilers: why this Mumbai thriller kept me up till 3 a.m., and who will love it.',
    tags: ['books', 'thriller', 'mumbai', 'review'],
    video: { pattern: 'mandelbrot', seconds: 10, toneHz: 220 },
    ageHours: 20,
    likedBy: ['neha.shops', 'zoya.style', 'arjun.tech'],
    anonymousViews: 33,
    comments: [
      {
        by: 'zoya.style',
        text: 'Is it a standalone or part of a series?',
        replies: [{ by: 'rohan.reads', text: 'A standalone, with a sequel coming next year.' }],
      },
    ],
  },
  {
    creator: 'rohan.reads',
    product: 'Quantitative Aptitude Made Easy',
    title: 'Three shortcuts for percentage questions',
    description:
      'Percentages, successive discounts and profit and loss, each in under a minute. From the book I wish I had before my exams.',
    tags: ['exams', 'aptitude', 'maths', 'studytips'],
    video: { pattern: 'colorchart', seconds: 12, toneHz: 247 },
    ageHours: 124,
    likedBy: ['neha.shops', 'kabir.fit'],
    anonymousViews: 88,
    comments: [{ by: 'kabir.fit', text: 'The successive discount trick is brilliant.' }],
  },
  {
    creator: 'zoya.style',
    product: 'Linen Blend Casual Shirt',
    title: 'One linen shirt, three looks',
    description:
      'Tucked with chinos, open over a tee, knotted with a skirt: one breezy shirt for the whole week.',
    tags: ['streetwear', 'linen', 'styling', 'summer'],
    video: { pattern: 'pal100bars', seconds: 9, toneHz: 370 },
    ageHours: 16,
    likedBy: ['neha.shops', 'priya.sharma', 'ananya.beauty', 'rohan.reads'],
    anonymousViews: 67,
    comments: [
      {
        by: 'priya.sharma',
        text: 'The knotted look is so good!',
        replies: [{ by: 'zoya.style', text: 'My favourite too, perfect for brunch.' }],
      },
      { by: 'neha.shops', text: 'Which colour is this?' },
    ],
  },
  {
    creator: 'zoya.style',
    product: 'Flared Midi Dress with Waist Tie',
    title: 'Twirl test: the flared midi',
    description:
      'A midi that twirls, with a waist tie that flatters. Styled with white sneakers for a day out.',
    tags: ['dress', 'midi', 'styling', 'ootd'],
    video: { pattern: 'testsrc', seconds: 6, toneHz: 415 },
    ageHours: 64,
    likedBy: ['neha.shops', 'ananya.beauty'],
    anonymousViews: 39,
    comments: [{ by: 'ananya.beauty', text: 'Obsessed with this dress.' }],
  },
  {
    creator: 'vikram.home',
    product: 'Non-Stick Frying Pan 26 cm',
    title: 'Dosa on a non-stick pan, no oil',
    description:
      'A thin, crisp dosa on a 26 cm non-stick pan, without a drop of oil, and how to look after the coating.',
    tags: ['kitchen', 'cooking', 'dosa', 'nonstick'],
    video: { pattern: 'palette', seconds: 11, toneHz: 311 },
    ageHours: 26,
    likedBy: ['neha.shops', 'meera.crafts', 'kabir.fit', 'arjun.tech'],
    anonymousViews: 54,
    comments: [
      {
        by: 'meera.crafts',
        text: 'Does it work on an induction cooktop?',
        replies: [{ by: 'vikram.home', text: 'Yes, it has an induction base.' }],
      },
    ],
  },
  {
    creator: 'vikram.home',
    product: 'Spice Route Trading Game',
    title: 'Family game night: Spice Route',
    description:
      'Trade pepper, cardamom and saffron across the old ports. Easy to learn, great with kids and grandparents.',
    tags: ['boardgames', 'family', 'gamenight', 'strategy'],
    video: { pattern: 'gradients', seconds: 10, toneHz: 277 },
    ageHours: 150,
    likedBy: ['neha.shops', 'rohan.reads', 'priya.sharma'],
    anonymousViews: 26,
    comments: [
      {
        by: 'rohan.reads',
        text: 'How long does one game take?',
        replies: [{ by: 'vikram.home', text: 'About 45 minutes with four players.' }],
      },
    ],
  },
];
