import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { SettingsSection } from './settings-section.tsx';
import { SettingSwitch } from './setting-switch.tsx';

const M = SETTINGS_MESSAGES.notifications;
const FIELDS = ['emailNotifications', 'pushNotifications', 'marketingEmails'] as const;

/** docs/product.md "App settings": notifications, one switch per field. */
export function NotificationsSection({
  notifications,
  onChange,
}: {
  notifications: AppSettings['notifications'];
  onChange: (change: SettingsChange) => void;
}) {
  return (
    <SettingsSection id="notifications" title={M.title} hint={M.hint}>
      {FIELDS.map((field) => (
        <SettingSwitch
          key={field}
          label={M[field]}
          hint={M[`${field}Hint`]}
          checked={notifications[field]}
          onChange={(checked) => onChange({ category: 'notifications', changes: { [field]: checked } })}
        />
      ))}
    </SettingsSection>
  );
}
