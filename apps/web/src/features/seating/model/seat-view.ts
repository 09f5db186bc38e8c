import type { Seat, Seating, SeatOccupant } from '@lanparty/contract';
import { personMatchesSearch, type SearchedPerson } from '@lanparty/contract/rules';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';

/*
 * How a seat map reads to one viewer (issue 34): each seat's state and name, what the
 * viewer may do there and, when nothing, why. Pure, so the map, the list and the tests
 * read the same rules; the server refuses the same things with the same words.
 */

/** Who is looking, as far as seats go. */
export type SeatingViewer = {
  userId: number | null;
  clanId: number | null;
  /** Their place at this lan is Accepted or Paid: they pick a seat. */
  isParticipant: boolean;
  /** Seats anyone at any time, also on crew seats. */
  isLanAdministrator: boolean;
  /** The leader or a seat manager of their clan: seats its participants. */
  seatsTheClan: boolean;
};

/** What a seat is to the viewer: its state on the map and in the list. */
export type SeatState = 'free' | 'taken' | 'clan' | 'mine' | 'blocked';

export function seatStateOf(seat: Seat, viewer: SeatingViewer): SeatState {
  const { occupant } = seat;
  if (occupant) {
    if (occupant.userId === viewer.userId) return 'mine';
    if (viewer.clanId !== null && occupant.clanId === viewer.clanId) return 'clan';
    return 'taken';
  }
  return seat.kind === 'blocked' ? 'blocked' : 'free';
}

/** "Nick [PXP]": a nickname with the clan's tag, as text (never HTML). */
export function occupantName(occupant: SeatOccupant): string {
  return occupant.clanTag ? `${occupant.nickname} [${occupant.clanTag}]` : occupant.nickname;
}

const stateWords: Record<SeatState, (seat: Seat) => string> = {
  free: () => 'free',
  taken: (seat) => `taken by ${occupantName(seat.occupant as SeatOccupant)}`,
  clan: (seat) => `taken by ${occupantName(seat.occupant as SeatOccupant)}, your clan`,
  mine: () => 'your seat',
  blocked: () => 'blocked',
};

const kindWords: Partial<Record<Seat['kind'], string>> = {
  crew: 'crew seat',
  accessible: 'accessible seat',
};

/**
 * A seat's name for screen readers (and its tooltip): "Seat A12, free", "Seat A13, taken by
 * Nick [TAG]", "Seat A14, your seat", with its kind ("crew seat", "accessible seat") and
 * whether "Find a lanner" found it.
 */
export function seatName(seat: Seat, viewer: SeatingViewer, isFound = false): string {
  const kind = kindWords[seat.kind];
  return [
    `Seat ${seat.label}`,
    stateWords[seatStateOf(seat, viewer)](seat),
    ...(kind ? [kind] : []),
    ...(isFound ? ['found'] : []),
  ].join(', ');
}

/** Where picking stands: before the plan opens, open, or fixed after it locks. */
export type PickingPhase =
  | { kind: 'notOpen'; opensAt: string }
  | { kind: 'open'; locksAt: string | null }
  | { kind: 'locked'; locksAt: string };

export function pickingPhaseOf(plan: Seating['plan'], now: Date): PickingPhase {
  if (plan.opensAt && now.getTime() < Date.parse(plan.opensAt))
    return { kind: 'notOpen', opensAt: plan.opensAt };
  if (plan.locksAt && now.getTime() >= Date.parse(plan.locksAt))
    return { kind: 'locked', locksAt: plan.locksAt };
  return { kind: 'open', locksAt: plan.locksAt };
}

/** When the phase changes next (opening or locking), for a page left open; null: never. */
export function nextPhaseChange(plan: Seating['plan'], now: Date): number | null {
  const moments = [plan.opensAt, plan.locksAt]
    .map((moment) => (moment ? Date.parse(moment) : Number.NaN))
    .filter((moment) => moment > now.getTime());
  return moments.length > 0 ? Math.min(...moments) : null;
}

/** Why nobody but lan administrators picks now, as the server says it; null while open. */
export function closedReason(phase: PickingPhase): string | null {
  if (phase.kind === 'notOpen')
    return `Seat picking opens on ${formatCommunityDateTime(phase.opensAt)}.`;
  if (phase.kind === 'locked')
    return `Seats are fixed since ${formatCommunityDateTime(phase.locksAt)}: ask a lan administrator to move anyone.`;
  return null;
}

export const notParticipantReason = 'Once your place is Accepted or Paid, you pick a seat here.';

/** What the viewer may do at a seat. */
export type SeatAction =
  /** Sit there themselves: a pick, or a move when they have a seat. */
  | { kind: 'take'; isMove: boolean }
  | { kind: 'freeMine' }
  | { kind: 'askSwap'; occupant: SeatOccupant }
  /** Seat someone else there: a clan member (seat managers), anyone (administrators). */
  | { kind: 'seatSomeone' }
  | { kind: 'freeTheirs'; occupant: SeatOccupant };

