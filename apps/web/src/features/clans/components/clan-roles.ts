import type { ClanRole } from '@lanparty/contract';

/** A member's role in words. */
export const clanRoleLabels: Record<ClanRole, string> = {
  leader: 'Leader',
  seatManager: 'Seat manager',
  member: 'Member',
};
