// Settings of docs/product.md "Settings calls": the app's settings (the defaults of docs/product.md "App settings"
// under what the user changed, one category at a time) and the free-form objects of /users/settings and
// /users/preferences (docs/product.md "Users"). All of it is the user's own.
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults.ts';
import type { z } from 'zod';
import {
  AppSettingsSchema,
  getSettingsPatchSchema,
  SETTINGS_CATEGORIES,
  type AppSettings,
  type SettingsCategory,
} from '../../../shared/contracts/settings.ts';
import { SETTINGS_OBJECT_MAX_BYTES } from '../../../shared/constants.ts';
import { SETTINGS_MESSAGES } from '../../../shared/server-messages.ts';
import { AppError } from '../../errors.ts';
import { parseBody } from '../../http/validation.ts';
import type { SettingsColumn, SettingsRepository } from './settings.repository.ts';

/** The stored objects that take any JSON object. */
export type FreeFormSettingsColumn = Exclude<SettingsColumn, 'app_settings'>;

/**
 * Defaults, overlaid with what is stored and what other modules own; a stored field that no longer fits its schema
 * (a value set that changed, decision 0070) falls back to its default alone.
 */
function withDefaults(stored: Record<string, unknown>, owned: OwnedSettings): AppSettings {
  const merged = Object.fromEntries(
    (Object.keys(DEFAULT_SETTINGS) as SettingsCategory[]).map((category) => {
      const schema = SETTINGS_CATEGORIES[category].shape as Record<string, z.ZodType>;
      const kept = Object.entries((stored[category] as Record<string, unknown> | undefined) ?? {}).filter(
        ([field, value]) => schema[field]?.safeParse(value).success,
      );
      return [category, { ...DEFAULT_SETTINGS[category], ...Object.fromEntries(kept), ...owned[category] }];
    }),
  );
  return AppSettingsSchema.parse(merged);
}

/** Settings fields another module owns (the account's e-mail and username, two-factor), per category. */
export type OwnedSettings = { [C in SettingsCategory]?: Partial<AppSettings[C]> };

/**
 * What a category's change does beyond being stored, for a module that owns or enforces some of its fields; several
 * modules may hook one category. `read` supplies the fields it owns. `apply` runs before the change is stored and
 * returns the changes left to store (it may take a field over, such as a username, or refuse one with an AppError).
 * `afterStore` runs once the change is stored (the catalogue's copy of the privacy choices).
 */
export type SettingsHook = {
  [C in SettingsCategory]: {
    category: C;
    read?(userId: string): Promise<Partial<AppSettings[C]>>;
    apply?(userId: string, changes: Partial<AppSettings[C]>): Promise<Partial<AppSettings[C]>>;
    afterStore?(userId: string, settings: AppSettings[C]): Promise<void>;
  };
}[SettingsCategory];

/** A hook with its category's types erased, as the service calls it. */
type AnyHook = {
  category: SettingsCategory;
  read?(userId: string): Promise<Record<string, unknown>>;
  apply?(userId: string, changes: Record<string, unknown>): Promise<Record<string, unknown>>;
  afterStore?(userId: string, settings: Record<string, unknown>): Promise<void>;
};

/** How each stored object is named to the user. */
const OBJECT_NAMES: Record<SettingsColumn, string> = {
  app_settings: 'app settings',
  profile_settings: 'profile settings',
  preferences: 'preferences',
};

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService({
  settings,
  hooks = [],
}: {
  settings: SettingsRepository;
  hooks?: readonly SettingsHook[];
}) {
  const all = hooks as readonly AnyHook[];

  async function readOwned(userId: string): Promise<OwnedSettings> {
    const owned: Record<string, Record<string, unknown>> = {};
    const reads = await Promise.all(
      all.map(async (hook) => [hook.category, await hook.read?.(userId)] as const),
    );
    for (const [category, values] of reads) owned[category] = { ...owned[category], ...values };
    return owned as OwnedSettings;
  }

  async function getAppSettings(userId: string): Promise<AppSettings> {
    const [stored, owned] = await Promise.all([settings.read(userId, 'app_settings'), readOwned(userId)]);
    return withDefaults(stored, owned);
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
      const mine = all.filter((hook) => hook.category === category);
      let changes: Record<string, unknown> = parseBody(getSettingsPatchSchema(category), body, category);
      for (const hook of mine) if (hook.apply) changes = await hook.apply(userId, changes);
      await updateWithinCap(userId, 'app_settings', (stored) => ({
        ...stored,
        [category]: { ...(stored[category] as Record<string, unknown> | undefined), ...changes },
      }));
      const updated = await getAppSettings(userId);
      for (const hook of mine) await hook.afterStore?.(userId, updated[category]);
      return updated;
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
