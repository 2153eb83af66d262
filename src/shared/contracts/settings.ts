// App settings (docs/product.md "App settings"): six categories with their defaults. A PATCH names one category and
// carries only the fields that changed; unknown categories and fields are refused.
import { z } from 'zod';

export const SETTINGS_CATEGORIES = {
  account: z.object({
    email: z.string().max(254),
    username: z.string().max(30),
    phone: z.string().max(20),
    twoFactorAuth: z.boolean(),
  }),
  privacy: z.object({
    whoCanSeeMyContent: z.enum(['everyone', 'followers', 'nobody']),
    whoCanContactMe: z.enum(['everyone', 'followers', 'nobody']),
    activityVisibility: z.boolean(),
  }),
  notifications: z.object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    marketingEmails: z.boolean(),
  }),
  appearance: z.object({ language: z.string().min(2).max(10), timezone: z.string().min(1).max(64) }),
  content: z.object({ autoplay: z.boolean(), quality: z.enum(['auto', 'low', 'medium', 'high']) }),
  accessibility: z.object({ reduceMotion: z.boolean(), highContrast: z.boolean() }),
} as const;

export type SettingsCategory = keyof typeof SETTINGS_CATEGORIES;
export const SettingsCategorySchema = z.enum(
  Object.keys(SETTINGS_CATEGORIES) as [SettingsCategory, ...SettingsCategory[]],
);

export const AppSettingsSchema = z.object(SETTINGS_CATEGORIES);
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** The changed fields of one category; unknown fields are refused, not dropped, so a typo is noticed. */
export function getSettingsPatchSchema(category: SettingsCategory) {
  return SETTINGS_CATEGORIES[category].partial().strict();
}

export const SettingsResponseSchema = z.object({ success: z.literal(true), settings: AppSettingsSchema });

/**
 * /users/settings and /users/preferences (docs/product.md "Users"): ours to shape; a flat object of simple
 * values.
 */
export const FreeFormSettingsSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 entries');
