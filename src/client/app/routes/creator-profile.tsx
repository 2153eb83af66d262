import { Store } from 'lucide-react';
import { useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /profile/{userId} and /shopstar/{username} are the same screen (spec §2). */
export function Component() {
  const { username, userId } = useParams();
  const name = username ? `@${username}` : 'Shop Star';
  return (
    <>
      <div
        className="brand-gradient -mx-4 -mt-6 h-32 sm:mx-0 sm:mt-0 sm:h-44 sm:rounded-3xl md:-mt-2"
        aria-hidden="true"
      />
      <div className="-mt-10 mb-6 flex items-end gap-4 px-2">
        <Avatar name={username ?? userId ?? 'S'} className="size-20 border-4 border-page text-2xl" />
      </div>
      <PageHeader title={name} subtitle="Shop Star on Lootklip" />
      <EmptyState icon={Store} title="No products yet" />
    </>
  );
}
