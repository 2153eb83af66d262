import type { ReactNode } from 'react';
import { PRIVACY_AUDIENCES } from '../../../../shared/constants.ts';
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SettingSwitch } from './setting-switch.tsx';

const M = SETTINGS_MESSAGES.privacy;

/**
 * docs/product.md "App settings": privacy, with the audiences of decision 0070; the server enforces them. The
 * cookie preferences (docs/product.md "Cookie consent") come last, from the route.
 */
export function PrivacySection({
  privacy,
  onChange,
  children,
}: {
  privacy: AppSettings['privacy'];
  onChange: (change: SettingsChange) => void;
  /** More privacy choices that other features own (the cookie preferences). */
  children?: ReactNode;
}) {
  const choices = (hints: Record<(typeof PRIVACY_AUDIENCES)[number], string>) =>
    PRIVACY_AUDIENCES.map((value) => ({ value, label: M.audiences[value], hint: hints[value] }));
  return (
    <SettingsSection id="privacy" title={M.title} hint={M.hint}>
      <ChoiceGroup
        legend={M.whoCanSeeMyContent}
        name="whoCanSeeMyContent"
        value={privacy.whoCanSeeMyContent}
        choices={choices(M.contentHints)}
        onChange={(whoCanSeeMyContent) => onChange({ category: 'privacy', changes: { whoCanSeeMyContent } })}
      />
      <ChoiceGroup
        legend={M.whoCanContactMe}
        name="whoCanContactMe"
        value={privacy.whoCanContactMe}
        choices={choices(M.contactHints)}
        onChange={(whoCanContactMe) => onChange({ category: 'privacy', changes: { whoCanContactMe } })}
      />
      <SettingSwitch
        label={M.activityVisibility}
        hint={M.activityVisibilityHint}
        checked={privacy.activityVisibility}
        onChange={(activityVisibility) => onChange({ category: 'privacy', changes: { activityVisibility } })}
      />
      {children}
    </SettingsSection>
  );
}
