import {
  type MatchSide,
  matchStatuses,
  type Tournament,
  type TournamentGroup,
  type TournamentMatch,
  type TournamentSummary,
} from '@lanparty/contract';
import { toBoolean } from '../../db/columns.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { InvitationRow } from './entry-members.repository.ts';
import type { EntryWithClan, MemberRow } from './tournament-entries.repository.ts';
import type { BracketRows } from './tournament-matches.repository.ts';
import type { MatchRow, TournamentRow } from './tournaments.repository.ts';

/** A side of a match as the library stores it: null is a bye, `id` null not known yet. */
type StoredSide = {
  id: number | null;
  score?: number;
  result?: 'win' | 'loss' | 'draw';
  forfeit?: boolean;
} | null;

export function matchSidesOf(
  match: Pick<MatchRow, 'opponent1' | 'opponent2'>,
): [StoredSide, StoredSide] {
  const read = (text: string | null): StoredSide => (text === null ? null : JSON.parse(text));
  return [read(match.opponent1), read(match.opponent2)];
}

/** An entry's name: a team's own, a player's nickname. */
export function entryNameOf(entry: { id: number; name: string | null }, soloName?: string): string {
  return entry.name ?? soloName ?? `Entry ${entry.id}`;
}

const presentSide = (side: StoredSide): MatchSide | null =>
  side === null
    ? null
    : {
        entryId: side.id,
        score: side.score ?? null,
        result: side.result ?? null,
        forfeit: side.forfeit === true,
      };

const parseReport = (report: string | null): [number, number] | null => {
  if (report === null) return null;
  const [a, b] = report.split('-').map(Number);
  return [a as number, b as number];
};

export function presentMatch(match: MatchRow, bestOf: number): TournamentMatch {
  const [first, second] = matchSidesOf(match);
  return {
    id: match.id,
    number: match.number,
    status: matchStatuses[match.status] ?? 'locked',
    bestOf,
    sides: [presentSide(first), presentSide(second)],
    reports: [parseReport(match.report1), parseReport(match.report2)],
    disputed: toBoolean(match.is_disputed),
  };
}

/** The name of an elimination bracket's round counted from its final. */
function eliminationRoundName(number: number, count: number): string {
  const fromFinal = count - number;
  if (fromFinal === 0) return 'Final';
  if (fromFinal === 1) return 'Semi-finals';
  if (fromFinal === 2) return 'Quarter-finals';
  return `Round ${number}`;
}

/**
 * A group's name and its rounds' names, and whether its matches are the final's best-of. A
 * double elimination of two is one match (the library draws no losers' bracket): a final.
 */
function namesOf(
  format: TournamentRow['format'],
  place: { groupNumber: number; roundNumber: number; roundCount: number; groupCount: number },
): { group: string; round: string; isFinal: boolean } {
  const { groupNumber, roundNumber, roundCount, groupCount } = place;
  if (format === 'round_robin')
    return { group: 'Round robin', round: `Round ${roundNumber}`, isFinal: false };
  if (format === 'single_elimination' || groupCount === 1) {
    if (groupNumber === 2)
      return { group: 'Third place', round: 'Third place match', isFinal: false };
    return {
      group: 'Main bracket',
      round: eliminationRoundName(roundNumber, roundCount),
      isFinal: roundNumber === roundCount,
    };
  }
  if (groupNumber === 1)
    return {
      group: 'Winners’ bracket',
      round: roundNumber === roundCount ? 'Winners’ final' : `Winners’ round ${roundNumber}`,
      isFinal: false,
    };
  if (groupNumber === 2)
    return {
      group: 'Losers’ bracket',
      round: roundNumber === roundCount ? 'Losers’ final' : `Losers’ round ${roundNumber}`,
      isFinal: false,
    };
  return {
    group: 'Grand final',
    round: roundNumber === 1 ? 'Grand final' : 'Grand final reset',
    isFinal: true,
  };
}

/** Whether a round is its bracket's final (a grand final's rounds too): the final's best-of. */
export function isFinalRound(
  format: TournamentRow['format'],
  place: { groupNumber: number; roundNumber: number; roundCount: number; groupCount: number },
): boolean {
  return namesOf(format, place).isFinal;
}

