// 'Add to Loot' (docs/product.md "Product detail"): busy while adding, then the spec's toast ("Error texts: Loot
// Box and cart"). Signed out, the cart sends the visitor to sign in and adds the product afterwards, so there is
// no toast here.
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ProductOffer } from '../../../../shared/contracts/products.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useCart, type AddableProduct } from '../cart-context.ts';

export function AddToLootButton({
  product,
  getOffer,
  className,
}: {
  product: AddableProduct;
  /** The product's current offer, read when the button is pressed (docs/product.md "Offer on a product"). */
  getOffer?: () => ProductOffer | null;
  className?: string;
}) {
  const cart = useCart();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);

  async function onAdd(): Promise<void> {
    setBusy(true);
    try {
      await cart.addItem(product, { offer: getOffer?.() ?? null });
      if (user) toast.success(LOOTBOX_MESSAGES.added);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : LOOTBOX_MESSAGES.addFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={getButtonClass({ variant: 'secondary', size: 'lg', className })}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void onAdd()}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
      {LOOTBOX_MESSAGES.addToLoot}
    </button>
  );
}
