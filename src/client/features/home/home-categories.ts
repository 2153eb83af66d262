// What the home page offers to browse (docs/product.md "Home"). The names are those of "Category tree"; the icons and
// colours are ours. When the category tree moves to src/shared/domain, these names should come from it.
import {
  Baby,
  BookOpen,
  Dumbbell,
  Headphones,
  House,
  Laptop,
  type LucideIcon,
  Shirt,
  Smartphone,
  Sparkles,
  ToyBrick,
  UserRound,
  Venus,
} from 'lucide-react';

export type HomeCategory = { name: string; icon: LucideIcon; tint: string };

export const EXPLORE_CATEGORIES: readonly HomeCategory[] = [
  { name: 'Electronics', icon: Smartphone, tint: 'from-sky-500 to-indigo-500' },
  { name: 'Fashion', icon: Shirt, tint: 'from-rose-500 to-pink-500' },
  { name: 'Home', icon: House, tint: 'from-amber-500 to-orange-500' },
  { name: 'Beauty', icon: Sparkles, tint: 'from-fuchsia-500 to-purple-500' },
  { name: 'Sports', icon: Dumbbell, tint: 'from-emerald-500 to-teal-500' },
  { name: 'Books', icon: BookOpen, tint: 'from-yellow-500 to-amber-600' },
  { name: 'Toys', icon: ToyBrick, tint: 'from-red-500 to-orange-500' },
];

export type HomeSubcategory = { name: string; icon: LucideIcon; blurb: string };

export const ELECTRONICS_PICKS: readonly HomeSubcategory[] = [
  { name: 'Phones', icon: Smartphone, blurb: 'Flagships to budget beasts' },
  { name: 'Laptops', icon: Laptop, blurb: 'For work, study and play' },
  { name: 'Accessories', icon: Headphones, blurb: 'Earbuds, chargers, cases' },
];

export const FASHION_PICKS: readonly HomeSubcategory[] = [
  { name: 'Men', icon: UserRound, blurb: 'Kurtas, denims, sneakers' },
  { name: 'Women', icon: Venus, blurb: 'Sarees, dresses, ethnic sets' },
  { name: 'Kids', icon: Baby, blurb: 'Comfy, colourful, playful' },
];
