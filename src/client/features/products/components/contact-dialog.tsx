// 'Contact Shop Star' (docs/product.md "Contact dialog"): WhatsApp, phone and e-mail, then the seller's store
// links. Everything opens off-site; nothing is bought here. A bottom sheet on phones, a centred dialog from the
// md breakpoint.
import { MessageSquareOff, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, type MouseEvent } from 'react';
import { Toaster } from 'react-hot-toast';
import { CONTACT_TRACKING_CAMPAIGN, TOAST_DEFAULT_MS } from '../../../../shared/constants.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { parseHttpUrl } from '../../../../shared/domain/contact.ts';
import { CONTACT_MESSAGES } from '../../../../shared/product-messages.ts';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-messages.ts';
import { ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { paths } from '../../../config/paths.ts';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { listContactMethods } from './contact-methods.ts';
import { ContactRow, RowIcon } from './contact-row.tsx';
import { CONTACT_TOASTER_ID } from './contact-toasts.tsx';
import { StoreLinkRow } from './store-link-row.tsx';
import { useContactActions, type ContactTarget } from './use-contact-actions.ts';
import { toast } from '../../../lib/toast.ts';

export function ContactDialog({
  product,
  open,
  onOpenChange,
}: {
  product: ProductDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { onRememberOpener, onReturnFocus } = useReturnFocus();
  const onError = () => {
    // The dialog's own toaster goes with the dialog, so this one goes to the page's.
    toast.error(CONTACT_MESSAGES.dialogFailed, { duration: TOAST_DEFAULT_MS });
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={onRememberOpener}
          onCloseAutoFocus={onReturnFocus}
          className="animate-sheet pb-safe fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl border-t border-line bg-surface shadow-lift outline-none md:inset-0 md:m-auto md:h-fit md:max-h-[85dvh] md:w-[30rem] md:rounded-3xl md:border"
        >
          <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line md:hidden" aria-hidden="true" />
          <div className="px-5 pt-3 pb-5 md:p-6">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-bold text-ink">{CONTACT_MESSAGES.title}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm break-words text-ink-muted">
                  {CONTACT_MESSAGES.subtitle(product.name)}
                </Dialog.Description>
              </div>
              <Dialog.Close className={ICON_BUTTON_CLASS} aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <ErrorBoundary onError={onError}>
              <ContactOptions product={product} />
            </ErrorBoundary>
          </div>
          {/* Inside the dialog, so its toasts (and their copy buttons) are not hidden with the rest of the page. */}
          <Toaster toasterId={CONTACT_TOASTER_ID} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dialog's WhatsApp, phone, e-mail and store-link rows. Also the Loot Box dialog's contact options per item
 * (composed in src/client/app/lootbox-dialog-slot.tsx), with its own tracking campaign; its toasts go to the
 * CONTACT_TOASTER_ID toaster, which whoever renders this must hold.
 */
export function ContactOptions({
  product,
  campaign = CONTACT_TRACKING_CAMPAIGN,
}: {
  product: ProductDetail;
  campaign?: string;
}) {
  const { busyKey, onActivate: onActivateTarget } = useContactActions();
  // docs/product.md "Analytics": a contact click by channel (store links are 'external'), from the product page's
  // dialog and the Loot Box's direct connect alike.
  const onActivate = (target: ContactTarget, event: MouseEvent<HTMLElement>) => {
    if (target.href) {
      const channel = target.key.startsWith('link-')
        ? 'external'
        : (target.key as 'whatsapp' | 'phone' | 'email');
      trackEvent({ type: 'contact_click', product_id: product.id, channel });
    }
    onActivateTarget(target, event);
  };
  // Several of these may be on one screen (one per Loot Box item), so the headings' ids are unique.
  const headingId = useId();
  const productUrl = new URL(paths.product.getHref(product.id), window.location.origin).href;
  const methods = listContactMethods(product, productUrl, campaign);
  // docs/product.md "URL": a link is shown only when it is a string that parses.
  const links = product.metadata.externalLinks.flatMap((link) => {
    const url = typeof link.url === 'string' ? parseHttpUrl(link.url) : null;
    return url ? [{ link, url }] : [];
  });

  // The seller's whoCanContactMe keeps their contact methods from this reader (decision 0071): said, not left blank.
  const hiddenNote = product.contactsHidden ? (
    <p role="note" className="mt-5 rounded-xl border border-line bg-surface-muted p-3 text-sm text-ink">
      {PRIVACY_MESSAGES.notTakingContacts}
    </p>
  ) : null;
  if (hiddenNote && links.length === 0) return hiddenNote;
  if (methods.length === 0 && links.length === 0) {
    return (
      <EmptyState icon={MessageSquareOff} title={CONTACT_MESSAGES.emptyTitle} className="mt-5">
        {CONTACT_MESSAGES.emptyBody}
      </EmptyState>
    );
  }
  return (
    <>
      {hiddenNote}
      {methods.length > 0 ? (
        <section aria-labelledby={`${headingId}-methods`} className="mt-5">
          <h3 id={`${headingId}-methods`} className="mb-2 text-sm font-semibold text-ink-muted">
            {CONTACT_MESSAGES.methodsHeading}
          </h3>
          <ul className="flex flex-col gap-2">
            {methods.map(({ target, label, detail, icon, tone }) => (
              <ContactRow
                key={target.key}
                target={target}
                icon={<RowIcon icon={icon} className={tone} />}
                label={label}
                detail={detail}
                busy={busyKey === target.key}
                onActivate={onActivate}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {links.length > 0 ? (
        <section aria-labelledby={`${headingId}-links`} className="mt-5">
          <div className="mb-2 flex items-baseline justify-between gap-3">
            <h3 id={`${headingId}-links`} className="text-sm font-semibold text-ink-muted">
              {CONTACT_MESSAGES.linksHeading}
            </h3>
            <p className="text-xs text-ink-subtle">{CONTACT_MESSAGES.linksAvailable(links.length)}</p>
          </div>
          <ul className="flex flex-col gap-2">
            {links.map(({ link, url }, index) => {
              const targetKey = `link-${index}`; // two rows may carry the same link
              return (
                <StoreLinkRow
                  key={targetKey}
                  targetKey={targetKey}
                  link={link}
                  url={url}
                  productName={product.name}
                  campaign={campaign}
                  busy={busyKey === targetKey}
                  onActivate={onActivate}
                />
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
