// Klip views (docs/product.md "Klip interaction": "A view is counted once per session per klip, 3 s after the klip
// starts being watched"). The session is the tab's sessionStorage: a klip it has counted is not sent again. A
// signed-out viewer names its session in VIEWER_ID_HEADER (a random id kept in sessionStorage), which the server
// uses to count an anonymous viewer at most once a day.
import { VIEWER_ID_HEADER } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api-client.ts';

const VIEWED_KEY_PREFIX = 'lootklip.klipViewed.';
const VIEWER_ID_KEY = 'lootklip.viewerId';

function createViewerId(): string {
  // randomUUID needs a secure context; a phone on the LAN's http address has none.
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** This tab session's anonymous viewer id, made on first use. */
export function getViewerId(): string {
  try {
    const known = sessionStorage.getItem(VIEWER_ID_KEY);
    if (known) return known;
    const id = createViewerId();
    sessionStorage.setItem(VIEWER_ID_KEY, id);
    return id;
  } catch {
    return createViewerId();
  }
}

function hasBeenViewed(klipId: string): boolean {
  try {
    return sessionStorage.getItem(VIEWED_KEY_PREFIX + klipId) !== null;
  } catch {
    return false;
  }
}

function markViewed(klipId: string, viewed: boolean): void {
  try {
    if (viewed) sessionStorage.setItem(VIEWED_KEY_PREFIX + klipId, '1');
    else sessionStorage.removeItem(VIEWED_KEY_PREFIX + klipId);
  } catch {
    // Storage refused: the server's once-a-day rule still keeps the count honest.
  }
}

/**
 * Counts a view of the klip unless this session already did. Marked before the call, so that two players of the
 * same klip cannot both send; unmarked when the call fails, so that a later watch tries again.
 */
export async function recordKlipView(klipId: string): Promise<void> {
  if (hasBeenViewed(klipId)) return;
  markViewed(klipId, true);
  try {
    await api.post(`/interactions/klips/${encodeURIComponent(klipId)}/view`, undefined, {
      headers: { [VIEWER_ID_HEADER]: getViewerId() },
    });
  } catch {
    markViewed(klipId, false);
  }
}
