import { Clapperboard, Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { APP_MESSAGES } from '../../../shared/messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { INPUT_CLASS } from '../../components/ui/text-field.tsx';

/** The klip to open arrives in navigation state from /klips/{id} share links (read by the klips feature). */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  return (
    <>
      <PageHeader title="Klips" subtitle="Watch , Create , Share , Connect-Trend" />
      <div className="relative mb-6 max-w-xl">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
        />
        <input
          type="search"
          aria-label="Search klips"
          placeholder="Search klips..."
          value={search}
          onChange={(event) =>
            setSearchParams(event.target.value ? { search: event.target.value } : {}, { replace: true })
          }
          className={`${INPUT_CLASS} rounded-full pl-10`}
        />
      </div>
      <EmptyState icon={Clapperboard} title={APP_MESSAGES.klipsEmpty} />
    </>
  );
}
