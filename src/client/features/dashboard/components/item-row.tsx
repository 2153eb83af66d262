// One row of the seller's listings: thumbnail, name, a line of price or state, then Edit and Delete. Product,
// klip and offer rows fill it in.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardSection } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ItemDelete } from './item-delete.tsx';

export function ItemRow({
  section,
  id,
  name,
  thumbnail,
  icon: Icon,
  editHref,
  details,
  extra,
}: {
  section: DashboardSection;
  id: string;
  name: string;
  thumbnail: string | null;
  icon: LucideIcon;
  editHref: string;
  details: ReactNode;
  /** Under the row, full width: a failed klip's reason and Retry. */
  extra?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 py-3" data-item-id={id}>
      {/* A phone puts Edit and Delete under the name, so the name keeps the row's width. */}
      <div className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto]">
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            className="row-span-2 size-14 rounded-xl bg-surface-muted object-cover sm:row-span-1"
          />
        ) : (
          <span className="row-span-2 inline-flex size-14 items-center justify-center rounded-xl bg-surface-muted sm:row-span-1">
            <Icon aria-hidden="true" className="size-6 text-ink-muted" />
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{name}</p>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
            {details}
          </div>
        </div>
        <div className="col-start-2 -ml-1 flex items-center gap-1 sm:col-start-3 sm:ml-0">
          <Link
            to={editHref}
            aria-label={DASHBOARD_PAGE_MESSAGES.editLabel(name)}
            className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'h-8 px-3 text-xs' })}
          >
            {DASHBOARD_PAGE_MESSAGES.edit}
          </Link>
          <ItemDelete section={section} id={id} name={name} />
        </div>
      </div>
      {extra}
    </li>
  );
}
