import { useId, useMemo } from 'react';
import { THEMES } from '../../../../shared/constants.ts';
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { useTheme } from '../../../lib/theme.ts';
import { getDeviceTimeZone, listTimeZones } from '../../../lib/time-zone.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TextSetting } from './text-setting.tsx';

const M = SETTINGS_MESSAGES.appearance;
const THEME_CHOICES = THEMES.map((value) => ({ value, label: M.themes[value] }));

/**
 * docs/product.md "App settings": appearance, and the theme of "Local values" (this device's, not the account's).
 * The language is English until a Hindi translation exists, so it is said, not offered (decision 0070).
 */
export function AppearanceSection({
  appearance,
  onChange,
}: {
  appearance: AppSettings['appearance'];
  onChange: (change: SettingsChange) => void;
}) {
  const { preference, setTheme } = useTheme();
  const listId = useId();
  const zones = useMemo(() => listTimeZones(), []);
  const known = useMemo(() => new Set(zones), [zones]);
  const deviceZone = getDeviceTimeZone();
  const saveZone = (timezone: string) => onChange({ category: 'appearance', changes: { timezone } });
  return (
    <SettingsSection id="appearance" title={M.title} hint={M.hint}>
      <ChoiceGroup
        legend={M.theme}
        hint={M.themeHint}
        name="theme"
        value={preference}
        choices={THEME_CHOICES}
        onChange={setTheme}
      />
      <div>
        <p className="text-sm font-semibold text-ink">{M.language}</p>
        <p className="mt-0.5 text-ink-muted">{M.languageValue}</p>
        <p className="mt-1 text-sm text-ink-muted">{M.languageNote}</p>
      </div>
      <TextSetting
        label={M.timezone}
        hint={M.timezoneHint}
        saved={appearance.timezone}
        saveLabel={M.timezoneSave}
        check={(value) => (known.has(value) ? null : M.timezoneInvalid)}
        onSave={saveZone}
        inputProps={{ list: listId, autoComplete: 'off', spellCheck: false, maxLength: 64 }}
        extra={
          deviceZone !== appearance.timezone ? (
            <button
              type="button"
              className={getButtonClass({ variant: 'ghost', size: 'sm' })}
              onClick={() => saveZone(deviceZone)}
            >
              {M.deviceZoneButton(deviceZone)}
            </button>
          ) : null
        }
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </SettingsSection>
  );
}
