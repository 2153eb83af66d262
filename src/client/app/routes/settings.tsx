import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { CONSENT_MESSAGES } from '../../../shared/consent-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ProfileSection } from '../../features/users/components/profile-editor.tsx';
import { openCookieSettings } from '../../lib/consent.ts';
import { useTheme, type Theme } from '../../lib/theme.ts';

const THEMES: readonly { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

export function Component() {
  const { theme, setTheme } = useTheme();
  return (
    <>
      <PageHeader title="Settings" />
      <section
        aria-labelledby="appearance-title"
        className="max-w-2xl rounded-3xl border border-line bg-surface p-6"
      >
        <h2 id="appearance-title" className="font-bold text-ink">
          Appearance
        </h2>
        <fieldset className="mt-4">
          <legend className="text-sm text-ink-muted">Theme</legend>
          <div className="mt-2 flex gap-3">
            {THEMES.map(({ value, label, icon: Icon }) => (
              <label
                key={value}
                className={clsx(
                  'flex cursor-pointer items-center gap-2 rounded-2xl border px-4 py-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                  theme === value ? 'border-brand bg-brand-soft text-brand-ink' : 'border-line text-ink',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </section>
      <section
        aria-labelledby="privacy-title"
        className="mt-6 max-w-2xl rounded-3xl border border-line bg-surface p-6"
      >
        <h2 id="privacy-title" className="font-bold text-ink">
          {CONSENT_MESSAGES.settingsSection}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{CONSENT_MESSAGES.settingsHint}</p>
        <button
          type="button"
          className={getButtonClass({ variant: 'secondary', className: 'mt-4' })}
          aria-haspopup="dialog"
          onClick={openCookieSettings}
        >
          {CONSENT_MESSAGES.settingsButton}
        </button>
      </section>
      <ProfileSection />
    </>
  );
}
