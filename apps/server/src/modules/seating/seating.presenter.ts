import type { ClanSeatingPlan, Seat, Seating, SeatOccupant } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { ClanSeatsPlan } from './free-runs.ts';
import type {
  SeatablePerson,
  SeatBlockRow,
  SeatPlanRow,
  SeatWithOccupant,
} from './seating.repository.ts';

type OccupantRow = {
  user_id: number;
  nickname: string | null;
  clan_id: number | null;
  clan_tag: string | null;
  clan_colour: string | null;
};

/** Someone as a seat shows them: nickname and clan, no personal field. */
function presentOccupant(row: OccupantRow): SeatOccupant {
  return {
    userId: row.user_id,
    nickname: row.nickname ?? '',
    clanId: row.clan_id ?? null,
    clanTag: row.clan_tag ?? null,
    clanColour: row.clan_colour ?? null,
  };
}

/** A seat and who sits there: nickname and clan, no personal field. */
export function presentSeat(row: SeatWithOccupant): Seat {
  return {
    id: row.id,
    label: row.label,
    x: row.x,
    y: row.y,
    kind: row.kind,
    blockId: row.block_id,
    occupant:
      row.occupant_user_id === null
        ? null
        : presentOccupant({ ...row, user_id: row.occupant_user_id }),
  };
}

export function presentSeating(
  plan: SeatPlanRow,
  seats: readonly SeatWithOccupant[],
  blocks: readonly SeatBlockRow[],
  people: readonly SeatablePerson[],
  hallVersion: string | null,
  timeZone: string,
  version: number,
): Seating {
  return {
    plan: {
      // On the community's clocks, as a lan's dates (decision 038).
      opensAt: plan.opens_at === null ? null : toZonedIsoTimestamp(plan.opens_at, timeZone),
      locksAt: plan.locks_at === null ? null : toZonedIsoTimestamp(plan.locks_at, timeZone),
      published: toBoolean(plan.is_published),
      width: plan.width,
      height: plan.height,
      hallVersion,
      modificationDate: toIsoTimestamp(plan.modification_date),
    },
    seats: seats.map(presentSeat),
    blocks: blocks.map((block) => ({ id: block.id, name: block.name, clanId: block.clan_id })),
    people: people.map(presentOccupant),
    version,
  };
}

/** Who of a clan would move where (or that it sits together already), by nickname and label. */
export function presentClanSeatingPlan(
  clanId: number,
  everyone: boolean,
  planned: Extract<ClanSeatsPlan, { kind: 'together' | 'moves' }>,
  nicknames: ReadonlyMap<number, string>,
): ClanSeatingPlan {
  return {
    clanId,
    everyone,
    where: planned.where,
    isTogether: planned.kind === 'together',
    moves:
      planned.kind === 'together'
        ? []
        : planned.moves.map((move) => ({
            userId: move.userId,
            nickname: nicknames.get(move.userId) ?? '',
            from: move.from?.label ?? null,
            to: move.to.label,
            seatId: move.to.id,
          })),
  };
}
