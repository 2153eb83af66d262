// The header's notifications button and its panel (docs/product.md "Notifications"; decision 0077): the unread
// count on the bell ("3 unread" to a screen reader), the grouped activity newest first with links to the klip,
// comment or product, mark one or all read, older pages on demand. New activity arrives through the live stream
// and is announced politely.
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationGroup } from '../../../../shared/contracts/notifications.ts';
import { NOTIFICATION_MESSAGES } from '../../../../shared/notifications-messages.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import {
  useMarkRead,
  useNotifications,
  useNotificationStream,
  useUnreadCount,
} from '../api/notifications.ts';

function hrefOf(group: NotificationGroup): string {
  if (group.kind === 'offer_ending' && group.productId) return paths.product.getHref(group.productId);
  if (group.klipId) {
    const href = paths.klip.getHref(group.klipId);
    return group.commentId ? `${href}?comment=${encodeURIComponent(group.commentId)}` : href;
  }
  return paths.offers.getHref();
}

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationsMenu() {
  const live = useNotificationStream();
  const unread = useUnreadCount(live).data ?? 0;
  const [open, setOpen] = useState(false);
  const label =
    unread > 0
      ? `${NOTIFICATION_MESSAGES.open}, ${NOTIFICATION_MESSAGES.unread(unread)}`
      : NOTIFICATION_MESSAGES.open;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={`${ICON_BUTTON_CLASS} relative`} aria-label={label}>
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      {/* What a screen reader hears when activity arrives while the page is open. */}
      <span role="status" aria-live="polite" className="sr-only">
        {unread > 0 ? NOTIFICATION_MESSAGES.unread(unread) : ''}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-title"
          className="animate-pop z-50 flex max-h-[min(32rem,calc(100dvh-8rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-2xl border border-line bg-surface text-ink shadow-lift outline-none"
        >
          <NotificationsPanel unread={unread} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationsPanel({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const groups = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex min-h-0 flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="notifications-title" className="font-semibold">
          {NOTIFICATION_MESSAGES.title}
        </h2>
        <button
          type="button"
          className={getButtonClass({ variant: 'ghost', size: 'sm' })}
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          {NOTIFICATION_MESSAGES.markAllRead}
        </button>
      </header>
      <div className="min-h-0 overflow-y-auto">
        {list.isError ? (
          <div className="p-4 text-sm">
            <p role="alert">{NOTIFICATION_MESSAGES.loadFailed}</p>
            <button
              type="button"
              className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
              onClick={() => void list.refetch()}
            >
              {NOTIFICATION_MESSAGES.retry}
            </button>
          </div>
        ) : list.isPending ? (
          <p className="p-4 text-sm text-ink-muted">…</p>
        ) : groups.length === 0 ? (
          <p className="p-4 text-sm text-ink-muted">{NOTIFICATION_MESSAGES.empty}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={NOTIFICATION_MESSAGES.title}>
            {groups.map((group) => (
              <li
                key={group.id}
                className={`flex items-start gap-2 px-4 py-3 ${group.unread ? 'bg-brand-soft/40' : ''}`}
              >
                <div className="min-w-0 flex-1">
                  <Link
                    to={hrefOf(group)}
                    onClick={() => {
                      if (group.unread) markRead.mutate([group.id]);
                      onNavigate();
                    }}
                    className="text-sm break-words hover:underline focus-visible:underline"
                  >
                    {group.unread ? <span className="sr-only">Unread: </span> : null}
                    {group.summary}
                  </Link>
                  <p className="mt-0.5 text-xs text-ink-muted">
                    <time dateTime={group.createdAt}>{timeFormat.format(new Date(group.createdAt))}</time>
                  </p>
                </div>
                {group.unread ? (
                  <button
                    type="button"
                    className="shrink-0 rounded-full px-2 py-1 text-xs font-semibold text-brand-ink hover:bg-surface-muted"
                    onClick={() => markRead.mutate([group.id])}
                  >
                    {NOTIFICATION_MESSAGES.markRead}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="p-3 text-center">
            <button
              type="button"
              className={getButtonClass({ variant: 'secondary', size: 'sm' })}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {NOTIFICATION_MESSAGES.loadMore}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
