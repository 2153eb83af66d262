// What the settings screen shows and how it saves: the signed-in user's settings from the one cached query
// (src/client/lib/settings.ts), or the defaults with the spec's text when they could not be loaded
// (docs/product.md "Error texts: Settings"), and a change function that saves one category's changed fields.
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import { SETTINGS_ERRORS } from '../../../../shared/settings-messages.ts';
import { useSettings, type SettingsResponse } from '../../../lib/settings.ts';
import { useUpdateSettings, type SettingsChange } from '../api/update-settings.ts';

const selectSettings = (answer: SettingsResponse): AppSettings => answer.settings;

export type SettingsScreen = {
  status: 'loading' | 'ready' | 'failed';
  settings: AppSettings;
  /** Why the defaults are shown: the spec's load failure, and what went wrong when the answer was malformed. */
  failure: { message: string; detail: string | null } | null;
  change: (change: SettingsChange) => void;
};

export function useSettingsScreen(): SettingsScreen {
  const query = useSettings(selectSettings);
  const update = useUpdateSettings();
  const change = (next: SettingsChange) => update.mutate(next);
  if (query.data) return { status: 'ready', settings: query.data, failure: null, change };
  if (query.isError) {
    const detail = query.error.message === SETTINGS_ERRORS.invalidResponse ? query.error.message : null;
    return {
      status: 'failed',
      settings: DEFAULT_SETTINGS,
      failure: { message: SETTINGS_ERRORS.loadFailed, detail },
      change,
    };
  }
  return { status: 'loading', settings: DEFAULT_SETTINGS, failure: null, change };
}
