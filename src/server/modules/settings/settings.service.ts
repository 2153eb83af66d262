// Settings of docs/product.md "Settings calls": the app's settings (the defaults of docs/product.md "App settings"
// under what the user changed, one category at a time) and the free-form objects of /users/settings and
// /users/preferences (docs/product.md "Users"). All of it is the user's own.
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults.ts';
import {
  AppSettingsSchema,
  getSettingsPatchSchema,
  type AppSettings,
  type SettingsCategory,
} from '../../../shared/contracts/settings.ts';
import { SETTINGS_OBJECT_MAX_BYTES } from '../../../shared/constants.ts';
import { SETTINGS_MESSAGES } from '../../../shared/messages.ts';
import { AppError } from '../../errors.ts';
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

/** How each stored object is named to the user. */
const OBJECT_NAMES: Record<SettingsColumn, string> = {
  app_settings: 'app settings',
  profile_settings: 'profile settings',
  preferences: 'preferences',
};

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({ settings }: { settings: SettingsRepository }) {
  async function getAppSettings(userId: string): Promise<AppSettings> {
    return withDefaults(await settings.read(userId, 'app_settings'));
  }

  /** Changes one stored object under its row lock; one that would outgrow its cap is a 413 and nothing is written. */
  async function updateWithinCap(
    userId: string,
    column: SettingsColumn,
    change: (stored: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    const result = await settings.update(userId, column, change, SETTINGS_OBJECT_MAX_BYTES);
    if (!result.written) {
      throw new AppError(
        'payload-too-large',
        SETTINGS_MESSAGES.tooLarge(OBJECT_NAMES[column], SETTINGS_OBJECT_MAX_BYTES / 1024),
      );
    }
  }

  return {
    getAppSettings,

    /** Changes the given fields of one category; a field the category does not have is a 400 naming it. */
    async updateAppSettings(userId: string, category: SettingsCategory, body: unknown): Promise<AppSettings> {
      const changes = parseBody(getSettingsPatchSchema(category), body, category);
      await updateWithinCap(userId, 'app_settings', (stored) => ({
        ...stored,
        [category]: { ...(stored[category] as Record<string, unknown> | undefined), ...changes },
      }));
      return getAppSettings(userId);
    },

    getFreeForm: (userId: string, column: FreeFormSettingsColumn) => settings.read(userId, column),

    async updateFreeForm(
      userId: string,
      column: FreeFormSettingsColumn,
      changes: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      await updateWithinCap(userId, column, (stored) => ({ ...stored, ...changes }));
      return settings.read(userId, column);
    },
  };
}
