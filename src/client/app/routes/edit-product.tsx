// Edit Product (spec §2 route table, behind the login guard): the product form, filled in, for the product's
// owner only. Hiding the form is for clarity; the server refuses anyone else's changes too.
import { PackageX, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CATALOGUE_MESSAGES } from '../../../shared/messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { ProductForm } from '../../features/products/components/product-form.tsx';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Edit Product" />
      <EditProduct />
    </div>
  );
}

function EditProduct() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useProduct(id);
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-6">
        <div className="h-56 animate-pulse rounded-3xl bg-surface-muted" />
        <div className="h-72 animate-pulse rounded-3xl bg-surface-muted" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <EmptyState
        icon={PackageX}
        title={notFound ? CATALOGUE_MESSAGES.productNotFound : CATALOGUE_MESSAGES.productLoadFailed}
      >
        {notFound ? null : <p>{getErrorMessage(query.error)}</p>}
        <Link to={paths.dashboard.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
          Back to Dashboard
        </Link>
      </EmptyState>
    );
  }
  const { product } = query.data;
  if (product.uid !== user?.uid) {
    return (
      <EmptyState icon={ShieldAlert} title={CATALOGUE_MESSAGES.notYourProduct}>
        <Link
          to={paths.product.getHref(product.id)}
          className={getButtonClass({ size: 'sm', className: 'mt-3' })}
        >
          View product
        </Link>
      </EmptyState>
    );
  }
  return <ProductForm key={product.id} product={product} />;
}
