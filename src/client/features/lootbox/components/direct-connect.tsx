// The Loot Box dialog's Direct Connect tab (docs/product.md "Loot Box dropdown and dialog", "Loot Box dialog",
// "Seller grouping"): the items grouped by seller, each with a select toggle, a quantity stepper that belongs to
// the dialog, and its contact options; Request Quote for items of one seller, and the quote form.
import clsx from 'clsx';
import { ChevronDown, LoaderCircle, Minus, Plus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  CART_QUANTITY_MAX,
  LOOTBOX_DIALOG_TRACKING_CAMPAIGN,
  MIN_QUANTITY,
  TOAST_COPY_FALLBACK_MS,
  TOAST_DEFAULT_MS,
  TRACKING_MEDIUMS,
} from '../../../../shared/constants.ts';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { canRequestQuote, groupBySeller, type SellerContact } from '../../../../shared/domain/cart.ts';
import { addTrackingParams, toUtmContent } from '../../../../shared/domain/contact.ts';
import { formatPrice } from '../../../../shared/domain/pricing.ts';
import { buildQuoteText, toQuoteLine, type QuoteForm } from '../../../../shared/domain/quote.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { recordTyped, resolveQuoteForm, type QuoteDefaults } from '../api/quote-defaults.ts';
import { priceLootboxItem } from '../lootbox-item-price.ts';
import { chooseQuoteRoute, deliverQuote } from '../quote-delivery.ts';
import { DiscountBadges } from './discount-badges.tsx';
import { QuoteRequestForm } from './quote-form.tsx';
import { toast } from '../../../lib/toast.ts';

/** One item's contact options (WhatsApp, phone, e-mail, store links), as the product page's contact dialog shows them. */
export type RenderContactOptions = (product: ProductDetail) => ReactNode;

const NO_CONTACT: SellerContact = {};
const NO_DEFAULTS: QuoteDefaults = {};

/** The product page, tracked as a quote's link (docs/product.md "Share link": utm_medium quote_request). */
function buildQuoteLink(item: LootboxItem): string {
  return addTrackingParams(new URL(paths.product.getHref(item.productId), window.location.origin).href, {
    medium: TRACKING_MEDIUMS.quote,
    campaign: LOOTBOX_DIALOG_TRACKING_CAMPAIGN,
    content: toUtmContent(item.name),
  });
}

