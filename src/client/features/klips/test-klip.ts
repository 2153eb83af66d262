// Tests only: a klip and its comments as the API answers them (src/shared/contracts/klips.ts, interactions.ts).
import type { Comment } from '../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';

export function createTestKlip(changes: Partial<Klip> = {}): Klip {
  const id = changes.id ?? 'k-1';
  return {
    id,
    contentId: id,
    type: 'klip',
    status: 'active',
    failureReason: null,
    title: 'Diya haul',
    description: '',
    tags: [],
    video: 'https://media.example/k-1.mp4',
    renditions: { hd: 'https://media.example/k-1.mp4', sd: 'https://media.example/k-1-sd.mp4' },
    thumbnail: 'https://media.example/k-1.jpg',
    posterSrcSet: null,
    files: [],
    duration: 12,
    views: 40,
    likes: 5,
    commentCount: 2,
    productId: 'p-1',
    uid: 'u-kavya',
    userId: 'u-kavya',
    userName: 'kavya.crafts',
    userAvatar: 'https://media.example/avatar.png',
    metadata: { uid: 'u-kavya', userName: 'kavya.crafts', userAvatar: '', views: 40 },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

export function createTestComment(changes: Partial<Comment> = {}): Comment {
  return {
    id: 'c-1',
    klipId: 'k-1',
    content: 'So pretty',
    createdAt: '2026-01-02T00:00:00.000Z',
    status: 'active',
    uid: 'u-kavya',
    userName: 'kavya.crafts',
    userAvatar: null,
    username: 'kavya.crafts',
    replyCount: 0,
    metadata: { parentCommentId: null, isReply: false },
    ...changes,
  };
}
