// The Loot Box dialog's Share Lootbox tab (docs/product.md "Loot Box dropdown and dialog", "Share link", "Error
// texts: Sharing"): the link (share-links.ts, tracked as lootbox_share) in a read-only field with a copy button,
// a Share button (the system share sheet where there is one, else a copy), and the item count and total value.
import { Copy, Share2 } from 'lucide-react';
import { useId } from 'react';
import { TOAST_DEFAULT_MS } from '../../../../shared/constants.ts';
import { formatPrice, rupeesToPaise } from '../../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { isAbortError } from '../../../lib/api-client.ts';
import { useCart } from '../cart-context.ts';
import { toast } from '../../../lib/toast.ts';

export function ShareLootbox({
  link,
  linkNote,
  itemCount,
  totalValue,
  toasterId,
}: {
  link: string;
  /** Said under the link: it holds fewer products than the Loot Box (a share link's maximum). */
  linkNote?: string | undefined;
  itemCount: number;
  /** Rupees. */
  totalValue: number;
  toasterId: string;
}) {
  const inputId = useId();
  const noteId = useId();
  const options = { toasterId, duration: TOAST_DEFAULT_MS };
  const { lootboxId } = useCart();
  // docs/product.md "Analytics": a share names the Loot Box it shares, once the server has one.
  const tracked = (method: 'copy' | 'native') =>
    lootboxId &&
    trackEvent({ type: 'share', content_type: 'lootbox', content_id: lootboxId, share_method: method });

  async function onCopy() {
    try {
      // Missing outside secure contexts: the TypeError is a failure like a refused write.
      await navigator.clipboard.writeText(link);
      toast.success(LOOTBOX_MESSAGES.copied, options);
      tracked('copy');
    } catch {
      toast.error(LOOTBOX_MESSAGES.copyFailed, options);
    }
  }

  async function onShare() {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: LOOTBOX_MESSAGES.shareTitle, url: link });
        toast.success(LOOTBOX_MESSAGES.shared, options);
        tracked('native');
      } else {
        await navigator.clipboard.writeText(link);
        toast.success(LOOTBOX_MESSAGES.linkCopied, options);
        tracked('copy');
      }
    } catch (error) {
      // The shopper closed the share sheet: nothing went wrong.
      if (isAbortError(error)) return;
      toast.error(LOOTBOX_MESSAGES.shareFailed, options);
    }
  }

  return (
    <div className="flex flex-col gap-4 px-4 pt-4 pb-6 md:px-6">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold text-ink">
          {LOOTBOX_MESSAGES.shareLinkLabel}
        </label>
        <div className="flex items-center gap-2">
          <input
            id={inputId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby={linkNote ? noteId : undefined}
            className={INPUT_CLASS}
          />
          <button
            type="button"
            aria-label={LOOTBOX_MESSAGES.copyLink}
            onClick={() => void onCopy()}
            className={`${ICON_BUTTON_CLASS} border border-line`}
          >
            <Copy aria-hidden="true" className="size-5" />
          </button>
        </div>
        {linkNote ? (
          <p id={noteId} className="text-sm text-ink-muted">
            {linkNote}
          </p>
        ) : null}
      </div>
      <button type="button" onClick={() => void onShare()} className={getButtonClass({ size: 'lg' })}>
        <Share2 aria-hidden="true" className="size-5" />
        {LOOTBOX_MESSAGES.share}
      </button>
      <dl className="grid grid-cols-2 gap-3 rounded-2xl bg-surface-muted p-4">
        <div>
          <dt className="text-sm text-ink-muted">{LOOTBOX_MESSAGES.summaryItems}</dt>
          <dd className="text-lg font-bold text-ink">{itemCount}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{LOOTBOX_MESSAGES.summaryTotal}</dt>
          <dd className="text-lg font-bold text-ink">{formatPrice(rupeesToPaise(totalValue))}</dd>
        </div>
      </dl>
    </div>
  );
}
