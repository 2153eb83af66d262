// Delete on a listing row: the app's one confirmation, naming the item and saying what goes with it (a product's
// photos and its place in offers and klips; a klip's video, likes and comments; an offer alone).
import type { DashboardSection } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { useDeleteDashboardItem } from '../api/dashboard-writes.ts';

export function ItemDelete({ section, id, name }: { section: DashboardSection; id: string; name: string }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const remove = useDeleteDashboardItem(section, id);
  const { dialog } = useConfirmedDelete({ remove, deletedMessage: m.deleted[section] });
  return (
    <ConfirmDeleteDialog
      {...dialog}
      title={m.deleteTitle(name)}
      description={m.deleteBody[section]}
      keepLabel={m.keep[section]}
      triggerLabel={m.delete}
      triggerAriaLabel={m.deleteLabel(name)}
      triggerSize="xs"
    />
  );
}
