// 'Add to Loot' (docs/product.md "Product detail"): busy while adding, then the spec's toast ("Error texts: Loot
// Box and cart"). Signed out, the cart sends the visitor to sign in and adds the product afterwards, so there is
// no toast here.
import { LoaderCircle } from 'lucide-react';
import type { ProductOffer } from '../../../../shared/contracts/products.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { useCart, type AddableProduct } from '../cart-context.ts';
import { useAddToLoot } from '../use-add-to-loot.ts';

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
  const { busy, run } = useAddToLoot();

  function onAdd(): Promise<void> {
    return run(async () => {
      await cart.addItem(product, { offer: getOffer?.() ?? null });
      return LOOTBOX_MESSAGES.added;
    });
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
