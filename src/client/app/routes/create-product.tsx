// Create Product (docs/product.md "Route table", behind the login guard): the product form, empty.
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ProductForm } from '../../features/products/components/product-form.tsx';

export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Create Product" subtitle="List a product for sale" />
      <ProductForm />
    </div>
  );
}
