// The autoplay hand-off (docs/product.md "Klips": "A klip chosen elsewhere can be auto-played through a
// session-storage hand-off valid for 5 s"): a page that opens the klips feed at a klip writes its id with the
// time; the feed takes it (once) when it mounts within AUTOPLAY_HANDOFF_MS.
import { AUTOPLAY_HANDOFF_MS } from '../../../shared/constants.ts';

export const HANDOFF_KEY = 'lootklip.klipHandoff';

type Handoff = { klipId: string; at: number };

export function writeKlipHandoff(klipId: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify({ klipId, at: now } satisfies Handoff));
  } catch {
    // Storage refused (private mode, full): the feed opens at its first klip instead.
  }
}

/** The handed-off klip id if one was written less than AUTOPLAY_HANDOFF_MS ago; the hand-off is used up. */
export function takeKlipHandoff(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(HANDOFF_KEY);
    sessionStorage.removeItem(HANDOFF_KEY);
    if (!raw) return null;
    const handoff = JSON.parse(raw) as Partial<Handoff>;
    if (typeof handoff.klipId !== 'string' || typeof handoff.at !== 'number') return null;
    return now - handoff.at >= 0 && now - handoff.at <= AUTOPLAY_HANDOFF_MS ? handoff.klipId : null;
  } catch {
    return null;
  }
}
