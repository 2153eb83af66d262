// The owner's Edit and Delete on their own klip (docs/product.md "Ownership"): below its card in a grid (the Klips
// page, a creator's profile), and behind one Manage button in the action column of the theater and the phone feed,
// where the like, comment and share buttons leave no room for two more. Nothing for anyone else, whom the server
// would refuse anyway. Delete asks first; the klip then leaves every loaded list at once and the viewer stays put.
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useDeleteKlip } from '../api/klip-write.ts';
import { KlipActionButton } from './klip-action-button.tsx';

type OwnedKlip = Pick<Klip, 'id' | 'uid' | 'title'>;

const MENU_ITEM_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-surface-muted';

function useIsOwner(klip: OwnedKlip): boolean {
  const { user } = useAuth();
  return user !== null && user.uid === klip.uid;
}

/** Edit and Delete under the klip's card, for its owner. */
export function KlipCardOwnerActions({ klip }: { klip: OwnedKlip }) {
  if (!useIsOwner(klip)) return null;
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
      <KlipDeleteDialog
        klip={klip}
        trigger={(open) => (
          <button
            type="button"
            aria-label={KLIP_FORM_MESSAGES.deleteLabel(klip.title)}
            onClick={open}
            className={getButtonClass({
              variant: 'ghost',
              size: 'sm',
              className: 'h-8 px-2.5 text-xs text-rani-700 hover:bg-rani-600/10 dark:text-rani-400',
            })}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
            {KLIP_FORM_MESSAGES.deleteShort}
          </button>
        )}
      />
    </div>
  );
}

/** One Manage button in the playing klip's action column, opening Edit and Delete, for its owner. */
export function KlipOwnerMenu({ klip }: { klip: OwnedKlip }) {
  if (!useIsOwner(klip)) return null;
  return (
    <KlipDeleteDialog
      klip={klip}
      trigger={(open) => (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <KlipActionButton
              aria-label={KLIP_FORM_MESSAGES.manageLabel}
              icon={<MoreHorizontal aria-hidden="true" className="size-6" />}
              count={KLIP_FORM_MESSAGES.manage}
            />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              side="left"
              align="end"
              sideOffset={10}
              collisionPadding={12}
              className="animate-pop z-[70] w-48 rounded-2xl border border-line bg-surface p-1.5 shadow-lift"
            >
              <DropdownMenu.Item asChild className={MENU_ITEM_CLASS}>
                <Link to={paths.edit.klip.getHref(klip.id)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {KLIP_FORM_MESSAGES.editLabel(klip.title)}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={`${MENU_ITEM_CLASS} text-rani-700 dark:text-rani-400`}
                onSelect={open}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {KLIP_FORM_MESSAGES.deleteLabel(klip.title)}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    />
  );
}

/** The confirmation and the request; `trigger` gets the function that opens it. */
function KlipDeleteDialog({ klip, trigger }: { klip: OwnedKlip; trigger: (open: () => void) => ReactNode }) {
  const deletion = useConfirmedDelete({
    remove: useDeleteKlip(klip.id),
    deletedMessage: KLIP_FORM_MESSAGES.deleted,
  });

  return (
    <>
      {trigger(deletion.show)}
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title={KLIP_FORM_MESSAGES.deleteTitle(klip.title)}
        description={KLIP_FORM_MESSAGES.deleteDescription}
        keepLabel={KLIP_FORM_MESSAGES.deleteKeep}
        trigger={null}
      />
    </>
  );
}