export function DirectConnect({
  items,
  products,
  status,
  renderContactOptions,
  toasterId,
  quoteDefaults = NO_DEFAULTS,
}: {
  items: LootboxItem[];
  /** The signed-in shopper's name, e-mail and phone: the quote form starts with them. */
  quoteDefaults?: QuoteDefaults | undefined;
  /** The items' products by id, as GET /products/shared answered them. */
  products: ReadonlyMap<string, ProductDetail>;
  status: 'loading' | 'error' | 'ready';
  renderContactOptions: RenderContactOptions | undefined;
  toasterId: string;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // docs/product.md "Loot Box dialog": the quote's quantities belong to the dialog; the cart keeps its own.
  const [quantities, setQuantities] = useState<Readonly<Record<string, number>>>({});
  const [view, setView] = useState<'list' | 'quote'>('list');
  // What the shopper typed in the quote form; the rest shows their own details (docs/product.md "Quote form").
  const [typed, setTyped] = useState<Partial<QuoteForm>>({});
  const form = resolveQuoteForm(typed, quoteDefaults);

  const contactOf = (item: LootboxItem): SellerContact =>
    products.get(item.productId)?.metadata.contactInfo ?? NO_CONTACT;
  const quantityOf = (item: LootboxItem) => quantities[item.productId] ?? item.quantity;
  const selectedItems = items.filter((item) => item.available && selected.has(item.productId));
  const groups = groupBySeller(items, contactOf);
  const canQuote = status !== 'loading' && canRequestQuote(selectedItems.map(contactOf));

  const onToggle = (productId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(productId);
      else next.delete(productId);
      return next;
    });
  const onQuantityChange = (productId: string, quantity: number) =>
    setQuantities((current) => ({
      ...current,
      [productId]: Math.min(CART_QUANTITY_MAX, Math.max(MIN_QUANTITY, quantity)),
    }));

  async function onSendQuote(shopper: QuoteForm) {
    const lines = selectedItems.map((item) =>
      toQuoteLine(
        { ...item, appliedOfferId: item.appliedOfferId ?? undefined },
        priceLootboxItem(item, quantityOf(item)),
        buildQuoteLink(item),
      ),
    );
    const route = chooseQuoteRoute(selectedItems.map(contactOf));
    try {
      const message = await deliverQuote(route, buildQuoteText(lines, shopper));
      toast.success(message, {
        toasterId,
        duration: route.channel === 'clipboard' ? TOAST_COPY_FALLBACK_MS : TOAST_DEFAULT_MS,
      });
      // docs/product.md "Analytics": the quote left, by its channel.
      trackEvent({
        type: 'quote_request',
        product_ids: selectedItems.map((item) => item.productId),
        channel: route.channel,
      });
    } catch {
      toast.error(QUOTE_MESSAGES.failed, { toasterId, duration: TOAST_DEFAULT_MS });
    }
    // docs/product.md "Loot Box dialog": sending the quote form goes back to the list.
    setView('list');
  }

  if (view === 'quote') {
    return (
      <QuoteRequestForm
        lines={selectedItems.map((item) => ({ item, price: priceLootboxItem(item, quantityOf(item)) }))}
        values={form}
        onValuesChange={(next) => setTyped(recordTyped(typed, form, next))}
        onBack={() => setView('list')}
        onSubmit={onSendQuote}
      />
    );
  }

  const mixedSellers = selectedItems.length > 1 && !canQuote && status !== 'loading';
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-3 pb-4 md:px-6">
        {status === 'loading' ? (
          <p role="status" className="mb-2 flex items-center gap-2 text-sm text-ink-muted">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {LOOTBOX_MESSAGES.loadingDetails}
          </p>
        ) : null}
        {groups.map((group, index) => (
          <SellerSection
            key={group.key ?? `alone-${group.items[0]?.productId ?? index}`}
            items={group.items}
            products={products}
            selected={selected}
            quantityOf={quantityOf}
            renderContactOptions={renderContactOptions}
            onToggle={onToggle}
            onQuantityChange={onQuantityChange}
          />
        ))}
      </div>
      <div className="flex flex-col gap-2 border-t border-line px-4 py-3 md:flex-row md:items-center md:justify-end md:px-6">
        {mixedSellers ? (
          <p role="alert" className="text-sm font-medium text-rani-700 md:mr-auto dark:text-rani-400">
            {QUOTE_MESSAGES.sameSeller}
          </p>
        ) : null}
        <button
          type="button"
          disabled={!canQuote}
          onClick={() => setView('quote')}
          className={getButtonClass({ className: 'w-full md:w-auto' })}
        >
          {LOOTBOX_MESSAGES.requestQuote}
        </button>
      </div>
    </>
  );
}

function SellerSection({
  items,
  products,
  selected,
  quantityOf,
  renderContactOptions,
  onToggle,
  onQuantityChange,
}: {
  items: LootboxItem[];
  products: ReadonlyMap<string, ProductDetail>;
  selected: ReadonlySet<string>;
  quantityOf: (item: LootboxItem) => number;
  renderContactOptions: RenderContactOptions | undefined;
  onToggle: (productId: string, checked: boolean) => void;
  onQuantityChange: (productId: string, quantity: number) => void;
}) {
  const headingId = useId();
  const username = items
    .map((item) => products.get(item.productId)?.creatorUsername)
    .find((name) => Boolean(name));
  return (
    <section aria-labelledby={headingId} className="mt-3 first:mt-0">
      <h3 id={headingId} className="mb-2 text-sm font-bold text-ink-muted">
        {username ? LOOTBOX_MESSAGES.sellerHeading(username) : LOOTBOX_MESSAGES.unknownSeller}
      </h3>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <LootboxDialogItem
            key={item.productId}
            item={item}
            product={products.get(item.productId)}
            checked={selected.has(item.productId)}
            quantity={quantityOf(item)}
            renderContactOptions={renderContactOptions}
            onToggle={onToggle}
            onQuantityChange={onQuantityChange}
          />
        ))}
      </ul>
    </section>
  );
}

