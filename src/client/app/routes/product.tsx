import { PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { APP_MESSAGES } from '../../../shared/messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <>
      <title>Product · Lootklip</title>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-ink-muted">
        <Link to={paths.shop.getHref()} className="hover:text-ink hover:underline">
          Shop
        </Link>
      </nav>
      <h1 className="sr-only">Product</h1>
      <EmptyState icon={PackageX} title={APP_MESSAGES.productUnavailable}>
        <Link to={paths.shop.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-2' })}>
          Back to Shop
        </Link>
      </EmptyState>
    </>
  );
}