export function presentGroups(tournament: TournamentRow, bracket: BracketRows): TournamentGroup[] {
  const matchesByRound = new Map<number, MatchRow[]>();
  for (const match of bracket.matches) {
    const list = matchesByRound.get(match.round_id) ?? [];
    list.push(match);
    matchesByRound.set(match.round_id, list);
  }
  return bracket.groups.map((group) => {
    const rounds = bracket.rounds.filter((round) => round.group_id === group.id);
    const presentedRounds = rounds.map((round) => {
      const names = namesOf(tournament.format, {
        groupNumber: group.number,
        roundNumber: round.number,
        roundCount: rounds.length,
        groupCount: bracket.groups.length,
      });
      const bestOf = names.isFinal ? tournament.final_best_of : tournament.best_of;
      return {
        id: round.id,
        number: round.number,
        name: names.round,
        matches: (matchesByRound.get(round.id) ?? []).map((match) => presentMatch(match, bestOf)),
      };
    });
    return {
      id: group.id,
      number: group.number,
      name: namesOf(tournament.format, {
        groupNumber: group.number,
        roundNumber: 1,
        roundCount: rounds.length,
        groupCount: bracket.groups.length,
      }).group,
      rounds: presentedRounds,
    };
  });
}

export function presentTournamentSummary(
  tournament: TournamentRow,
  extra: { entryCount: number; winner: string | null; timeZone: string },
): TournamentSummary {
  const zoned = (value: TournamentRow['started_at']) =>
    value === null ? null : toZonedIsoTimestamp(value, extra.timeZone);
  return {
    id: tournament.id,
    lanId: tournament.lan_id,
    name: tournament.name,
    game: { id: tournament.game_id, name: tournament.game_name },
    format: tournament.format,
    teamSize: tournament.team_size,
    maxEntrants: tournament.max_entrants,
    bestOf: tournament.best_of,
    finalBestOf: tournament.final_best_of,
    signUpClosesAt: zoned(tournament.sign_up_closes_at),
    checkIn: toBoolean(tournament.needs_check_in),
    state: tournament.state,
    entryCount: extra.entryCount,
    winner: extra.winner,
    startedAt: zoned(tournament.started_at),
    finishedAt: zoned(tournament.finished_at),
  };
}

export function presentTournament(
  tournament: TournamentRow,
  parts: {
    lanName: string;
    entries: readonly EntryWithClan[];
    members: readonly MemberRow[];
    invitations: readonly InvitationRow[];
    bracket: BracketRows;
    timeZone: string;
  },
): Tournament {
  const membersOf = (entryId: number) =>
    parts.members.filter((member) => member.entry_id === entryId);
  const entries = parts.entries.map((entry) => {
    const members = membersOf(entry.id);
    const captain = members.find((member) => member.user_id === entry.captain_user_id);
    const ordered = captain
      ? [captain, ...members.filter((member) => member !== captain)]
      : members;
    return {
      id: entry.id,
      name: entryNameOf(entry, members[0]?.nickname),
      clan:
        entry.clan_id !== null && entry.clan_tag !== null && entry.clan_colour !== null
          ? { id: entry.clan_id, tag: entry.clan_tag, colour: entry.clan_colour }
          : null,
      captainId: entry.captain_user_id,
      members: ordered.map((member) => ({
        userId: member.user_id,
        nickname: member.nickname,
        seat: member.seat,
      })),
      invited: parts.invitations
        .filter((invitation) => invitation.entry_id === entry.id)
        .map((invitation) => ({
          userId: invitation.user_id,
          nickname: invitation.nickname,
          seat: invitation.seat,
        })),
      checkedIn: toBoolean(entry.is_checked_in),
      forfeited: toBoolean(entry.has_forfeited),
    };
  });
  const winner = parts.entries.find((entry) => entry.final_rank === 1);
  const standings = parts.entries
    .filter((entry) => entry.final_rank !== null)
    .map((entry) => ({ entryId: entry.id, rank: entry.final_rank as number }))
    .sort((a, b) => a.rank - b.rank || a.entryId - b.entryId);
  return {
    ...presentTournamentSummary(tournament, {
      entryCount: entries.length,
      winner: winner ? (entries.find((entry) => entry.id === winner.id)?.name ?? null) : null,
      timeZone: parts.timeZone,
    }),
    lanName: parts.lanName,
    version: tournament.version,
    entries,
    groups: presentGroups(tournament, parts.bracket),
    standings,
  };
}
