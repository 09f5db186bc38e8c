import type { SeatOccupant } from '@lanparty/contract';
import type { SeatKind } from '@lanparty/contract/rules';
import type { DraftSeat } from './seat-plan-draft.ts';

/** The seat kinds as the editor offers them. */
export const seatKindNames: Record<SeatKind, string> = {
  standard: 'Standard',
  accessible: 'Accessible (no steps, room for a wheelchair)',
  crew: 'Crew (lan administrators)',
  blocked: 'Blocked (nobody sits there)',
};

/** Someone as a seat shows them: their nickname and their clan's tag. */
export function describeOccupant(occupant: SeatOccupant): string {
  return occupant.clanTag ? `${occupant.nickname} [${occupant.clanTag}]` : occupant.nickname;
}

/**
 * A seat's name for a screen reader: "Seat A12, Row A, free"; "Seat A13, crew, taken by
 * Nick [TAG]".
 */
export function describeSeat(
  seat: Pick<DraftSeat, 'label' | 'kind' | 'blockId'>,
  occupant: SeatOccupant | null,
  blockNames: ReadonlyMap<number, string>,
): string {
  const block = seat.blockId === null ? undefined : blockNames.get(seat.blockId);
  return [
    `Seat ${seat.label || '(no label)'}`,
    seat.kind === 'standard' ? null : seat.kind,
    block,
    seat.kind === 'blocked' ? null : occupant ? `taken by ${describeOccupant(occupant)}` : 'free',
  ]
    .filter(Boolean)
    .join(', ');
}
