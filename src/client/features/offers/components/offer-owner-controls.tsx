// The owner's Edit and Delete on their own offer's card, loaded only for the owner (offer-owner-actions.tsx): Delete
// asks first (Radix's alert dialog), then the offer leaves every list at once and the seller stays where they were.
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteOffer } from '../api/offers-write.ts';

export function OwnerActions({ offer }: { offer: Pick<Offer, 'id' | 'title'> }) {
  const deletion = useConfirmedDelete({
    remove: useDeleteOffer(offer.id),
    deletedMessage: OFFER_MESSAGES.deleted,
  });

  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-3">
      <Link
        to={paths.edit.offer.getHref(offer.id)}
        aria-label={OFFER_MESSAGES.editLabel(offer.title)}
        className={getButtonClass({ variant: 'secondary', size: 'sm' })}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {OFFER_MESSAGES.edit}
      </Link>
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title={OFFER_MESSAGES.deleteTitle}
        description={OFFER_MESSAGES.deleteDescription}
        keepLabel={OFFER_MESSAGES.deleteKeep}
        triggerLabel={OFFER_MESSAGES.deleteShort}
        triggerAriaLabel={OFFER_MESSAGES.deleteLabel(offer.title)}
        triggerSize="sm"
      />
    </div>
  );
}
