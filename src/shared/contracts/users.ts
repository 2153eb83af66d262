// User profiles (docs/product.md "User profile" and "Users").
import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../constants.ts';
import { isValidEmail, isValidPhone, toPhoneDigits } from '../domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../catalogue-messages.ts';
import { PROFILE_MESSAGES } from '../profile-messages.ts';

export { BIO_MAX_LENGTH };

/**
 * A username as docs/product.md "Username check" reads it (lowercased, trimmed, whitespace removed), then the rules
 * of "Accounts and usernames", each with its own text: the rules sign-up enforces, said so a user can act on them.
 */
export const ProfileUsernameSchema = z
  .string()
  .max(100)
  .transform((value) => value.trim().toLowerCase().replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(USERNAME_MIN_LENGTH, PROFILE_MESSAGES.usernameTooShort)
      .max(USERNAME_MAX_LENGTH, PROFILE_MESSAGES.usernameTooLong)
      .regex(/^[a-z0-9._-]+$/, PROFILE_MESSAGES.usernameCharacters),
  );

/** A phone contact: empty, or a number of docs/product.md "Phone", kept as its digits. */
function phoneContact(message: string) {
  return z
    .string()
    .trim()
    .max(30)
    .refine((value) => value === '' || isValidPhone(value), message)
    .transform(toPhoneDigits);
}

export const UserProfileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  fullName: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  photoURL: z.string().nullable(),
  avatarUpdatedAt: z.string().nullable(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  stats: z.object({ productCount: z.number(), klipCount: z.number(), totalLikes: z.number() }),
  metadata: z.object({
    contactInfo: z.object({ whatsapp: z.string(), phone: z.string(), email: z.string() }),
  }),
  createdAt: z.string(),
  /** True when the user's whoCanContactMe keeps this reader from their contacts (decision 0071): contactInfo is empty. */
  contactsHidden: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const ProfileResponseSchema = z.object({ success: z.literal(true), data: UserProfileSchema });

/**
 * What a user may change about themselves: never uid, e-mail, stats or anyone else's profile. A username change
 * keeps the old name answering for USERNAME_REDIRECT_DAYS (decision 0074). Contacts given are replaced one by one.
 */
export const ProfileUpdateSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .min(1, PROFILE_MESSAGES.fullNameRequired)
      .max(PROFILE_NAME_MAX_LENGTH, PROFILE_MESSAGES.fullNameTooLong),
    displayName: z.string().trim().max(PROFILE_NAME_MAX_LENGTH, PROFILE_MESSAGES.fullNameTooLong),
    username: ProfileUsernameSchema,
    bio: z.string().max(BIO_MAX_LENGTH, PROFILE_MESSAGES.bioTooLong),
    contactInfo: z
      .object({
        whatsapp: phoneContact(CATALOGUE_MESSAGES.invalidWhatsApp),
        phone: phoneContact(CATALOGUE_MESSAGES.invalidPhone),
        email: z
          .string()
          .trim()
          .max(254, CATALOGUE_MESSAGES.invalidEmail)
          .refine((value) => value === '' || isValidEmail(value), CATALOGUE_MESSAGES.invalidEmail),
      })
      .partial(),
  })
  .partial();
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const CheckUsernameResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  message: z.string(),
});
