import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { OPTIONAL_COOKIE_CATEGORIES } from '../../../../shared/constants.ts';
import { CONSENT_MESSAGES } from '../../../../shared/consent-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import {
  closeCookieSettings,
  getConsent,
  resetConsent,
  saveConsent,
  type OptionalCookieCategory,
} from '../../../lib/consent.ts';

type Choice = Record<OptionalCookieCategory, boolean>;

function CategorySwitch({
  id,
  checked,
  disabled,
  describedBy = '',
  onToggle,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  /** More ids describing the switch (necessary's 'Always on'). */
  describedBy?: string;
  onToggle?: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-description ${describedBy}`.trim()}
      disabled={disabled}
      onClick={onToggle}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-70',
        checked ? 'bg-brand' : 'bg-stone-300 dark:bg-stone-600',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}

function CategoryRow({
  category,
  children,
}: {
  category: keyof typeof CONSENT_MESSAGES.categories;
  children: ReactNode;
}) {
  const id = `cookie-${category}`;
  const { name, description } = CONSENT_MESSAGES.categories[category];
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-name`} className="font-semibold text-ink">
          {name}
        </p>
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
      {children}
    </li>
  );
}

/** One switch per category, necessary shown on and fixed (docs/product.md "Cookie consent"). */
export default function CookieSettingsDialog() {
  const [choice, setChoice] = useState<Choice>(() => {
    const { preferences } = getConsent();
    return {
      functional: preferences.functional,
      analytics: preferences.analytics,
      marketing: preferences.marketing,
      preferences: preferences.preferences,
    };
  });
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && closeCookieSettings()}
      className="animate-pop top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-line p-5"
    >
      <DialogTitleBar title={CONSENT_MESSAGES.dialogTitle} className="mb-1" />
      <p className="text-sm text-ink-muted">{CONSENT_MESSAGES.dialogIntro}</p>
      <ul className="mt-2 divide-y divide-line">
        <CategoryRow category="necessary">
          <span className="flex shrink-0 items-center gap-2">
            <span id="cookie-necessary-always" className="text-xs font-semibold text-ink-muted">
              {CONSENT_MESSAGES.alwaysOn}
            </span>
            <CategorySwitch id="cookie-necessary" checked disabled describedBy="cookie-necessary-always" />
          </span>
        </CategoryRow>
        {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
          <CategoryRow key={category} category={category}>
            <CategorySwitch
              id={`cookie-${category}`}
              checked={choice[category]}
              onToggle={() => setChoice((current) => ({ ...current, [category]: !current[category] }))}
            />
          </CategoryRow>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={getButtonClass({ variant: 'ghost', size: 'sm' })}
          onClick={resetConsent}
        >
          {CONSENT_MESSAGES.reset}
        </button>
        <button type="button" className={getButtonClass({ size: 'sm' })} onClick={() => saveConsent(choice)}>
          {CONSENT_MESSAGES.savePreferences}
        </button>
      </div>
    </DialogShell>
  );
}
