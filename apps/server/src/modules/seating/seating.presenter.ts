import type { Seat, Seating } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { SeatBlockRow, SeatPlanRow, SeatWithOccupant } from './seating.repository.ts';

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
        : {
            userId: row.occupant_user_id,
            nickname: row.nickname ?? '',
            clanId: row.clan_id ?? null,
            clanTag: row.clan_tag ?? null,
            clanColour: row.clan_colour ?? null,
          },
  };
}

export function presentSeating(
  plan: SeatPlanRow,
  seats: readonly SeatWithOccupant[],
  blocks: readonly SeatBlockRow[],
  hallVersion: string | null,
): Seating {
  return {
    plan: {
      opensAt: plan.opens_at === null ? null : toIsoTimestamp(plan.opens_at),
      locksAt: plan.locks_at === null ? null : toIsoTimestamp(plan.locks_at),
      published: toBoolean(plan.is_published),
      width: plan.width,
      height: plan.height,
      hallVersion,
      modificationDate: toIsoTimestamp(plan.modification_date),
    },
    seats: seats.map(presentSeat),
    blocks: blocks.map((block) => ({ id: block.id, name: block.name, clanId: block.clan_id })),
  };
}
