// Who a user's privacy choices admit (decisions 0070, 0071): 'everyone', any signed-in reader ('signedIn') or only the
// owner ('nobody'). The owner always sees their own. The server decides with this on every read for another reader.
import type { PRIVACY_AUDIENCES } from '../constants.ts';

export type Audience = (typeof PRIVACY_AUDIENCES)[number];

/**
 * Who reads: nobody signed in, a signed-in user, or (for pages shared by every signed-in reader, such as the list
 * cache's) any signed-in user, who then owns none of what is shown.
 */
export type Reader = { signedIn: false } | { signedIn: true; userId: string | null };

export const ANONYMOUS_READER: Reader = { signedIn: false };
export const ANY_SIGNED_IN_READER: Reader = { signedIn: true, userId: null };

/** The reader of a request whose signed-in user (if any) is userId. */
export function toReader(userId: string | undefined | null): Reader {
  return userId ? { signedIn: true, userId } : ANONYMOUS_READER;
}

export function audienceAdmits(audience: Audience, ownerId: string, reader: Reader): boolean {
  if (reader.signedIn && reader.userId === ownerId) return true;
  if (audience === 'everyone') return true;
  return audience === 'signedIn' && reader.signedIn;
}
