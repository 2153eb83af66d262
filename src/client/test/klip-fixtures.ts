// Klips as client tests serve them (src/shared/contracts/klips.ts): whole contract objects, changed per test.
import type { Klip, KlipListResponse } from '../../shared/contracts/klips.ts';

/** An active klip by kavya.crafts with a poster in the three formats. */
export function createTestKlip(changes: Partial<Klip> = {}): Klip {
  const id = changes.id ?? 'k-1';
  const poster = `/media/klips/${id}/poster`;
  return {
    id,
    contentId: id,
    type: 'klip',
    status: 'active',
    failureReason: null,
    title: 'Unboxing a Brass Diya',
    description: 'Hand-made in Moradabad.',
    tags: ['diwali', 'decor'],
    video: `/media/klips/${id}/720.mp4`,
    renditions: { hd: `/media/klips/${id}/720.mp4`, sd: `/media/klips/${id}/480.mp4` },
    thumbnail: `${poster}-720.jpg`,
    posterSrcSet: {
      avif: `${poster}-360.avif 360w, ${poster}-720.avif 720w`,
      webp: `${poster}-360.webp 360w, ${poster}-720.webp 720w`,
      jpeg: `${poster}-360.jpg 360w, ${poster}-720.jpg 720w`,
    },
    files: [],
    duration: 74.4,
    views: 1520,
    likes: 87,
    commentCount: 4,
    productId: null,
    uid: 'u-kavya',
    userId: 'u-kavya',
    userName: 'kavya.crafts',
    userAvatar: '/media/avatars/kavya.jpg',
    metadata: {
      uid: 'u-kavya',
      userName: 'kavya.crafts',
      userAvatar: '/media/avatars/kavya.jpg',
      views: 1520,
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...changes,
  };
}

/** One page of GET /api/v1/content?type=klip as the test server answers it. */
export function createKlipListAnswer(items: Klip[], lastEvaluatedKey: string | null = null) {
  const body: KlipListResponse = {
    success: true,
    items,
    lastEvaluatedKey,
    hasMore: lastEvaluatedKey !== null,
  };
  return { status: 200, body };
}
