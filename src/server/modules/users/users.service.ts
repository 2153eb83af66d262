// Profiles (docs/product.md "User profile") and the username check (docs/product.md "Username check"): public
// reads, owner-only writes.
import { z } from 'zod';
import { normalizeUsername } from '../../../shared/contracts/auth.ts';
import type { ProfileUpdate, UserProfile } from '../../../shared/contracts/users.ts';
import { ProfileUpdateSchema, ProfileUsernameSchema } from '../../../shared/contracts/users.ts';
import { getDisplayNameField } from '../../../shared/domain/display-name.ts';
import { audienceAdmits, type Reader } from '../../../shared/domain/privacy.ts';
import { AUTH_MESSAGES } from '../../../shared/auth-messages.ts';
import { USER_MESSAGES } from '../../../shared/creator-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { PROFILE_MESSAGES } from '../../../shared/profile-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { describeSchemaIssue, parseBody } from '../../http/validation.ts';
import { buildImageUrls, buildThumbnailUrl } from '../../media/media-urls.ts';
import { createUsersRepository, type ProfileRecord, type UsersRepository } from './users.repository.ts';

const AVATAR_MIN_WIDTH = 320;

export type UsersService = ReturnType<typeof createUsersService>;

const usernameTaken = (field = 'username') =>
  new AppError('conflict', SERVER_MESSAGES.validation(field, PROFILE_MESSAGES.usernameTaken));

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Renames the user within the caller's transaction (decision 0074): the old name keeps answering for them, the new
 * one must be free and not given up by someone else less than USERNAME_REDIRECT_DAYS ago.
 */
async function renameIn(
  users: UsersRepository,
  userId: string,
  to: string,
  field = 'username',
): Promise<void> {
  const from = await users.lockUsername(userId);
  if (from === undefined) throw new AppError('not-found', USER_MESSAGES.userNotFound);
  if (from === to) return;
  await users.lockUsernames([from, to]);
  if (await users.isReservedForOther(userId, to)) throw usernameTaken(field);
  await users.rename(userId, from, to);
}

export function createUsersService(deps: { db: Executor; users?: UsersRepository; config: Config }) {
  const { db, config } = deps;
  const users = deps.users ?? createUsersRepository(db);

  /**
   * `reader`: another reader, whose view the user's whoCanContactMe cuts (decision 0071); none for the user's own
   * reads (their profile, their edits).
   */
  function toProfile(record: ProfileRecord, reader?: Reader): UserProfile {
    const contactsHidden = reader !== undefined && !audienceAdmits(record.contactAudience, record.id, reader);
    const avatar = record.avatarVariants
      ? buildThumbnailUrl(record.avatarVariants, AVATAR_MIN_WIDTH, config)
      : null;
    return {
      uid: record.id,
      username: record.username,
      fullName: record.fullName,
      displayName: getDisplayNameField(record),
      avatar,
      photoURL: avatar,
      avatarUpdatedAt: record.avatarUpdatedAt?.toISOString() ?? null,
      coverImage: record.coverVariants ? buildImageUrls(record.coverVariants, config).url : null,
      bio: record.bio,
      stats: {
        productCount: record.productCount,
        klipCount: record.klipCount,
        totalLikes: record.totalLikes,
      },
      metadata: {
        contactInfo: contactsHidden
          ? { whatsapp: '', phone: '', email: '' }
          : { whatsapp: record.contactWhatsapp, phone: record.contactPhone, email: record.contactEmail },
      },
      createdAt: record.createdAt.toISOString(),
      ...(contactsHidden ? { contactsHidden: true } : {}),
    };
  }

  async function getById(id: string, reader?: Reader): Promise<UserProfile> {
    if (!id.trim()) throw new AppError('bad-request', USER_MESSAGES.userIdRequired);
    const record = await users.findById(id);
    if (!record) throw new AppError('not-found', USER_MESSAGES.userNotFound);
    return toProfile(record, reader);
  }

  return {
    getById,

    async getByUsername(username: string, reader?: Reader): Promise<UserProfile> {
      const normalized = normalizeUsername(username);
      if (!normalized) throw new AppError('bad-request', USER_MESSAGES.usernameRequired);
      // A name given up less than USERNAME_REDIRECT_DAYS ago answers its user's profile under the current name, so
      // the client can replace the address (decision 0074).
      const record = (await users.findByUsername(normalized)) ?? (await users.findByPastUsername(normalized));
      if (!record) throw new AppError('not-found', USER_MESSAGES.userNotFound);
      return toProfile(record, reader);
    },

    async checkUsername(name: string): Promise<{ available: boolean; message: string }> {
      if (!normalizeUsername(name)) throw new AppError('bad-request', USER_MESSAGES.usernameRequired);
      const parsed = ProfileUsernameSchema.safeParse(name);
      if (!parsed.success)
        return {
          available: false,
          message: describeSchemaIssue(parsed.error.issues[0], { whole: 'username' }).problem,
        };
      if (await users.isUsernameTaken(parsed.data))
        return { available: false, message: AUTH_MESSAGES.usernameTaken };
      return { available: true, message: AUTH_MESSAGES.usernameAvailable };
    },

    async update(userId: string, input: ProfileUpdate): Promise<UserProfile> {
      const changes = parseBody(ProfileUpdateSchema, input);
      // All of it or none of it: a taken username leaves the rest unchanged too.
      try {
        await runInTransaction(db, async (tx) => {
          const inTx = createUsersRepository(tx);
          if (changes.username !== undefined) await renameIn(inTx, userId, changes.username);
          await inTx.update(userId, {
            full_name: changes.fullName,
            display_name: changes.displayName,
            bio: changes.bio,
            contact_whatsapp: changes.contactInfo?.whatsapp,
            contact_phone: changes.contactInfo?.phone,
            contact_email: changes.contactInfo?.email,
          });
        });
      } catch (error) {
        // Two users renaming to one free name at once: users_username_key decides (the transaction rolled back).
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      return getById(userId);
    },

    /**
     * Changes the username alone (the account settings' username, decision 0074); `prefix` is where the name sits in
     * the request ('account' for the settings), so that a refusal names it as the caller sent it.
     */
    async changeUsername(userId: string, name: unknown, prefix = ''): Promise<void> {
      const { username } = parseBody(
        z.object({ username: ProfileUsernameSchema }),
        { username: name },
        prefix,
      );
      const field = [prefix, 'username'].filter(Boolean).join('.');
      try {
        await runInTransaction(db, (tx) => renameIn(createUsersRepository(tx), userId, username, field));
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken(field);
        throw error;
      }
    },

    /** account.email and account.username of the settings, from the user row. */
    async readAccount(userId: string): Promise<{ email: string; username: string }> {
      const account = await users.findAccount(userId);
      if (!account) throw new AppError('not-found', USER_MESSAGES.userNotFound);
      return account;
    },

    /** Reads nothing back (getById does): the caller tells a failed change from a failed read. */
    async setImage(userId: string, field: 'avatar' | 'cover', mediaId: string): Promise<void> {
      if (!(await users.setImage(userId, field, mediaId)))
        throw new AppError('bad-request', USER_MESSAGES.imageUnavailable(field));
    },
  };
}
