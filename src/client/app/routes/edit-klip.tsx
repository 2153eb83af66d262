// Edit Klip (docs/product.md "Route table", "Klip video upload"; behind the login guard): the klip's processing
// state at the top, then its form, for its owner only. Anyone else, and an unknown id, see 'Klip not found' (the
// server refuses anyone else's changes too).
import { Clapperboard } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useKlip } from '../../features/klips/api/klips.ts';
import { KlipEditForm } from '../../features/klips/components/klip-form-edit.tsx';
import { KlipStatus } from '../../features/klips/components/klip-status.tsx';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { klipFormSlots } from '../klip-form-slots.tsx';
import { toast } from '../../lib/toast.ts';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Edit Klip" />
      <EditKlip />
    </div>
  );
}

function KlipNotFound({ title = KLIP_MESSAGES.notFound }: { title?: string }) {
  return (
    <EmptyState icon={Clapperboard} title={title}>
      <Link to={paths.dashboard.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
        Back to Dashboard
      </Link>
    </EmptyState>
  );
}

/** Not found (404, or not this seller's: 403), or a failure with its own text, on the page and as a toast. */
function KlipLoadError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : undefined;
  const failed = status !== 404 && status !== 403;
  useEffect(() => {
    if (failed) toast.error(getErrorMessage(error));
  }, [failed, error]);
  return failed ? <KlipNotFound title={getErrorMessage(error)} /> : <KlipNotFound />;
}

function EditKlip() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useKlip(id);
  const { refetch } = query;
  const onRefresh = useCallback(() => void refetch(), [refetch]);
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-6">
        <div className="h-28 animate-pulse rounded-3xl bg-surface-muted" />
        <div className="h-72 animate-pulse rounded-3xl bg-surface-muted" />
      </div>
    );
  }
  const klip = query.data;
  if (query.isError && !klip) return <KlipLoadError error={query.error} />;
  if (!klip || klip.uid !== user?.uid) return <KlipNotFound />;
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <KlipStatus klip={klip} onRefresh={onRefresh} />
      <KlipEditForm key={klip.id} klip={klip} slots={klipFormSlots} />
    </div>
  );
}
