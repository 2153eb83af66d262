import clsx from 'clsx';
import { SETTINGS_MESSAGES as M } from '../../../../shared/settings-messages.ts';
import { useCurrentSection } from '../hooks/use-current-section.ts';

export type SettingsNavSection = { id: string; title: string };

/**
 * Links to the settings page's sections, each named by its section's title: on a wide screen a list that stays
 * beside them as the page scrolls, marking the section being read; on a phone a row of chips above them that
 * scrolls sideways.
 */
export function SettingsNav({ sections }: { sections: readonly SettingsNavSection[] }) {
  const current = useCurrentSection(sections.map((section) => section.id));
  return (
    <nav
      aria-label={M.sectionsNav}
      className="-mx-4 mb-6 overflow-x-auto px-4 pb-1 md:-mx-8 md:px-8 lg:sticky lg:top-24 lg:mx-0 lg:mb-0 lg:self-start lg:overflow-visible lg:p-0"
    >
      <ul className="flex gap-2 lg:flex-col lg:gap-0.5">
        {sections.map(({ id, title }) => (
          <li key={id} className="shrink-0">
            <a
              href={`#${id}`}
              aria-current={current === id ? 'location' : undefined}
              className={clsx(
                'block rounded-full border border-line bg-surface px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap text-ink-muted',
                'hover:bg-surface-muted hover:text-ink',
                'lg:rounded-xl lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2',
                'aria-[current=location]:bg-brand-soft aria-[current=location]:text-brand-ink',
              )}
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
