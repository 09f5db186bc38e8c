/**
 * Seat plans (issue 34): seats on a grid, in rows or tables (blocks) that may be kept for
 * one clan; each participant who holds a place (Accepted or Paid) holds at most one seat.
 */

export const seatKinds = ['standard', 'accessible', 'crew', 'blocked'] as const;

export type SeatKind = (typeof seatKinds)[number];

export const seatLimits = {
  labelMaxLength: 8,
  blockNameMaxLength: 40,
  /** Seats in one plan. */
  maxSeats: 2000,
  /** Grid cells each way: positions 0 … maxGrid − 1. */
  maxGrid: 200,
} as const;

/** How seat labels and block names are compared: without case and surrounding spaces. */
export function seatKey(text: string): string {
  return text.trim().normalize('NFC').toLowerCase();
}

/**
 * Whether someone may sit on a seat of this kind: nobody on a blocked seat, only the crew
 * (lan administrators) on a crew seat.
 */
export function maySitOn(kind: SeatKind, isCrew: boolean): boolean {
  return kind !== 'blocked' && (kind !== 'crew' || isCrew);
}

/** Why a seat of this kind is not for someone; null when it is. */
export function seatKindProblem(label: string, kind: SeatKind, isCrew: boolean): string | null {
  if (kind === 'blocked') return `Seat ${label} is blocked: nobody sits there.`;
  if (kind === 'crew' && !isCrew) return `Seat ${label} is for the crew.`;
  return null;
}

/**
 * The labels of a row or table made in one step: `prefix` and 1 … count from `start`
 * ("A", 12 → A1 … A12).
 */
export function seatLabels(prefix: string, count: number, start = 1): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix.trim()}${start + index}`);
}
