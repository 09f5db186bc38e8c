import type { Clan, ClanListItem, LanSummary } from '@lanparty/contract';
import { toIsoTimestamp } from '../../db/columns.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { ClanMemberWithName, ClanRow } from './clans.repository.ts';

/** A coming lan of a member, as the repository reads it. */
export type ComingLanRow = {
  user_id: number;
  id: number;
  name: string;
  start_date: Date | string;
  end_date: Date | string;
};

/**
 * A clan in the contract's shape: its members (leader first) with their avatars' versions
 * and the coming lans each holds a place at, already read; the code only for who may see it.
 */
export function presentClan(
  row: ClanRow,
  members: readonly ClanMemberWithName[],
  read: {
    avatarVersionOf: (userId: number) => string | null;
    comingLans: readonly ComingLanRow[];
    showsCode: boolean;
    timeZone: string;
  },
): Clan {
  const lansOf = (userId: number): LanSummary[] =>
    read.comingLans
      .filter((lan) => lan.user_id === userId)
      .map((lan) => ({
        id: lan.id,
        name: lan.name,
        startDate: toZonedIsoTimestamp(lan.start_date, read.timeZone),
        endDate: toZonedIsoTimestamp(lan.end_date, read.timeZone),
      }));
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    colour: row.colour,
    creationDate: toIsoTimestamp(row.creation_date),
    members: members.map((member) => ({
      user: {
        id: member.user_id,
        nickname: member.nickname,
        avatarVersion: read.avatarVersionOf(member.user_id),
      },
      role: member.role,
      joinedDate: toIsoTimestamp(member.joined_date),
      comingLans: lansOf(member.user_id),
    })),
    code: read.showsCode ? row.invite_code : null,
  };
}

export function presentClanListItem(row: {
  id: number;
  name: string;
  tag: string;
  colour: string;
  member_count: number;
}): ClanListItem {
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    colour: row.colour,
    memberCount: row.member_count,
  };
}
