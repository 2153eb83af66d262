// The name a user goes by, one rule for the server's answers and every place the client shows a person.
import { KLIP_DEFAULT_USER_NAME } from '../constants.ts';

type Names = { fullName: string; displayName: string; username: string };

/**
 * The name shown for a user: the full name, else the display name, else the username; blanks count as missing. Full
 * name first because the product shows people by it: the You sheet has "full name or display name" and the profile
 * menu the full name (docs/product.md "Layout and navigation"), so does the creator card
 * (docs/product.md "Creator hover card"), and the profile lists fullName before displayName
 * (docs/product.md "User profile").
 */
export function getDisplayName({ fullName, displayName, username }: Names): string {
  return fullName.trim() || displayName.trim() || username.trim();
}

/**
 * The `displayName` field of a profile or session answer (docs/product.md "User profile"): what the user set, so that
 * it reads back as it was written, and where they cleared it, the name shown for them.
 */
export function getDisplayNameField(names: Names): string {
  return names.displayName.trim() || getDisplayName(names);
}

/**
 * The display user of a klip or a comment (docs/product.md "Klip", "Comment"): the username, else the display name,
 * else 'Shop Star'. The spec's own order for klips, unlike getDisplayName's.
 */
export function getKlipUserName({ username, displayName }: Pick<Names, 'username' | 'displayName'>): string {
  return username || displayName || KLIP_DEFAULT_USER_NAME;
}

/**
 * The /shopstar/{name} a creator name on a klip links to (docs/product.md "Klips"): the name with its @ removed,
 * spaces replaced by hyphens, lowercased.
 */
export function getShopstarSlug(name: string): string {
  return name.trim().replace(/@/g, '').replace(/\s+/g, '-').toLowerCase();
}
