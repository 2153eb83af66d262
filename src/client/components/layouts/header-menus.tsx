// The signed-in header controls: Create, activity, Loot Box and profile. Radix gives the menus their keyboard
// paths (arrows, Esc, typeahead) and focus return.
import { Bell, ChevronDown, LogOut, Plus, Settings } from 'lucide-react';
import { DropdownMenu, Popover } from 'radix-ui';
import { Link } from 'react-router';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { paths } from '../../config/paths.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import type { AuthUser } from '../../lib/auth.ts';
import { Avatar, getInitials } from '../ui/avatar.tsx';
import { getButtonClass, ICON_BUTTON_CLASS } from '../ui/button-styles.ts';
import { useHeaderSlots } from './header-slots.ts';
import { CREATE_ITEMS } from './navigation-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const MENU_CLASS =
  'animate-pop z-50 min-w-56 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-lift outline-none';
const MENU_ITEM_CLASS =
  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-muted';

export function CreateMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={getButtonClass({ size: 'sm', className: 'max-md:hidden' })}>
        <Plus aria-hidden="true" className="size-4" />
        Create
        <ChevronDown aria-hidden="true" className="size-4 opacity-80" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={MENU_CLASS}>
          {CREATE_ITEMS.map(({ label, description, href, icon: Icon }) => (
            <DropdownMenu.Item key={href} asChild className={MENU_ITEM_CLASS}>
              <Link to={href}>
                <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{label}</span>
                  <span className="text-xs text-ink-muted">{description}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The bell without the notifications feature (a layout rendered on its own): no activity to show. */
export function ActivityButton() {
  return (
    <Popover.Root>
      <Popover.Trigger className={ICON_BUTTON_CLASS} aria-label="Activity">
        <Bell aria-hidden="true" className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className={`${MENU_CLASS} w-72 p-4`}>
          <p className="font-semibold">{APP_MESSAGES.activity}</p>
          <p className="mt-1 text-sm text-ink-muted">{APP_MESSAGES.noActivity}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export function ProfileMenu({ user, onSignOut }: { user: AuthUser; onSignOut: () => void }) {
  const name = getDisplayName(user);
  // Initials are text on screen, so the name says them too: a voice user can say what they see (docs/product.md
  // "Accessibility", decision 0054).
  const label = user.avatar
    ? APP_MESSAGES.accountMenu
    : APP_MESSAGES.accountMenuWithInitials(getInitials(name));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="rounded-full" aria-label={label}>
        <Avatar name={name} src={user.avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={`${MENU_CLASS} w-64`}>
          {/* docs/product.md "Layout and navigation" order: full name, @username (to the seller profile), e-mail. */}
          <div className="flex items-start gap-3 px-3 py-2">
            <Avatar name={name} src={user.avatar} className="size-10 text-sm" />
            <div className="flex min-w-0 flex-col items-start">
              <p className="max-w-full truncate font-semibold">{name}</p>
              <DropdownMenu.Item
                asChild
                className="-mx-1 max-w-full cursor-pointer truncate rounded-md px-1 text-sm font-medium text-brand-ink outline-none data-[highlighted]:bg-surface-muted data-[highlighted]:underline"
              >
                <Link to={paths.shopstar.getHref(user.username)}>@{user.username}</Link>
              </DropdownMenu.Item>
              <p className="max-w-full truncate text-xs text-ink-muted">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={MENU_ITEM_CLASS}>
            <Link to={paths.settings.getHref()}>
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Everything right of the search box for a signed-in user (default export: loaded lazily by the header). */
export default function SignedInHeaderActions({
  user,
  onSignOut,
}: {
  user: AuthUser;
  onSignOut: () => void;
}) {
  const { lootBox, notifications } = useHeaderSlots();
  return (
    <div className="flex items-center gap-0.5 sm:gap-1">
      <CreateMenu />
      <ThemeToggle className="max-md:hidden" />
      {/* The app's notifications (src/client/app/root-layout.tsx); the empty button when a layout stands alone. */}
      {notifications ?? <ActivityButton />}
      {/* The app's Loot Box (src/client/app/root-layout.tsx); none when a layout is rendered on its own. */}
      {lootBox}
      <span className="ml-1 inline-flex">
        <ProfileMenu user={user} onSignOut={onSignOut} />
      </span>
    </div>
  );
}
