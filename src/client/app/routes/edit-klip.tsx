import { Link } from 'react-router';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <>
      <PageHeader title="Edit Klip" />
      <Link to={paths.dashboard.getHref()} className={getButtonClass({ variant: 'secondary', size: 'sm' })}>
        Back to Dashboard
      </Link>
    </>
  );
}
