// Delete on a product's page and on Edit Product, for its owner (docs/product.md "Products, klips, offers"): asks
// first, naming the product and saying its photos go too, then removes it (DELETE /api/v1/products/{id}), forgets
// every cached answer that showed it and goes to the seller's profile. A refusal is told in a toast and changes
// nothing.
import { useNavigate } from 'react-router';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { PRODUCT_DELETE_MESSAGES } from '../../../../shared/product-form-messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

export function DeleteProductButton({
  product,
  onAllowLeave,
}: {
  product: Pick<ProductDetail, 'id' | 'name' | 'uid'>;
  /** Lets the page go without asking about unsaved changes (Edit Product's form). */
  onAllowLeave?: () => void;
}) {
  const navigate = useNavigate();
  const deletion = useConfirmedDelete({
    remove: useDeleteProduct(product.id),
    deletedMessage: PRODUCT_DELETE_MESSAGES.deleted,
    onDeleted: () => {
      onAllowLeave?.();
      // Replaced: Back must not return to a page of a product that is gone.
      navigate(paths.profile.getHref(product.uid), { replace: true });
    },
  });

  return (
    <ConfirmDeleteDialog
      {...deletion.dialog}
      triggerLabel={PRODUCT_DELETE_MESSAGES.action}
      title={PRODUCT_DELETE_MESSAGES.title(product.name)}
      description={PRODUCT_DELETE_MESSAGES.body}
      keepLabel={PRODUCT_DELETE_MESSAGES.keep}
      confirmLabel={PRODUCT_DELETE_MESSAGES.confirm}
      pendingLabel={PRODUCT_DELETE_MESSAGES.deleting}
    />
  );
}
