/** The five roles of the specification, in its order. */
export const roleNames = [
  'Lanner',
  'Member',
  'LanAdministrator',
  'MemberAdministrator',
  'SystemAdministrator',
] as const;

/**
 * A role of a user. Defined here, with its names, so that the rules and the schemas
 * (`roleSchema` in schemas/users.ts) both import it and neither imports the other.
 */
export type Role = (typeof roleNames)[number];

/**
 * The roles each part of the site asks for (spec §6). A check passes with any one of them,
 * and a SystemAdministrator passes every check (see `hasAnyRole`).
 */
export const requiredRoles = {
  /** The stats section and its link. */
  stats: ['Lanner', 'Member'],
  /** The Admin link and the admin area: any of the three administrator roles. */
  administration: ['LanAdministrator', 'MemberAdministrator', 'SystemAdministrator'],
  /** Managing lans: their fields, activation, subscribers, banners and the lan defaults. */
  lanManagement: ['LanAdministrator'],
  /** Managing users: the personal fields and avatars of others, and roles. */
  userManagement: ['MemberAdministrator'],
  /** What a lanner does: subscribing to a lan, the profile link, participated lans. */
  lanner: ['Lanner'],
  /** Being in a clan: creating one and joining one (issue 34). */
  clans: ['Lanner', 'Member'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * True when `roles` hold at least one of `wanted` (a route guard's default). A
 * SystemAdministrator may do everything, so it passes every role check.
 *
 * Use it for what someone may do or see. A role read as a fact about a person (the member
 * price, the Member tick, the role editor) reads the roles themselves.
 */
export function hasAnyRole(roles: readonly Role[], wanted: readonly Role[]): boolean {
  return roles.includes('SystemAdministrator') || wanted.some((role) => roles.includes(role));
}

/** True when `roles` hold every one of `wanted` (a route guard's 'every' flag); see hasAnyRole. */
export function hasEveryRole(roles: readonly Role[], wanted: readonly Role[]): boolean {
  return roles.includes('SystemAdministrator') || wanted.every((role) => roles.includes(role));
}

/**
 * The roles someone with `granterRoles` may grant or revoke: a SystemAdministrator every
 * role, a MemberAdministrator Lanner and Member, anyone else none. (Nobody removes their
 * own SystemAdministrator role; that is a rule about the target, not the granter.)
 */
export function grantableRoles(granterRoles: readonly Role[]): Role[] {
  if (granterRoles.includes('SystemAdministrator')) return [...roleNames];
  if (granterRoles.includes('MemberAdministrator')) return ['Lanner', 'Member'];
  return [];
}
