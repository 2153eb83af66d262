// Profiles (docs/product.md "User profile") and the username check (docs/product.md "Username check"): public
// reads, owner-only writes.
import { normalizeUsername, UsernameSchema } from '../../../shared/contracts/auth.ts';
import type { ProfileUpdate, UserProfile } from '../../../shared/contracts/users.ts';
import { ProfileUpdateSchema } from '../../../shared/contracts/users.ts';
import { getDisplayNameField } from '../../../shared/domain/display-name.ts';
import { audienceAdmits, type Reader } from '../../../shared/domain/privacy.ts';
import { AUTH_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { describeSchemaIssue, parseBody } from '../../http/validation.ts';
import { buildImageUrls, buildThumbnailUrl } from '../../media/media-urls.ts';
import type { ProfileRecord, UsersRepository } from './users.repository.ts';

const AVATAR_MIN_WIDTH = 320;

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { users: UsersRepository; config: Config }) {
  const { users, config } = deps;

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
          ? { whatsapp: '', email: '' }
          : { whatsapp: record.contactWhatsapp, email: record.contactEmail },
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
      const record = await users.findByUsername(normalized);
      if (!record) throw new AppError('not-found', USER_MESSAGES.userNotFound);
      return toProfile(record, reader);
    },

    async checkUsername(name: string): Promise<{ available: boolean; message: string }> {
      if (!normalizeUsername(name)) throw new AppError('bad-request', USER_MESSAGES.usernameRequired);
      const parsed = UsernameSchema.safeParse(name);
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
      await users.update(userId, {
        full_name: changes.fullName,
        display_name: changes.displayName,
        bio: changes.bio,
        contact_whatsapp: changes.contactInfo?.whatsapp,
        contact_email: changes.contactInfo?.email,
      });
      return getById(userId);
    },

    /** Reads nothing back (getById does): the caller tells a failed change from a failed read. */
    async setImage(userId: string, field: 'avatar' | 'cover', mediaId: string): Promise<void> {
      if (!(await users.setImage(userId, field, mediaId)))
        throw new AppError('bad-request', USER_MESSAGES.imageUnavailable(field));
    },
  };
}
