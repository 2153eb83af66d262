// User profiles (docs/product.md "User profile" and "Users").
import { z } from 'zod';
import { isValidEmail, isValidPhone, toPhoneDigits } from '../domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../messages.ts';

export const BIO_MAX_LENGTH = 500;

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
  metadata: z.object({ contactInfo: z.object({ whatsapp: z.string(), email: z.string() }) }),
  createdAt: z.string(),
  /** True when the user's whoCanContactMe keeps this reader from their contacts (decision 0071): contactInfo is empty. */
  contactsHidden: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const ProfileResponseSchema = z.object({ success: z.literal(true), data: UserProfileSchema });

/** What a user may change about themselves: never uid, e-mail, stats or anyone else's profile. */
export const ProfileUpdateSchema = z
  .object({
    fullName: z.string().trim().min(1).max(100),
    displayName: z.string().trim().max(100),
    bio: z.string().max(BIO_MAX_LENGTH),
    contactInfo: z.object({
      whatsapp: z
        .string()
        .trim()
        .refine((value) => value === '' || isValidPhone(value), CATALOGUE_MESSAGES.invalidWhatsApp)
        .transform(toPhoneDigits),
      email: z
        .string()
        .trim()
        .max(254)
        .refine((value) => value === '' || isValidEmail(value), CATALOGUE_MESSAGES.invalidEmail),
    }),
  })
  .partial();
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const CheckUsernameResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  message: z.string(),
});
