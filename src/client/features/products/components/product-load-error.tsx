import { PackageX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { isNotFoundError, useNotFoundPage } from '../../../lib/page-status.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * A product that could not be shown (docs/product.md "Error texts: Product page"): 'Product not found'; 'Product
 * information not available' for an answer without the product (`error` undefined); otherwise 'Failed to load
 * product details', on the page and as a toast, with the failure's own text.
 */
export function ProductLoadError({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo: string;
  backLabel: string;
}) {
  const notFound = isNotFoundError(error);
  useNotFoundPage(notFound);
  const failed = error !== undefined && !notFound;
  useEffect(() => {
    if (failed) toast.error(CATALOGUE_MESSAGES.productLoadFailed);
  }, [failed]);
  const title = failed
    ? CATALOGUE_MESSAGES.productLoadFailed
    : notFound
      ? CATALOGUE_MESSAGES.productNotFound
      : APP_MESSAGES.productUnavailable;
  return (
    <EmptyState icon={PackageX} title={title}>
      {failed ? <p>{getErrorMessage(error)}</p> : null}
      <Link to={backTo} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
        {backLabel}
      </Link>
    </EmptyState>
  );
}
