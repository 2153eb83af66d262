// The loads every signed-in page makes by itself: the Loot Box, the user's settings and their unread activity.
// Tests that check what a form sent leave them out.
import type { RecordedRequest } from './http-test-server.js';

const SIGNED_IN_PAGE_LOADS = ['/api/v1/lootbox', '/api/v1/settings', '/api/v1/notifications'];

export function withoutSignedInLoads(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter(
    (request) => !SIGNED_IN_PAGE_LOADS.some((prefix) => request.path.startsWith(prefix)),
  );
}
