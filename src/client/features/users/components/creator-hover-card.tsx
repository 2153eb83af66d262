// The creator chip (avatar and @username) with its hover card
// (docs/product.md "Creator hover card" and "Hover card"): a non-modal popover opened by hovering, by keyboard focus
// or by a long press, that never takes focus itself.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, MessageCircle } from 'lucide-react';
import { Popover } from 'radix-ui';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import {
  HOVER_CARD_AUTO_CLOSE_MS,
  HOVER_CARD_CLOSE_DELAY_MS,
  HOVER_CARD_DELAY_MS,
  HOVER_CARD_LONG_PRESS_MS,
  HOVER_CARD_PREFETCH_MS,
  HOVER_CARD_VIBRATION_MS,
  TOUCH_MOVE_SWIPE_PX,
} from '../../../../shared/constants.ts';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import {
  buildEmailComposeUrl,
  isValidEmail,
  isValidPhone,
  toIndianPhoneNumber,
} from '../../../../shared/domain/contact.ts';
import { getDisplayName } from '../../../../shared/domain/display-name.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { CREATOR_MESSAGES } from '../../../../shared/creator-messages.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { paths } from '../../../config/paths.ts';
import { getProfileQueryOptions, type ProfileKey } from '../api/profiles.ts';
import { CreatorStats } from './creator-stats.tsx';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-messages.ts';
import { toast } from '../../../lib/toast.ts';

/** How the card was opened decides how it closes: a hover by leaving, a long press by time or an outside tap. */
type OpenMode = 'pointer' | 'focus' | 'touch';

const CHIP_CLASS =
  'inline-flex w-fit max-w-full select-none items-center gap-2 rounded-full border border-line bg-surface py-1 pr-3 pl-1 text-sm font-semibold text-ink [-webkit-touch-callout:none] hover:border-brand';

export type CreatorHoverCardProps = {
  /** The creator's user id: the profile is fetched (and prefetched) by it when known. */
  uid?: string | undefined;
  username: string;
  avatar?: string | null | undefined;
  /**
   * 'inline': the @username alone, small, as under a product card's name; its card is portalled, because a card
   * in a scrolling row would cut it off.
   */
  variant?: 'chip' | 'inline';
};

const INLINE_CLASS =
  'max-w-full truncate rounded text-xs text-ink-subtle select-none [-webkit-touch-callout:none] hover:text-brand-ink hover:underline';

