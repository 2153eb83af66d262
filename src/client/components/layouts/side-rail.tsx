import clsx from 'clsx';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { useRenderTime } from '../../lib/render-environment.ts';
import { SideMenuNav } from './side-menu-nav.tsx';

/** Wide screens: a rail of icons under the header, widened with labels by the header toggle. */
export function SideRail({ expanded, returnPath }: { expanded: boolean; returnPath: string }) {
  const year = new Date(useRenderTime()).getFullYear();
  return (
    <aside
      data-testid="side-rail"
      data-expanded={expanded}
      className={clsx(
        'fixed top-header bottom-0 left-0 z-30 hidden flex-col overflow-y-auto border-r border-line bg-surface py-3 md:flex',
        'motion-safe:transition-[width] motion-safe:duration-200',
        // Narrow, the rail's labels get all but 4 px a side of it: 'Dashboard' fits whole even in a wide fallback
        // font (DejaVu Sans, where Inter is not installed), instead of breaking before its last letter.
        expanded ? 'w-rail-open px-2' : 'w-rail px-1',
      )}
    >
      <SideMenuNav compact={!expanded} returnPath={returnPath} />
      {expanded ? (
        <p className="mt-auto px-3 pt-6 text-xs text-ink-subtle">
          © {year} {PRODUCT_NAME}
        </p>
      ) : null}
    </aside>
  );
}
