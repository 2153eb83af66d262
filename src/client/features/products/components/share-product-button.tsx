// The product page's share button (docs/product.md "Product detail", "Client-only outbound links" and
// "Error texts: Sharing"): the
// phone's share sheet where there is one, else the link goes to the clipboard.
import { Share2 } from 'lucide-react';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { SHARE_MESSAGES } from '../../../../shared/product-messages.ts';
import { ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** docs/product.md "Analytics": a share is logged, as a klip's is (the dashboard counts these rows). */
function recordProductShare(productId: string, method: 'native' | 'copy'): void {
  api
    .post('/interactions', { contentId: productId, type: 'share', extras: { share_method: method } })
    .catch(() => console.warn(`the share of product ${productId} was not recorded`));
  trackEvent({ type: 'share', content_type: 'product', content_id: productId, share_method: method });
}

async function shareProduct(product: ProductDetail): Promise<void> {
  const url = new URL(paths.product.getHref(product.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: product.name, url });
      recordProductShare(product.id, 'native');
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as DOMException).name !== 'AbortError') toast.error(SHARE_MESSAGES.productShareFailed);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(SHARE_MESSAGES.linkCopied);
    recordProductShare(product.id, 'copy');
  } catch {
    toast.error(SHARE_MESSAGES.linkCopyFailed);
  }
}

export function ShareProductButton({ product }: { product: ProductDetail }) {
  return (
    <button
      type="button"
      aria-label="Share product"
      className={`${ICON_BUTTON_CLASS} border border-line`}
      onClick={() => void shareProduct(product)}
    >
      <Share2 aria-hidden="true" className="size-5" />
    </button>
  );
}
