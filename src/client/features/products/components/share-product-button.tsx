// The product page's share button (docs/product.md "Product detail", "Client-only outbound links" and
// "Error texts: Sharing"): the
// phone's share sheet where there is one, else the link goes to the clipboard.
import { Share2 } from 'lucide-react';
import toast from 'react-hot-toast';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { SHARE_MESSAGES } from '../../../../shared/messages.ts';
import { ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';

async function shareProduct(product: ProductDetail): Promise<void> {
  const url = new URL(paths.product.getHref(product.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: product.name, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as DOMException).name !== 'AbortError') toast.error(SHARE_MESSAGES.productShareFailed);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(SHARE_MESSAGES.linkCopied);
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
