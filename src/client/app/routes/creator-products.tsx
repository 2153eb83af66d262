import { PackageSearch } from 'lucide-react';
import { APP_MESSAGES } from '../../../shared/messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Products" subtitle="Everything this Shop Star has listed" />
      <EmptyState icon={PackageSearch} title={APP_MESSAGES.productsEmpty} />
    </>
  );
}
