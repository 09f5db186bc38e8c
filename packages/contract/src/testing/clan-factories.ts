import type { Clan, ClanListItem, ClanMember } from '../schemas/clans.ts';
import type { ClanSummary } from '../schemas/users.ts';

/** The clan a tag stands for: Pixel Pirates [PXP], blue. */
export function buildClanSummary(overrides: Partial<ClanSummary> = {}): ClanSummary {
  return { id: 1, name: 'Pixel Pirates', tag: 'PXP', colour: '#1e6fd9', ...overrides };
}

/** A clan in the list of clans, with three members. */
export function buildClanListItem(overrides: Partial<ClanListItem> = {}): ClanListItem {
  return { ...buildClanSummary(), memberCount: 3, ...overrides };
}

/** A member of a clan, a plain member at no coming lan unless told otherwise. */
export function buildClanMember(overrides: Partial<ClanMember> = {}): ClanMember {
  return {
    user: { id: 2, nickname: 'gamer', avatarVersion: null },
    role: 'member',
    joinedDate: '2026-01-05T10:00:00Z',
    comingLans: [],
    ...overrides,
  };
}

/** A clan with one member, its leader (user 1, pixelpete); the code is for its leader. */
export function buildClan(overrides: Partial<Clan> = {}): Clan {
  return {
    ...buildClanSummary(),
    creationDate: '2026-01-01T10:00:00Z',
    members: [
      buildClanMember({
        user: { id: 1, nickname: 'pixelpete', avatarVersion: null },
        role: 'leader',
      }),
    ],
    code: null,
    ...overrides,
  };
}
