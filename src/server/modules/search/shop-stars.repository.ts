// Shop Stars as search shows them (docs/product.md "Shop Star"): name, avatar and bio, read by id.
import type { ShopStar } from '../../../shared/contracts/search.ts';
import type { Config } from '../../config.ts';
import { buildThumbnailUrl } from '../../media/media-urls.ts';
import type { Executor } from '../../db/transaction.ts';

/** The avatar's smallest rendition at least this wide: a search result shows it at 48 px (2x). */
const AVATAR_MIN_WIDTH = 96;

export function createShopStarsRepository(db: Executor, config: Pick<Config, 'MEDIA_PUBLIC_URL'>) {
  return {
    /** The users of these ids, in no particular order; absent ids are left out. */
    async findByIds(ids: readonly string[]): Promise<(ShopStar & { id: string })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
        .select(['u.id', 'u.username', 'u.full_name', 'u.bio', 'avatar.variants as avatar_variants'])
        .where('u.id', 'in', [...ids])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        uid: row.id,
        username: row.username,
        fullName: row.full_name,
        bio: row.bio,
        avatar: row.avatar_variants ? buildThumbnailUrl(row.avatar_variants, AVATAR_MIN_WIDTH, config) : null,
      }));
    },
  };
}