const STEPPER_BUTTON_CLASS =
  'inline-flex size-9 items-center justify-center rounded-full text-ink transition-colors hover:bg-surface-muted disabled:pointer-events-none disabled:opacity-40';

function LootboxDialogItem({
  item,
  product,
  checked,
  quantity,
  renderContactOptions,
  onToggle,
  onQuantityChange,
}: {
  item: LootboxItem;
  product: ProductDetail | undefined;
  checked: boolean;
  quantity: number;
  renderContactOptions: RenderContactOptions | undefined;
  onToggle: (productId: string, checked: boolean) => void;
  onQuantityChange: (productId: string, quantity: number) => void;
}) {
  const [contactOpen, setContactOpen] = useState(false);
  const contactId = useId();
  const line = priceLootboxItem(item, quantity);
  const hasContact = Boolean(product && renderContactOptions);
  return (
    <li
      className={clsx(
        'rounded-2xl border bg-surface p-3 transition-colors',
        checked ? 'border-brand bg-brand-soft/30' : 'border-line',
      )}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          aria-label={item.name}
          checked={checked && item.available}
          disabled={!item.available}
          onChange={(event) => onToggle(item.productId, event.target.checked)}
          className="mt-5 size-5 shrink-0 accent-brand"
        />
        <img
          src={item.thumbnail}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-xl border border-line bg-surface-muted object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-semibold break-words text-ink">{item.name}</p>
          {item.available ? (
            <>
              <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-bold text-ink">{formatPrice(line.lineTotal)}</span>
                {line.lineSavings > 0 ? (
                  <span className="text-ink-subtle line-through">{formatPrice(line.lineOriginal)}</span>
                ) : null}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-1.5">
                <DiscountBadges offer={item.appliedOffer} line={line} />
              </p>
            </>
          ) : (
            <p className="mt-0.5 text-sm text-ink-muted">{LOOTBOX_MESSAGES.unavailable}</p>
          )}
          {item.available ? (
            <div
              role="group"
              aria-label={`${LOOTBOX_MESSAGES.quantity}: ${item.name}`}
              className="mt-2 inline-flex items-center gap-1 rounded-full border border-line"
            >
              <button
                type="button"
                aria-label={LOOTBOX_MESSAGES.decreaseQuantity(item.name)}
                disabled={quantity <= MIN_QUANTITY}
                onClick={() => onQuantityChange(item.productId, quantity - 1)}
                className={STEPPER_BUTTON_CLASS}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <output aria-live="polite" className="min-w-8 text-center font-semibold text-ink">
                {quantity}
              </output>
              <button
                type="button"
                aria-label={LOOTBOX_MESSAGES.increaseQuantity(item.name)}
                disabled={quantity >= CART_QUANTITY_MAX}
                onClick={() => onQuantityChange(item.productId, quantity + 1)}
                className={STEPPER_BUTTON_CLASS}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {hasContact ? (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={contactOpen}
            aria-controls={contactId}
            aria-label={`${LOOTBOX_MESSAGES.contactOptions}: ${item.name}`}
            onClick={() => setContactOpen((open) => !open)}
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm font-semibold text-brand hover:bg-brand-soft/50"
          >
            {LOOTBOX_MESSAGES.contactOptions}
            <ChevronDown
              aria-hidden="true"
              className={clsx('size-4 transition-transform', contactOpen && 'rotate-180')}
            />
          </button>
          <div id={contactId} hidden={!contactOpen}>
            {contactOpen && product && renderContactOptions ? renderContactOptions(product) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
