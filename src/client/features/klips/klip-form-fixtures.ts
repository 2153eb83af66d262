// Test answers for the klip form's tests: a klip as GET /api/v1/klips/{id} answers it to its owner, in any state.
import type { Klip } from '../../../shared/contracts/klips.ts';
import { TEST_USER } from '../../test/render-app.tsx';

export function createTestKlip(changes: Partial<Klip> = {}): Klip {
  const id = changes.id ?? 'k1';
  const active = (changes.status ?? 'active') === 'active';
  return {
    id,
    contentId: id,
    type: 'klip',
    status: 'active',
    failureReason: null,
    title: 'Draping a dupatta',
    description: 'Three ways to wear it',
    tags: ['dupatta'],
    video: active ? `/media/klips/${id}/hd.mp4` : null,
    renditions: active ? { hd: `/media/klips/${id}/hd.mp4`, sd: `/media/klips/${id}/sd.mp4` } : null,
    thumbnail: active ? `/media/klips/${id}/poster.jpg` : null,
    posterSrcSet: null,
    files: [],
    duration: active ? 6 : null,
    views: 0,
    likes: 0,
    commentCount: 0,
    productId: null,
    uid: TEST_USER.uid,
    userId: TEST_USER.uid,
    userName: TEST_USER.username ?? 'Shop Star',
    userAvatar: '',
    metadata: { uid: TEST_USER.uid, userName: TEST_USER.username ?? 'Shop Star', userAvatar: '', views: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...changes,
  };
}

/** GET /api/v1/klips/{id}: the klip in its answer envelope. */
export function answerKlip(klip: Klip) {
  return { status: 200, body: { success: true, klip } };
}
