import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { SettingsSection } from './settings-section.tsx';
import { SettingSwitch } from './setting-switch.tsx';

const M = SETTINGS_MESSAGES.accessibility;

/** docs/product.md "App settings": accessibility; they change every page (decision 0073). */
export function AccessibilitySection({
  accessibility,
  onChange,
}: {
  accessibility: AppSettings['accessibility'];
  onChange: (change: SettingsChange) => void;
}) {
  return (
    <SettingsSection id="accessibility" title={M.title} hint={M.hint}>
      <SettingSwitch
        label={M.reduceMotion}
        hint={M.reduceMotionHint}
        checked={accessibility.reduceMotion}
        onChange={(reduceMotion) => onChange({ category: 'accessibility', changes: { reduceMotion } })}
      />
      <SettingSwitch
        label={M.highContrast}
        hint={M.highContrastHint}
        checked={accessibility.highContrast}
        onChange={(highContrast) => onChange({ category: 'accessibility', changes: { highContrast } })}
      />
    </SettingsSection>
  );
}
