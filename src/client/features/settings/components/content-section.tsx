import { VIDEO_QUALITIES } from '../../../../shared/constants.ts';
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { SETTINGS_MESSAGES } from '../../../../shared/settings-messages.ts';
import type { SettingsChange } from '../api/update-settings.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SettingSwitch } from './setting-switch.tsx';

const M = SETTINGS_MESSAGES.content;
const QUALITY_CHOICES = VIDEO_QUALITIES.map((value) => ({
  value,
  label: M.qualities[value],
  hint: M.qualityHints[value],
}));

/** docs/product.md "App settings": content; the klip player follows both (decision 0070). */
export function ContentSection({
  content,
  reduceMotion,
  onChange,
}: {
  content: AppSettings['content'];
  /** Reduce motion holds autoplay off, which the switch's hint says. */
  reduceMotion: boolean;
  onChange: (change: SettingsChange) => void;
}) {
  return (
    <SettingsSection id="content" title={M.title} hint={M.hint}>
      <SettingSwitch
        label={M.autoplay}
        hint={reduceMotion ? `${M.autoplayHint} ${M.autoplayReduced}` : M.autoplayHint}
        checked={content.autoplay}
        onChange={(autoplay) => onChange({ category: 'content', changes: { autoplay } })}
      />
      <ChoiceGroup
        legend={M.quality}
        name="quality"
        value={content.quality}
        choices={QUALITY_CHOICES}
        onChange={(quality) => onChange({ category: 'content', changes: { quality } })}
      />
    </SettingsSection>
  );
}
