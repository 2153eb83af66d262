// Edit Product (docs/product.md "Route table", behind the login guard): the product form, filled in, for the
// product's owner only. Hiding the form is for clarity; the server refuses anyone else's changes too.
import { ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { ProductLoadError } from '../../features/products/components/product-load-error.tsx';
import { ProductForm } from '../../features/products/components/product-form.tsx';
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
  const { product } = query.data ?? {};
  if (query.isError || !product) {
    return (
      <ProductLoadError
        error={query.error ?? undefined}
        backTo={paths.dashboard.getHref()}
        backLabel="Back to Dashboard"
      />
    );
  }
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
