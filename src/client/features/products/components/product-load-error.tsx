import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { CATALOGUE_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';

/** A product that could not be loaded (spec §8 "Product page"): not found, or the failure's own text. */
export function ProductLoadError({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo: string;
  backLabel: string;
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <EmptyState
      icon={PackageX}
      title={notFound ? CATALOGUE_MESSAGES.productNotFound : CATALOGUE_MESSAGES.productLoadFailed}
    >
      {notFound ? null : <p>{getErrorMessage(error)}</p>}
      <Link to={backTo} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
        {backLabel}
      </Link>
    </EmptyState>
  );
}
