// The only code that touches user profiles.
import { sql } from 'kysely';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import type { Executor } from '../../db/transaction.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';

export interface ProfileRecord {
  id: string;
  username: string;
  fullName: string;
  displayName: string;
  bio: string;
  avatarVariants: MediaVariant[] | null;
  avatarUpdatedAt: Date | null;
  coverVariants: MediaVariant[] | null;
  contactWhatsapp: string;
  contactEmail: string;
  /** Who may see the contacts (decision 0071). */
  contactAudience: Audience;
  productCount: number;
  klipCount: number;
  totalLikes: number;
  createdAt: Date;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/**
 * Whether an account has this username (already normalised: usernames are stored lowercased). The username check
 * and the identity repository's sign-up ask the same question, so it is asked here once.
 */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

export function createUsersRepository(db: Executor) {
  function selectProfiles() {
    return db
      .selectFrom('users as u')
      .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
      .leftJoin('media_objects as cover', 'cover.id', 'u.cover_media_id')
      .leftJoin('product_counts as pc', (join) => join.on(sql<boolean>`pc.scope = 'owner:' || u.id`))
      .select([
        'u.id',
        'u.username',
        'u.full_name',
        'u.display_name',
        'u.bio',
        'u.avatar_updated_at',
        'u.contact_whatsapp',
        'u.contact_email',
        'u.contact_audience',
        'u.created_at',
        'avatar.variants as avatar_variants',
        'cover.variants as cover_variants',
        'pc.count as product_count',
        // A creator's active klips and the likes they have, from klips_owner_idx alone.
        sql<string>`(select count(*) from klips k where k.owner_id = u.id and k.status = 'active')`.as(
          'klip_count',
        ),
        sql<string>`(select coalesce(sum(k.likes), 0) from klips k
          where k.owner_id = u.id and k.status = 'active')`.as('total_likes'),
      ]);
  }

  async function findOne(
    where: (query: ReturnType<typeof selectProfiles>) => ReturnType<typeof selectProfiles>,
  ): Promise<ProfileRecord | undefined> {
    const row = await where(selectProfiles()).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      displayName: row.display_name,
      bio: row.bio,
      avatarVariants: row.avatar_variants ?? null,
      avatarUpdatedAt: row.avatar_updated_at ? new Date(row.avatar_updated_at) : null,
      coverVariants: row.cover_variants ?? null,
      contactWhatsapp: row.contact_whatsapp,
      contactEmail: row.contact_email,
      contactAudience: row.contact_audience,
      productCount: Number(row.product_count ?? 0),
      klipCount: Number(row.klip_count),
      totalLikes: Number(row.total_likes),
      createdAt: new Date(row.created_at),
    };
  }

  return {
    findById: (id: string) => findOne((query) => query.where('u.id', '=', id)),
    findByUsername: (username: string) => findOne((query) => query.where('u.username', '=', username)),

    isUsernameTaken: (username: string) => isUsernameTaken(db, username),

    async update(
      id: string,
      changes: {
        full_name?: string;
        display_name?: string;
        bio?: string;
        contact_whatsapp?: string;
        contact_email?: string;
      },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: sql`now()` as never })
        .where('id', '=', id)
        .execute();
    },

    /**
     * False when the media row is gone or the media sweep marked it (its files may be gone already). The lock in
     * the check makes a sweep that starts now wait and then see this reference (decision 0027).
     */
    async setImage(id: string, field: 'avatar' | 'cover', mediaId: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set(
          field === 'avatar'
            ? {
                avatar_media_id: mediaId,
                avatar_updated_at: sql`now()` as never,
                updated_at: sql`now()` as never,
              }
            : { cover_media_id: mediaId, updated_at: sql`now()` as never },
        )
        .where('id', '=', id)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('media_objects')
              .select('media_objects.id')
              .where('media_objects.id', '=', mediaId)
              .where('media_objects.deleting_at', 'is', null)
              .forKeyShare(),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
