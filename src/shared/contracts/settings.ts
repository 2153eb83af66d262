// App settings (docs/product.md "App settings"): six categories with their defaults. A PATCH names one category and
// carries only the fields that changed; unknown categories and fields are refused. The value sets are the ones the
// product can honour (decision 0070): no follower graph, so the privacy audiences are everyone, signed-in users or
// nobody but the owner; one language until a translation exists; the two klip renditions for quality.
import { z } from 'zod';
import { LANGUAGES, PRIVACY_AUDIENCES, VIDEO_QUALITIES } from '../constants.ts';
import { isValidPhone, toPhoneDigits } from '../domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../catalogue-messages.ts';

/** An IANA time zone the runtime knows ('UTC', 'Asia/Kolkata', ...). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The account's phone: empty, or a number of docs/product.md "Phone", the rule of the profile's phone contact (with
 * its text). A change is stored as its digits (AccountPhoneChangeSchema); a stored number that breaks the rule reads
 * as empty (decision 0070's per-field fallback).
 */
export const AccountPhoneSchema = z
  .string()
  .trim()
  .max(30, CATALOGUE_MESSAGES.invalidPhone)
  .refine((value) => value === '' || isValidPhone(value), CATALOGUE_MESSAGES.invalidPhone);

const AccountPhoneChangeSchema = AccountPhoneSchema.transform(toPhoneDigits);

export const SETTINGS_CATEGORIES = {
  account: z.object({
    email: z.string().max(254),
    username: z.string().max(30),
    phone: AccountPhoneSchema,
    twoFactorAuth: z.boolean(),
  }),
  privacy: z.object({
    whoCanSeeMyContent: z.enum(PRIVACY_AUDIENCES),
    whoCanContactMe: z.enum(PRIVACY_AUDIENCES),
    activityVisibility: z.boolean(),
  }),
  notifications: z.object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    marketingEmails: z.boolean(),
    // Which kinds of activity are recorded and shown (docs/product.md "Notifications"; decision 0077).
    likes: z.boolean(),
    comments: z.boolean(),
    replies: z.boolean(),
    offerEndings: z.boolean(),
  }),
  appearance: z.object({
    language: z.enum(LANGUAGES),
    timezone: z
      .string()
      .min(1)
      .max(64)
      .refine(isKnownTimeZone, 'an IANA time zone such as Asia/Kolkata or UTC'),
  }),
  content: z.object({ autoplay: z.boolean(), quality: z.enum(VIDEO_QUALITIES) }),
  accessibility: z.object({ reduceMotion: z.boolean(), highContrast: z.boolean() }),
} as const;

export type SettingsCategory = keyof typeof SETTINGS_CATEGORIES;
export type PrivacyAudience = (typeof PRIVACY_AUDIENCES)[number];
export const SettingsCategorySchema = z.enum(
  Object.keys(SETTINGS_CATEGORIES) as [SettingsCategory, ...SettingsCategory[]],
);

export const AppSettingsSchema = z.object(SETTINGS_CATEGORIES);
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** The changed fields of one category; unknown fields are refused, not dropped, so a typo is noticed. */
export function getSettingsPatchSchema(category: SettingsCategory) {
  if (category === 'account') {
    return SETTINGS_CATEGORIES.account.extend({ phone: AccountPhoneChangeSchema }).partial().strict();
  }
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
