import { Gift } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

function countSharedProducts(value: string | null): number {
  return (value ?? '').split(',').filter((id) => id.trim()).length;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const count = countSharedProducts(searchParams.get('products'));
  return (
    <>
      <PageHeader
        title="Shared Loot Box"
        subtitle={count === 1 ? '1 product shared with you' : `${count} products shared with you`}
      />
      {count === 0 ? <EmptyState icon={Gift} title="This Loot Box is empty" /> : null}
    </>
  );
}
