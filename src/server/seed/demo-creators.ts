// The demo marketplace's Shop Stars and its shopper (docs/product.md "Demo marketplace").

export interface DemoCreator {
  username: string;
  fullName: string;
  email: string;
  bio: string;
  whatsapp: string;
  /** Two colours of the generated avatar and cover. */
  palette: [string, string];
}

export const DEMO_CREATORS: DemoCreator[] = [
  {
    username: 'priya.sharma',
    fullName: 'Priya Sharma',
    email: 'priya.sharma@demo.lootklip.in',
    bio: 'Handloom sarees and everyday kurtas from Jaipur. New drops every Friday. https://example.com/priya',
    whatsapp: '9876543210',
    palette: ['#f97316', '#db2777'],
  },
  {
    username: 'arjun.tech',
    fullName: 'Arjun Mehta',
    email: 'arjun.tech@demo.lootklip.in',
    bio: 'Phones, laptops and the accessories that make them better. Honest reviews, fair prices, Bengaluru.',
    whatsapp: '9823456701',
    palette: ['#2563eb', '#0891b2'],
  },
  {
    username: 'meera.crafts',
    fullName: 'Meera Iyer',
    email: 'meera.crafts@demo.lootklip.in',
    bio: 'Brass, terracotta and hand-painted decor for warm Indian homes. Made in Chennai.',
    whatsapp: '9845012367',
    palette: ['#b45309', '#65a30d'],
  },
  {
    username: 'kabir.fit',
    fullName: 'Kabir Singh',
    email: 'kabir.fit@demo.lootklip.in',
    bio: 'Gym gear, cricket kits and sportswear that lasts. Coach by morning, seller by evening. Pune.',
    whatsapp: '9811122233',
    palette: ['#16a34a', '#0d9488'],
  },
  {
    username: 'ananya.beauty',
    fullName: 'Ananya Rao',
    email: 'ananya.beauty@demo.lootklip.in',
    bio: 'Skincare, makeup and haircare for Indian skin and weather. Dermat-approved picks, Hyderabad.',
    whatsapp: '9700011122',
    palette: ['#e11d48', '#a855f7'],
  },
  {
    username: 'rohan.reads',
    fullName: 'Rohan Das',
    email: 'rohan.reads@demo.lootklip.in',
    bio: 'Fiction, non-fiction and exam prep books, new and gently used. Kolkata book lover.',
    whatsapp: '9830098300',
    palette: ['#7c3aed', '#4f46e5'],
  },
  {
    username: 'zoya.style',
    fullName: 'Zoya Khan',
    email: 'zoya.style@demo.lootklip.in',
    bio: 'Streetwear and kidswear with a desi twist. Styling tips in every klip. Mumbai.',
    whatsapp: '9920099200',
    palette: ['#0ea5e9', '#f43f5e'],
  },
  {
    username: 'vikram.home',
    fullName: 'Vikram Nair',
    email: 'vikram.home@demo.lootklip.in',
    bio: 'Kitchenware, furniture and board games for the whole family. Kochi.',
    whatsapp: '9447012345',
    palette: ['#ca8a04', '#dc2626'],
  },
];

/** Every demo account signs in with this password (README "Demo accounts"). */
export const DEMO_PASSWORD = 'lootklip-demo';

/** A shopper with no shop, for trying the Loot Box and contacting sellers. */
export const DEMO_SHOPPER = {
  email: 'shopper@demo.lootklip.in',
  username: 'neha.shops',
  fullName: 'Neha Kapoor',
  bio: 'Always hunting for a good deal.',
};
