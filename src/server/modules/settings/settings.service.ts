// Settings of spec §7: the app's settings (the spec's defaults under what the user changed, one category at a
// time) and the free-form objects of /users/settings and /users/preferences. All of it is the user's own.
import {
  AppSettingsSchema,
  DEFAULT_SETTINGS,
  getSettingsPatchSchema,
  type AppSettings,
  type SettingsCategory,
} from '../../../shared/contracts/settings.ts';
import { parseBody } from '../../http/validation.ts';
import type { SettingsColumn, SettingsRepository } from './settings.repository.ts';

/** The stored objects that take any JSON object. */
export type FreeFormSettingsColumn = Exclude<SettingsColumn, 'app_settings'>;

/** Defaults, overlaid with what is stored; anything stored that no longer fits the schema falls back. */
function withDefaults(stored: Record<string, unknown>): AppSettings {
  const merged = Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS).map(([category, defaults]) => [
      category,
      { ...defaults, ...((stored[category] as object | undefined) ?? {}) },
    ]),
  );
  const parsed = AppSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({ settings }: { settings: SettingsRepository }) {
  async function getAppSettings(userId: string): Promise<AppSettings> {
    return withDefaults(await settings.read(userId, 'app_settings'));
  }

  return {
    getAppSettings,

    /** Changes the given fields of one category; a field the category does not have is a 400 naming it. */
    async updateAppSettings(userId: string, category: SettingsCategory, body: unknown): Promise<AppSettings> {
      const changes = parseBody(getSettingsPatchSchema(category), body, category);
      const stored = await settings.read(userId, 'app_settings');
      const current = (stored[category] as Record<string, unknown> | undefined) ?? {};
      await settings.merge(userId, 'app_settings', { [category]: { ...current, ...changes } });
      return getAppSettings(userId);
    },

    getFreeForm: (userId: string, column: FreeFormSettingsColumn) => settings.read(userId, column),

    async updateFreeForm(
      userId: string,
      column: FreeFormSettingsColumn,
      changes: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      await settings.merge(userId, column, changes);
      return settings.read(userId, column);
    },
  };
}
