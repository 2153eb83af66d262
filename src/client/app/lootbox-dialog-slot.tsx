// The Loot Box dialog with each item's contact options from the products feature (client features do not import
// each other; the app composes them). The contact rows tag their links lootbox_contact / lootbox_external under the
// dialog's campaign (docs/product.md "Share link"), and the dialog holds their toaster.
import { LOOTBOX_DIALOG_TRACKING_CAMPAIGN } from '../../shared/constants.ts';
import type { ProductDetail } from '../../shared/contracts/products.ts';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import type { QuoteDefaults } from '../features/lootbox/api/quote-defaults.ts';
import { LootboxDialog } from '../features/lootbox/components/lootbox-dialog.tsx';
import { ContactOptions } from '../features/products/components/contact-dialog.tsx';
import { CONTACT_TOASTER_ID } from '../features/products/components/contact-toasts.tsx';

function renderContactOptions(product: ProductDetail) {
  // docs/product.md "Error texts: Contact and quote": a failure inside the dialog is skipped, only logged.
  return (
    <ErrorBoundary onError={() => console.warn(`contact options of ${product.id} failed to render`)}>
      <ContactOptions product={product} campaign={LOOTBOX_DIALOG_TRACKING_CAMPAIGN} />
    </ErrorBoundary>
  );
}

export function LootboxDialogSlot({
  open,
  onOpenChange,
  quoteDefaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quoteDefaults?: QuoteDefaults | undefined;
}) {
  return (
    <LootboxDialog
      open={open}
      onOpenChange={onOpenChange}
      quoteDefaults={quoteDefaults}
      renderContactOptions={renderContactOptions}
      toasterId={CONTACT_TOASTER_ID}
    />
  );
}
