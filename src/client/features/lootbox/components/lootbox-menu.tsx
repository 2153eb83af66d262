// The header's Loot Box button with its count, and the dropdown (docs/product.md "Loot Box dropdown and
// dialog"): per item the thumbnail, name, quantity, 'Added from Klip', the discount badges
// (discount-badges.tsx, as the dialog shows them) and the price with the original struck through, and Remove;
// then the total and Flick Out, which opens the Lootbox dialog (onFlickOut). Radix Popover gives the keyboard
// path (Enter or Space opens, Esc closes, focus moves in and returns to the button).
import { ShoppingBasket } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import { formatPrice, rupeesToPaise } from '../../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { useCart } from '../cart-context.ts';
import { priceLootboxItem } from '../lootbox-item-price.ts';
import { DiscountBadges } from './discount-badges.tsx';
import { toast } from '../../../lib/toast.ts';

/** 'Loot Box, 3 items': the button's name says the count the badge shows. */
export function getLootBoxLabel(count: number): string {
  return count === 0 ? LOOTBOX_MESSAGES.lootBox : LOOTBOX_MESSAGES.lootBoxWithCount(count);
}

function Thumbnail({ item }: { item: LootboxItem }) {
  // docs/product.md "Loot Box item": the thumbnail (the server's, else the first image), else a placeholder.
  const [failed, setFailed] = useState(false);
  if (!item.thumbnail || failed) {
    return (
      <span
        aria-hidden="true"
        data-testid="lootbox-thumbnail-placeholder"
        className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-surface-muted text-ink-subtle"
      >
        <ShoppingBasket className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={item.thumbnail}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-xl bg-surface-muted object-cover"
    />
  );
}

function LootBoxLine({ item, onRemove }: { item: LootboxItem; onRemove: () => void }) {
  // The price and its badges from one line (decision 0052: one badge number).
  const line = priceLootboxItem(item, item.quantity);
  return (
    <li aria-label={item.name} className="flex gap-3 py-3">
      <Thumbnail item={item} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-sm font-semibold text-ink">{item.name}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-ink-muted">
          <span>{LOOTBOX_MESSAGES.quantityShort(item.quantity)}</span>
          {item.fromKlip ? (
            <span className="rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand">
              {LOOTBOX_MESSAGES.fromKlip}
            </span>
          ) : null}
          <DiscountBadges offer={item.appliedOffer} line={line} />
        </p>
        {item.available ? (
          <p className="flex items-baseline gap-2 text-sm">
            <span className="font-bold text-ink">{formatPrice(line.unit.finalPrice)}</span>
            {line.unit.finalPrice < line.unit.originalPrice ? (
              <span className="text-xs text-ink-subtle line-through">
                {formatPrice(line.unit.originalPrice)}
              </span>
            ) : null}
          </p>
        ) : (
          <p className="text-sm font-semibold text-rani-600">{LOOTBOX_MESSAGES.unavailable}</p>
        )}
      </div>
      <button
        type="button"
        className="self-start rounded-full px-2 py-1 text-xs font-semibold text-ink-muted hover:bg-surface-muted hover:text-ink"
        aria-label={`${LOOTBOX_MESSAGES.remove} ${item.name}`}
        onClick={onRemove}
      >
        {LOOTBOX_MESSAGES.remove}
      </button>
    </li>
  );
}

export function LootBoxMenu({ onFlickOut }: { onFlickOut: () => void }) {
  const cart = useCart();
  const count = cart.itemCount;
  return (
    <Popover.Root>
      <Popover.Trigger className={`${ICON_BUTTON_CLASS} relative`} aria-label={getLootBoxLabel(count)}>
        <ShoppingBasket aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-fill px-1 text-[0.6875rem] font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={LOOTBOX_MESSAGES.lootBox}
          className="animate-pop z-50 w-[min(22rem,calc(100vw-1rem))] rounded-2xl border border-line bg-surface p-4 text-ink shadow-lift outline-none"
        >
          <p className="font-semibold">{LOOTBOX_MESSAGES.lootBox}</p>
          {count === 0 ? (
            <div className="mt-3 flex flex-col items-center rounded-xl bg-surface-muted px-4 py-6 text-center">
              <ShoppingBasket aria-hidden="true" className="mb-2 size-7 text-brand" />
              <p className="text-sm text-ink-muted">{LOOTBOX_MESSAGES.empty}</p>
              <Popover.Close asChild>
                <Link to={paths.shop.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
                  {LOOTBOX_MESSAGES.startShopping}
                </Link>
              </Popover.Close>
            </div>
          ) : (
            <>
              {/* docs/product.md: the list scrolls once it is taller than about 24rem. */}
              <ul aria-label="Loot Box items" className="mt-1 max-h-96 divide-y divide-line overflow-y-auto">
                {cart.items.map((item) => (
                  <LootBoxLine
                    key={item.productId}
                    item={item}
                    onRemove={() => {
                      cart.removeItem(item.productId);
                      toast.success(LOOTBOX_MESSAGES.itemRemoved);
                    }}
                  />
                ))}
              </ul>
              <div className="mt-2 flex items-center justify-between border-t border-line pt-3">
                <span className="font-semibold">{LOOTBOX_MESSAGES.total}</span>
                <span className="text-lg font-extrabold" data-testid="lootbox-total">
                  {formatPrice(rupeesToPaise(cart.totalValue))}
                </span>
              </div>
              <Popover.Close asChild>
                <button
                  type="button"
                  className={getButtonClass({ className: 'mt-3 w-full' })}
                  onClick={onFlickOut}
                >
                  {LOOTBOX_MESSAGES.flickOut}
                </button>
              </Popover.Close>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
