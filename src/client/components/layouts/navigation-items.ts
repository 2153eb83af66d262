// The side menu, drawer, bottom bar and create menus list the same destinations; they are defined once here.
import {
  Clapperboard,
  House,
  LayoutDashboard,
  type LucideIcon,
  PackagePlus,
  Settings,
  ShoppingBag,
  TicketPercent,
  Video,
} from 'lucide-react';
import { paths } from '../../config/paths.ts';

export type NavItem = { label: string; href: string; icon: LucideIcon; end?: boolean };

export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref(), icon: House, end: true },
  { label: 'Shop', href: paths.shop.getHref(), icon: ShoppingBag },
  { label: 'Klips', href: paths.klips.getHref(), icon: Clapperboard },
  { label: 'Offers', href: paths.offers.getHref(), icon: TicketPercent },
];

export const ACCOUNT_NAV: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard.getHref(), icon: LayoutDashboard },
  { label: 'Settings', href: paths.settings.getHref(), icon: Settings },
];

export type CreateItem = { label: string; description: string; href: string; icon: LucideIcon };

export const CREATE_ITEMS: readonly CreateItem[] = [
  {
    label: 'Create Product',
    description: 'List a product for sale',
    href: paths.create.product.getHref(),
    icon: PackagePlus,
  },
  {
    label: 'Create Klip',
    description: 'Share a video about a product',
    href: paths.create.klip.getHref(),
    icon: Video,
  },
  {
    label: 'Create Offer',
    description: 'Add special offers',
    href: paths.create.offer.getHref(),
    icon: TicketPercent,
  },
];
