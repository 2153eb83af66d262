// The only code that touches user profiles.
import { sql } from 'kysely';
import { USERNAME_REDIRECT_DAYS } from '../../../shared/constants.ts';
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
  contactPhone: string;
  /** Who may see the contacts (decision 0071). */
  contactAudience: Audience;
  productCount: number;
  klipCount: number;
  totalLikes: number;
  createdAt: Date;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** A given-up name still answers for its user (and is theirs alone) for USERNAME_REDIRECT_DAYS (decision 0074). */
const stillReserved = sql<boolean>`changed_at > now() - make_interval(days => ${USERNAME_REDIRECT_DAYS})`;

/**
 * Whether an account has this username, or gave it up less than USERNAME_REDIRECT_DAYS ago (already normalised:
 * usernames are stored lowercased). The username check and the identity repository's sign-up ask the same question,
 * so it is asked here once.
 */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .unionAll(
      db
        .selectFrom('username_history')
        .select('user_id as id')
        .where('username', '=', username)
        .where(stillReserved),
    )
    .executeTakeFirst();
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
        'u.contact_phone',
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
      contactPhone: row.contact_phone,
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

    /** The user who gave this name up less than USERNAME_REDIRECT_DAYS ago, as they are now. */
    findByPastUsername: (username: string) =>
      findOne((query) =>
        query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('username_history')
              .select('username_history.user_id')
              .whereRef('username_history.user_id', '=', 'u.id')
              .where('username_history.username', '=', username)
              .where(stillReserved),
          ),
        ),
      ),

    isUsernameTaken: (username: string) => isUsernameTaken(db, username),

    /** The account fields of the settings (docs/product.md "App settings": account.email and account.username). */
    async findAccount(id: string): Promise<{ email: string; username: string } | undefined> {
      return db.selectFrom('users').select(['email', 'username']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Holds these names until the transaction ends, so that a rename and another rename to or from one of them
     * take turns (their reservations are rows of two tables, which no one unique index covers). Sorted: two renames
     * locking the same pair cannot wait for each other.
     */
    async lockUsernames(names: string[]): Promise<void> {
      for (const name of [...new Set(names)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${`username:${name}`}))`.execute(db);
      }
    },

    /**
     * Whether someone other than this user gave the name up less than USERNAME_REDIRECT_DAYS ago. Older rows, and
     * the user's own row for it (a user may take back a name they gave up), are removed first.
     */
    async isReservedForOther(id: string, username: string): Promise<boolean> {
      await db
        .deleteFrom('username_history')
        .where('username', '=', username)
        .where((eb) => eb.or([eb('user_id', '=', id), eb.not(stillReserved)]))
        .execute();
      const row = await db
        .selectFrom('username_history')
        .select('user_id')
        .where('username', '=', username)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's current username, locked until the transaction ends. */
    async lockUsername(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('username')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row?.username;
    },

    /** Renames the user and keeps the old name as theirs (redirecting) from now on. users_username_key decides races. */
    async rename(id: string, from: string, to: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ username: to, updated_at: sql`now()` as never })
        .where('id', '=', id)
        .execute();
      await db
        .insertInto('username_history')
        .values({ username: from, user_id: id, changed_at: sql`now()` as never })
        .onConflict((conflict) =>
          conflict.column('username').doUpdateSet({ user_id: id, changed_at: sql`now()` as never }),
        )
        .execute();
    },

    async update(
      id: string,
      changes: {
        full_name?: string;
        display_name?: string;
        bio?: string;
        contact_whatsapp?: string;
        contact_email?: string;
        contact_phone?: string;
      },
    ): Promise<void> {
      if (Object.values(changes).every((value) => value === undefined)) return;
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
