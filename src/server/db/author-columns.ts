// The author of a row (a product's, offer's or klip's seller, a comment's writer) as every read that shows one
// selects it: the user joined as u with their avatar as avatar, and one mapping of those columns (decision 0058).
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { DB } from './schema.ts';

type AvatarVariants = Selectable<DB['media_objects']>['variants'];

/** The columns joinAuthor adds to a row. */
export interface AuthorColumns {
  author_username: string;
  author_display_name: string;
  author_avatar_variants: AvatarVariants | null;
}

export interface AuthorRecord {
  username: string;
  displayName: string;
  /** null: no avatar. */
  avatarVariants: AvatarVariants | null;
}

/**
 * The query with its author joined and selected: `ownerId` names the column that holds the author's user id. An
 * inner join: every row has its author (a user's rows go with the user).
 */
export function joinAuthor<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  ownerId: `${string}.${'owner_id' | 'user_id'}`,
): SelectQueryBuilder<D, TB, O & AuthorColumns> {
  // Kysely cannot type a join on a query it knows only as generic; the columns it adds are AuthorColumns.
  const untyped = query as unknown as SelectQueryBuilder<DB, keyof DB, O>;
  return untyped
    .innerJoin('users as u', 'u.id', ownerId as never)
    .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
    .select([
      'u.username as author_username',
      'u.display_name as author_display_name',
      'avatar.variants as author_avatar_variants',
    ]) as never;
}

export function toAuthor(row: AuthorColumns): AuthorRecord {
  return {
    username: row.author_username,
    displayName: row.author_display_name,
    avatarVariants: row.author_avatar_variants ?? null,
  };
}
