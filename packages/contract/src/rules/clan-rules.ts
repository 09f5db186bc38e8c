/**
 * Clans (issue 34): friends who come to lans together and want to sit together. A person
 * is in at most one clan; its leader runs it, and seat managers seat its members.
 */

export const clanLimits = {
  nameMaxLength: 40,
  tagMinLength: 2,
  tagMaxLength: 6,
} as const;

/** What a member is in their clan: one leader; seat managers seat the clan at lans. */
export const clanRoles = ['leader', 'seatManager', 'member'] as const;

export type ClanRole = (typeof clanRoles)[number];

/**
 * How names and tags are compared for uniqueness: without case and surrounding spaces
 * ("Pixel Pirates " and "pixel pirates" are one name). Kept beside the text as its key.
 */
export function clanKey(text: string): string {
  return text.trim().normalize('NFC').toLowerCase();
}

/** Whether a member in this role seats the clan's participants (the leader always does). */
export function seatsTheClan(role: ClanRole): boolean {
  return role === 'leader' || role === 'seatManager';
}

/** The path of a clan's invite link in the web app; the code is the secret. */
export function clanInvitePath(clanId: number, code: string): string {
  return `/clans/${clanId}/join/${encodeURIComponent(code)}`;
}
