import type { SeatSwap } from '@lanparty/contract';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  findNickname,
  findSeatOf,
  freeSeat,
  lockSeats,
  takeSeat,
} from './seat-picks.repository.ts';
import { refuseOutOfTime, refuseSeatFor } from './seat-picks.ts';
import {
  deleteSwap,
  findSwap,
  findSwapsOf,
  insertSwap,
  type SeatSwapRow,
} from './seat-swaps.repository.ts';
import type { SeatRow } from './seating.repository.ts';
import { type SeatingDeps, visiblePlan } from './seating.service.ts';

/**
 * Swapping seats (issue 34): a seated participant asks another; when the other accepts,
 * both move in one step — never two people on one seat, nor one without a seat between.
 * Only the two of them see a swap; each may withdraw or decline it. A swap is two picks
 * (issue 50): each may sit on the other's seat only as a pick would let them, checked when
 * it is asked and again when accepted, and it trades the two seats named when it was asked.
 */

function presentSwap(row: SeatSwapRow, timeZone: string): SeatSwap {
  return {
    id: row.id,
    lanId: row.lan_id,
    from: { userId: row.from_user_id, nickname: row.from_nickname, seat: row.from_seat },
    to: { userId: row.to_user_id, nickname: row.to_nickname, seat: row.to_seat },
    creationDate: toZonedIsoTimestamp(row.creation_date, timeZone),
  };
}

/**
 * Each of the two may sit on the other's seat as a pick lets a participant seat themselves:
 * a lan administrator's leave to place anyone anywhere is for placing, not for trading.
 */
async function refuseEitherSeat(
  db: Executor,
  from: { userId: number; seat: SeatRow },
  to: { userId: number; seat: SeatRow },
): Promise<void> {
  await refuseSeatFor(db, to.seat, from.userId, { isPlacedByAdministrator: false });
  await refuseSeatFor(db, from.seat, to.userId, { isPlacedByAdministrator: false });
}

/** GET: the swaps the viewer asked for or was asked, at this lan. */
export async function listSwaps(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
): Promise<SeatSwap[]> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  await visiblePlan(deps.db, asker, lanId);
  const rows = await findSwapsOf(deps.db, lanId, asker.user.id);
  return rows.map((row) => presentSwap(row, deps.communityTimeZone));
}

/** POST: asks `userId` to swap seats with the viewer; both must be seated. */
export async function askSwap(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  userId: number,
): Promise<SeatSwap> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  if (userId === asker.user.id) throw new ProblemError(409, 'You cannot swap with yourself.');
  const now = deps.clock?.() ?? new Date();
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const { plan } = await visiblePlan(trx, asker, lanId);
      refuseOutOfTime(deps, plan, now);
      const mine = await findSeatOf(trx, lanId, asker.user.id);
      if (!mine) throw new ProblemError(409, 'Pick a seat first: a swap trades two seats.');
      const theirs = await findSeatOf(trx, lanId, userId);
      if (!theirs)
        throw new ProblemError(
          409,
          `${(await findNickname(trx, userId)) ?? `User ${userId}`} has no seat to swap.`,
        );
      await refuseEitherSeat(trx, { userId: asker.user.id, seat: mine }, { userId, seat: theirs });
      return insertSwap(trx, {
        lanId,
        fromUserId: asker.user.id,
        toUserId: userId,
        fromSeatId: mine.id,
        toSeatId: theirs.id,
        now,
      });
    });
    return presentSwap((await findSwap(deps.db, lanId, id)) as SeatSwapRow, deps.communityTimeZone);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProblemError(409, 'You asked them to swap already: wait for their answer.');
    throw error;
  }
}

async function swapOf(db: Executor, lanId: number, swapId: number) {
  const swap = await findSwap(db, lanId, swapId);
  if (!swap) throw new ProblemError(404, 'That swap is gone: it was answered or withdrawn.');
  return swap;
}

/** POST …/accept: the one asked accepts; both move in one step. */
export async function acceptSwap(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  swapId: number,
): Promise<SeatSwap> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  const now = deps.clock?.() ?? new Date();
  return deps.db.transaction().execute(async (trx) => {
    const { plan } = await visiblePlan(trx, asker, lanId);
    const swap = await swapOf(trx, lanId, swapId);
    authorize(asker, 'seatSwap.accept', swap.to_user_id);
    refuseOutOfTime(deps, plan, now);
    // The seats named, held first: whoever moves after this waits for the swap to end.
    await lockSeats(
      trx,
      [swap.to_seat_id, swap.from_seat_id].filter((id): id is number => id !== null),
    );
    // Deleted before the seats are looked at: of two accepts at once, one finds it gone.
    if (!(await deleteSwap(trx, swap.id)))
      throw new ProblemError(404, 'That swap is gone: it was answered or withdrawn.');
    const [mine, theirs] = await Promise.all([
      findSeatOf(trx, lanId, swap.to_user_id),
      findSeatOf(trx, lanId, swap.from_user_id),
    ]);
    if (!mine || !theirs)
      throw new ProblemError(409, 'One of you has no seat any more: the swap cannot be made.');
    // Trading other seats than those asked for would hand over a seat never offered.
    if (theirs.id !== swap.from_seat_id)
      throw new ProblemError(
        409,
        `${swap.from_nickname} has moved since the swap was asked: ask again.`,
      );
    if (mine.id !== swap.to_seat_id)
      throw new ProblemError(409, 'You have moved since the swap was asked: ask them again.');
    await refuseEitherSeat(
      trx,
      { userId: swap.from_user_id, seat: theirs },
      { userId: swap.to_user_id, seat: mine },
    );
    const swapped =
      (await freeSeat(trx, mine.id, swap.to_user_id)) &&
      (await freeSeat(trx, theirs.id, swap.from_user_id)) &&
      (await takeSeat(trx, mine.id, swap.from_user_id, now)) &&
      (await takeSeat(trx, theirs.id, swap.to_user_id, now));
    if (!swapped) throw new ProblemError(409, 'A seat changed meanwhile: the swap was not made.');
    return presentSwap(
      { ...swap, from_seat: mine.label, to_seat: theirs.label },
      deps.communityTimeZone,
    );
  });
}

/** DELETE: either of the two withdraws or declines it. */
export async function dropSwap(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  swapId: number,
): Promise<void> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  const swap = await swapOf(deps.db, lanId, swapId);
  authorize(asker, 'seatSwap.drop', [swap.from_user_id, swap.to_user_id]);
  await deleteSwap(deps.db, swap.id);
}
