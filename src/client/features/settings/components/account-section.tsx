import type { ReactNode } from 'react';
import { AccountPhoneSchema, type AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { SettingsSection } from './settings-section.tsx';
import { TextSetting } from './text-setting.tsx';

const M = SETTINGS_MESSAGES.account;

function ReadOnlyValue({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink">{label}</dt>
      <dd className="mt-0.5 break-all text-ink-muted">{value || '—'}</dd>
      {hint ? <dd className="mt-1">{hint}</dd> : null}
    </div>
  );
}

/**
 * docs/product.md "App settings": account. The e-mail and username belong to the account (the username changes in
 * the profile editor, with its availability check), the phone is ours to edit here: it fills quote requests
 * (docs/product.md "Quote form"). Two-factor sign-in has its own section.
 */
export function AccountSection({
  account,
  profileHref,
  onChange,
}: {
  account: AppSettings['account'];
  /** Where the profile editor is (a section of this page). */
  profileHref: string;
  onChange: (change: SettingsChange) => void;
}) {
  return (
    <SettingsSection id="account" title={M.title} hint={M.hint}>
      <dl className="flex flex-col gap-4">
        <ReadOnlyValue label={M.email} value={account.email} />
        <ReadOnlyValue
          label={M.username}
          value={account.username ? `@${account.username}` : ''}
          hint={
            <a
              href={profileHref}
              className="text-sm font-semibold text-brand-ink underline underline-offset-2"
            >
              {M.editProfile}
            </a>
          }
        />
      </dl>
      <TextSetting
        label={M.phone}
        hint={M.phoneHint}
        saved={account.phone}
        saveLabel={M.phoneSave}
        check={(value) => {
          // The server's own rule and text (account.phone), so the field says what a refused save would.
          const checked = AccountPhoneSchema.safeParse(value);
          return checked.success ? null : (checked.error.issues[0]?.message ?? M.phoneInvalid);
        }}
        onSave={(phone) => onChange({ category: 'account', changes: { phone } })}
        inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 20 }}
      />
    </SettingsSection>
  );
}