export type SeatChoices = {
  actions: SeatAction[];
  /** Why the viewer may not sit there or do anything there; null when they may. */
  reason: string | null;
};

/**
 * What the viewer may do at a seat, as the server allows it: participants between the
 * plan's times; a clan's seat managers for its members then; lan administrators always
 * (but a swap, which is the two lanners' own, only while picking is open).
 */
export function seatChoicesOf(
  seat: Seat,
  viewer: SeatingViewer,
  phase: PickingPhase,
  mySeat: Seat | null,
): SeatChoices {
  const isOpen = phase.kind === 'open';
  const mayPick = viewer.isLanAdministrator || isOpen;
  const managesClan = viewer.seatsTheClan && isOpen;
  const closed = viewer.isLanAdministrator ? null : closedReason(phase);
  const state = seatStateOf(seat, viewer);
  const actions: SeatAction[] = [];
  if (state === 'blocked') return { actions, reason: 'Nobody sits on a blocked seat.' };
  if (state === 'mine') {
    if (mayPick) actions.push({ kind: 'freeMine' });
    return { actions, reason: closed };
  }
  const { occupant } = seat;
  if (occupant) {
    if (mySeat && isOpen) actions.push({ kind: 'askSwap', occupant });
    const isTheirManager = managesClan && occupant.clanId === viewer.clanId;
    if (viewer.isLanAdministrator || isTheirManager) actions.push({ kind: 'freeTheirs', occupant });
    if (actions.length > 0 || closed)
      return { actions, reason: actions.length > 0 ? null : closed };
    const needsSeat = viewer.isParticipant && !mySeat;
    return {
      actions,
      reason: needsSeat
        ? `Pick a seat of your own first: then you can ask ${occupant.nickname} to swap.`
        : null,
    };
  }
  if (seat.kind === 'crew' && !viewer.isLanAdministrator)
    return { actions, reason: 'This seat is for the crew.' };
  if (viewer.isParticipant && mayPick) actions.push({ kind: 'take', isMove: mySeat !== null });
  if (viewer.isLanAdministrator || managesClan) actions.push({ kind: 'seatSomeone' });
  if (actions.length > 0) return { actions, reason: null };
  return { actions, reason: closed ?? notParticipantReason };
}

/** A person's names, where the viewer may see them (a lan administrator: the door's list). */
export type KnownNames = ReadonlyMap<number, Pick<SearchedPerson, 'firstName' | 'surname'>>;

/**
 * The seats whose occupant the search finds, by the door's one rule (personMatchesSearch):
 * by nickname, and by first name and surname where `names` gives them; case and accents
 * ignored.
 */
export function findLanners(seats: readonly Seat[], search: string, names?: KnownNames): Seat[] {
  return seats.filter(
    (seat) =>
      seat.occupant &&
      personMatchesSearch(
        { nickname: seat.occupant.nickname, ...names?.get(seat.occupant.userId) },
        search,
      ),
  );
}

/** Seats in reading order: row by row, left to right (the order Tab and the list follow). */
export function inReadingOrder(seats: readonly Seat[]): Seat[] {
  return [...seats].sort((a, b) => a.y - b.y || a.x - b.x);
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The seat an arrow key moves to: the nearest one that way, those in line first (a seat
 * two columns along in the same row before one a column along in the next).
 */
export function seatInDirection(
  seats: readonly Seat[],
  from: Seat,
  direction: Direction,
): Seat | null {
  const isHorizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  let best: Seat | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const seat of seats) {
    const along = ((isHorizontal ? seat.x - from.x : seat.y - from.y) * sign) as number;
    const across = Math.abs(isHorizontal ? seat.y - from.y : seat.x - from.x);
    if (along <= 0) continue;
    const score = along + across * 4;
    if (score < bestScore) {
      best = seat;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The side of a grid cell in CSS pixels: on a touch screen never under 48 (a seat of 44,
 * a finger's), on a wide one never under a readable label; at zoom 1 no larger than a seat
 * needs.
 */
export const cellLimits = { touchMin: 48, wideMin: 24, max: 56 } as const;

/** The zoom steps of the + and − buttons, 1 being the fitting size. */
export const zoomSteps = [0.5, 0.65, 0.8, 1, 1.25, 1.5, 2] as const;

/**
 * A cell's side at a zoom step: the plan fits the space it has at zoom 1, and no zoom takes
 * a seat on a touch screen (a phone: `isTouch`) under a finger's size; the box pans then.
 */
export function cellSizeOf(
  availableWidth: number,
  planWidth: number,
  zoomStep: number,
  isTouch: boolean,
): number {
  const smallest = isTouch ? cellLimits.touchMin : cellLimits.wideMin;
  const fitting = Math.min(
    cellLimits.max,
    Math.max(smallest, Math.floor(availableWidth / Math.max(planWidth, 1))),
  );
  return Math.max(smallest, Math.round(fitting * (zoomSteps[zoomStep] ?? 1)));
}