export function CreatorHoverCard({ uid, username, avatar, variant = 'chip' }: CreatorHoverCardProps) {
  const [mode, setMode] = useState<OpenMode | null>(null);
  const chipRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const openTimer = useTimer();
  const closeTimer = useTimer();
  const press = useRef<{ x: number; y: number } | null>(null);
  const pointerFocus = useRef(false);
  const labelId = useId();
  const profileKey: ProfileKey = uid ? { userId: uid } : { username };

  // The chip prefetches (docs/product.md "Hover card"); a grid of cards would ask for every creator, so the
  // inline variant fetches when opened.
  usePrefetchProfile(variant === 'chip' ? uid : undefined);
  useEffect(() => {
    if (mode !== 'touch') return undefined;
    const timer = setTimeout(() => setMode(null), HOVER_CARD_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [mode]);

  function close() {
    openTimer.clear();
    closeTimer.clear();
    setMode(null);
  }

  function openLater(next: OpenMode) {
    closeTimer.clear();
    if (!mode) openTimer.start(HOVER_CARD_DELAY_MS, () => setMode(next));
  }

  const onPointerEnter = (event: ReactPointerEvent) => {
    if (event.pointerType === 'touch') return;
    closeTimer.clear();
    openLater('pointer');
  };
  const onPointerLeave = (event: ReactPointerEvent) => {
    if (event.pointerType === 'touch') return;
    openTimer.clear();
    if (mode === 'pointer') closeTimer.start(HOVER_CARD_CLOSE_DELAY_MS, () => setMode(null));
  };

  const chipHandlers = {
    onPointerEnter,
    onPointerLeave,
    onPointerDown: (event: ReactPointerEvent) => {
      pointerFocus.current = true;
      if (event.pointerType !== 'touch') return;
      press.current = { x: event.clientX, y: event.clientY };
      openTimer.start(HOVER_CARD_LONG_PRESS_MS, () => {
        navigator.vibrate?.(HOVER_CARD_VIBRATION_MS);
        setMode('touch');
      });
    },
    onPointerMove: (event: ReactPointerEvent) => {
      // A finger that moves is scrolling, not pressing.
      const start = press.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > TOUCH_MOVE_SWIPE_PX) {
        press.current = null;
        openTimer.clear();
      }
    },
    onPointerUp: () => {
      if (press.current) openTimer.clear();
      press.current = null;
    },
    onPointerCancel: () => {
      if (press.current) openTimer.clear();
      press.current = null;
    },
    // The phone's own long-press menu would cover the card.
    onContextMenu: (event: ReactMouseEvent) => {
      if (press.current || mode === 'touch') event.preventDefault();
    },
    // docs/product.md "Hover card": a click on the chip while the card is open from a long press does nothing (no
    // navigation either).
    onClick: (event: ReactMouseEvent) => {
      if (mode === 'touch') event.preventDefault();
    },
    // Keyboard focus opens the card like a hover; focus that comes with a press does not.
    onFocus: () => {
      if (!pointerFocus.current) openLater('focus');
      pointerFocus.current = false;
    },
    onBlur: () => {
      pointerFocus.current = false;
      if (!mode) openTimer.clear();
    },
  };

  return (
    <Popover.Root open={mode !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <Popover.Anchor asChild>
        {username && variant === 'inline' ? (
          <Link
            ref={chipRef}
            to={paths.shopstar.getHref(username)}
            className={INLINE_CLASS}
            aria-expanded={mode !== null}
            {...chipHandlers}
          >
            @{username}
          </Link>
        ) : username ? (
          <Link
            ref={chipRef}
            to={paths.shopstar.getHref(username)}
            className={CHIP_CLASS}
            aria-expanded={mode !== null}
            {...chipHandlers}
          >
            <Avatar name={username} src={avatar} className="size-7 text-xs" />
            <span className="truncate">@{username}</span>
          </Link>
        ) : (
          <button
            ref={chipRef}
            type="button"
            className={CHIP_CLASS}
            aria-expanded={mode !== null}
            {...chipHandlers}
          >
            <Avatar name="?" src={avatar} className="size-7 text-xs" />
            <span>@</span>
          </button>
        )}
      </Popover.Anchor>
      {/* The chip's card is not portalled: it follows the chip in the document, so Tab goes from the chip into it. */}
      <CardPortal portalled={variant === 'inline'}>
        <Popover.Content
          ref={contentRef}
          side="bottom"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={labelId}
          className="animate-fade z-40 w-72 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-2xl border border-line bg-surface text-left shadow-lift outline-none"
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (chipRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onEscapeKeyDown={() => {
            // Focus inside the card would be lost when it unmounts; the chip is where it came from.
            if (contentRef.current?.contains(document.activeElement)) chipRef.current?.focus();
          }}
        >
          <CardBody profileKey={username ? profileKey : null} labelId={labelId} />
        </Popover.Content>
      </CardPortal>
    </Popover.Root>
  );
}

function CardPortal({ portalled, children }: { portalled: boolean; children: ReactNode }) {
  return portalled ? <Popover.Portal>{children}</Popover.Portal> : children;
}

function CardBody({ profileKey, labelId }: { profileKey: ProfileKey | null; labelId: string }) {
  const query = useQuery({ ...getProfileQueryOptions(profileKey ?? {}), enabled: profileKey !== null });
  if (!profileKey) {
    return (
      <p id={labelId} className="p-4 text-sm text-ink-muted">
        {CREATOR_MESSAGES.profileUnavailable}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 p-5 text-center">
        <p id={labelId} className="text-sm text-ink-muted">
          {CREATOR_MESSAGES.profileLoadFailed}
        </p>
        <button
          type="button"
          className={getButtonClass({ variant: 'secondary', size: 'sm' })}
          onClick={() => void query.refetch()}
        >
          {APP_MESSAGES.tryAgain}
        </button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div aria-busy="true" className="p-4">
        <span id={labelId} className="sr-only">
          {APP_MESSAGES.loading}
        </span>
        <div aria-hidden="true" className="flex flex-col gap-3">
          <div className="h-14 animate-pulse rounded-xl bg-surface-muted" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
        </div>
      </div>
    );
  }
  return <ProfileCard profile={query.data.data} labelId={labelId} />;
}

function ProfileCard({ profile, labelId }: { profile: UserProfile; labelId: string }) {
  const name = getDisplayName(profile);
  const contactHref = getContactHref(profile.metadata.contactInfo);
  const contactClass = getButtonClass({ variant: 'secondary', size: 'sm', className: 'flex-1' });
  return (
    <div>
      <div className="h-20 overflow-hidden">
        {profile.coverImage ? (
          <img src={profile.coverImage} alt="" className="size-full object-cover" />
        ) : (
          <div className="brand-gradient size-full" aria-hidden="true" />
        )}
      </div>
      <div className="px-4 pb-4">
        <Avatar name={name} src={profile.avatar} className="-mt-8 size-16 border-4 border-surface text-lg" />
        <p id={labelId} className="mt-1 truncate font-bold text-ink" dir="auto">
          {name}
        </p>
        <p className="truncate text-sm text-ink-muted">@{profile.username}</p>
        {profile.bio ? (
          <LinkifiedText text={profile.bio} className="mt-2 line-clamp-3 text-sm break-words text-ink" />
        ) : null}
        <CreatorStats stats={profile.stats} className="mt-3" />
        <div className="mt-4 flex gap-2">
          <Link
            to={paths.shopstar.getHref(profile.username)}
            className={getButtonClass({ size: 'sm', className: 'flex-1' })}
          >
            {CREATOR_MESSAGES.viewProfile}
          </Link>
          {profile.contactsHidden ? (
            // The creator's whoCanContactMe keeps their contacts from this reader (decision 0071).
            <p className="flex-1 self-center text-xs text-ink-muted">{PRIVACY_MESSAGES.notTakingContacts}</p>
          ) : contactHref ? (
            <a href={contactHref} target="_blank" rel="noopener noreferrer nofollow" className={contactClass}>
              {contactHref.startsWith('https://wa.me/') ? (
                <MessageCircle aria-hidden="true" className="size-4" />
              ) : (
                <Mail aria-hidden="true" className="size-4" />
              )}
              {CREATOR_MESSAGES.contact}
            </a>
          ) : (
            <button
              type="button"
              className={contactClass}
              onClick={() => toast.error(CATALOGUE_MESSAGES.noContactInfo)}
            >
              {CREATOR_MESSAGES.contact}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** WhatsApp first (wa.me with the 91 country code), then e-mail; null when the creator gave neither. */
export function getContactHref(contact: UserProfile['metadata']['contactInfo']): string | null {
  if (contact.whatsapp && isValidPhone(contact.whatsapp)) {
    return `https://wa.me/${toIndianPhoneNumber(contact.whatsapp)}`;
  }
  if (contact.email && isValidEmail(contact.email)) {
    // docs/product.md "Creator hover card" (our decision): e-mail opens the web-mail compose URL, as in the contact
    // dialog.
    return buildEmailComposeUrl({ to: contact.email, subject: CREATOR_MESSAGES.contactSubject, body: '' });
  }
  return null;
}

/**
 * docs/product.md "Hover card": the profile is fetched 2 s after mount when the uid is known, so a later hover opens
 * at once.
 */
function usePrefetchProfile(uid: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid) return undefined;
    const timer = setTimeout(
      () => void queryClient.prefetchQuery(getProfileQueryOptions({ userId: uid })),
      HOVER_CARD_PREFETCH_MS,
    );
    return () => clearTimeout(timer);
  }, [uid, queryClient]);
}

/** One pending timeout at a time, cleared on unmount. */
function useTimer() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    start(ms: number, callback: () => void) {
      clearTimeout(timer.current);
      timer.current = setTimeout(callback, ms);
    },
    clear() {
      clearTimeout(timer.current);
    },
  };
}
