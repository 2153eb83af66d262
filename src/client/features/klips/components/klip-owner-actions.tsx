// The owner's Edit and Delete on their own klip (docs/product.md "Ownership"): below its card in a grid (the Klips
// page, a creator's profile), and behind one Manage button in the action column of the theater and the phone feed,
// where the like, comment and share buttons leave no room for two more. Nothing for anyone else, whom the server
// would refuse anyway. Delete asks first; the klip then leaves every loaded list at once and the viewer stays put.
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
import { useIsKlipOwner, type OwnedKlip } from '../hooks/use-is-klip-owner.ts';
import { useDeleteKlip } from '../api/klip-write.ts';
import { ACTION_MENU_ITEM_CLASS, ActionColumnMenuContent } from './action-column-menu.tsx';
import { KlipActionButton } from './klip-action-button.tsx';

/** Edit and Delete under the klip's card, for its owner. */
export function KlipCardOwnerActions({ klip }: { klip: OwnedKlip }) {
  if (!useIsKlipOwner(klip)) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Link
        to={paths.edit.klip.getHref(klip.id)}
        aria-label={KLIP_FORM_MESSAGES.editLabel(klip.title)}
        className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'h-8 px-2.5 text-xs' })}
      >
        <Pencil aria-hidden="true" className="size-3.5" />
        {KLIP_FORM_MESSAGES.edit}
      </Link>
      <KlipDeleteDialog klip={klip}>
        {(deletion) => (
          <ConfirmDeleteDialog
            {...deletion}
            triggerLabel={KLIP_FORM_MESSAGES.deleteShort}
            triggerAriaLabel={KLIP_FORM_MESSAGES.deleteLabel(klip.title)}
            triggerSize="xs"
          />
        )}
      </KlipDeleteDialog>
    </div>
  );
}

/** One Manage button in the playing klip's action column, opening Edit and Delete, for its owner. */
export function KlipOwnerMenu({ klip }: { klip: OwnedKlip }) {
  if (!useIsKlipOwner(klip)) return null;
  return (
    <KlipDeleteDialog klip={klip}>
      {(deletion, show) => (
        <>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger asChild>
              <KlipActionButton
                aria-label={KLIP_FORM_MESSAGES.manageLabel}
                icon={<MoreHorizontal aria-hidden="true" className="size-6" />}
                count={KLIP_FORM_MESSAGES.manage}
              />
            </DropdownMenu.Trigger>
            <ActionColumnMenuContent className="w-48">
              <DropdownMenu.Item asChild className={ACTION_MENU_ITEM_CLASS}>
                <Link to={paths.edit.klip.getHref(klip.id)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {KLIP_FORM_MESSAGES.editLabel(klip.title)}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={`${ACTION_MENU_ITEM_CLASS} text-rani-700 dark:text-rani-400`}
                onSelect={show}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {KLIP_FORM_MESSAGES.deleteLabel(klip.title)}
              </DropdownMenu.Item>
            </ActionColumnMenuContent>
          </DropdownMenu.Root>
          <ConfirmDeleteDialog {...deletion} trigger={null} />
        </>
      )}
    </KlipDeleteDialog>
  );
}

type KlipDeletion = ReturnType<typeof useConfirmedDelete>['dialog'] & {
  title: string;
  description: string;
  keepLabel: string;
};

/** The klip's delete request and its dialog's words; `children` places the dialog and what opens it. */
function KlipDeleteDialog({
  klip,
  children,
}: {
  klip: OwnedKlip;
  children: (deletion: KlipDeletion, show: () => void) => ReactNode;
}) {
  const deletion = useConfirmedDelete({
    remove: useDeleteKlip(klip.id),
    deletedMessage: KLIP_FORM_MESSAGES.deleted,
  });
  return children(
    {
      ...deletion.dialog,
      title: KLIP_FORM_MESSAGES.deleteTitle(klip.title),
      description: KLIP_FORM_MESSAGES.deleteDescription,
      keepLabel: KLIP_FORM_MESSAGES.deleteKeep,
    },
    deletion.show,
  );
}
