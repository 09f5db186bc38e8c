import type { Seat } from '@lanparty/contract';
import { hasAnyRole, requiredRoles, seatKindProblem, seatsTheClan } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { formatZonedMoment } from '../../lib/zoned-timestamp.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { type Asker, authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findClan, findMembership } from '../clans/clans.repository.ts';
import {
  findPickContext,
  findSeat,
  findSeatHolder,
  freeSeat,
  lockSeats,
  takeSeat,
} from './seat-picks.repository.ts';
import { presentSeat } from './seating.presenter.ts';
import { findSeatBlocks, type SeatPlanRow, type SeatRow } from './seating.repository.ts';
import {
  isLanAdministrator,
  noPlan,
  nowOf,
  type SeatingDeps,
  visiblePlan,
} from './seating.service.ts';

/**
 * Picking and freeing seats (issue 34): a pick is one conditional update, of two at once
 * one takes the seat; a move frees and takes in one transaction. The rule of who may sit
 * where (refuseSeatFor) is also a swap's (seat-swaps.ts).
 */

const isCrew = (roles: readonly Parameters<typeof hasAnyRole>[0][number][]) =>
  hasAnyRole(roles, requiredRoles.lanManagement);

/** Whether the asker seats `userId`'s clan: both in one clan, the asker its leader or a seat manager. */
async function seatsClanOf(db: Executor, asker: Asker, userId: number): Promise<boolean> {
  if (asker.user.id === userId) return false;
  const [mine, theirs] = await Promise.all([
    findMembership(db, asker.user.id),
    findMembership(db, userId),
  ]);
  return !!mine && !!theirs && mine.clan_id === theirs.clan_id && seatsTheClan(mine.role);
}

/** Refuses a pick outside the plan's times, for all but lan administrators. */
export function refuseOutOfTime(
  deps: SeatingDeps,
  plan: Pick<SeatPlanRow, 'opens_at' | 'locks_at'>,
  now: Date,
): void {
  if (plan.opens_at && now < new Date(plan.opens_at))
    throw new ProblemError(
      409,
      `Seat picking opens on ${formatZonedMoment(plan.opens_at, deps.communityTimeZone)}.`,
    );
  if (plan.locks_at && now >= new Date(plan.locks_at))
    throw new ProblemError(
      409,
      `Seats are fixed since ${formatZonedMoment(plan.locks_at, deps.communityTimeZone)}: ask a lan administrator to move anyone.`,
    );
}

const takenProblem = (label: string, nickname: string | null | undefined) =>
  new ProblemError(409, `Seat ${label} was just taken by ${nickname ?? 'someone'}.`);

/** Why a seat was not taken after all: someone took it, or the plan or the place changed. */
export async function notTaken(db: Executor, seat: Pick<SeatRow, 'id' | 'label'>, lanId: number) {
  const now = await findSeatHolder(db, lanId, seat.id);
  if (now?.occupant_user_id) return takenProblem(seat.label, now.nickname);
  return new ProblemError(
    409,
    `Seat ${seat.label} could not be taken: the plan or the place at this lan changed at the same moment. Load the map again.`,
  );
}

/**
 * PUT /api/lans/{id}/seats/{seatId}/occupant: picks, moves or seats someone. A pick is one
 * conditional update (the database refuses the second of two at once); a move frees the old
 * seat and takes the new one in one transaction. What the pick needs to know is read in
 * one query before: a pick costs three round trips, in the second picking opens as at
 * any other.
 */
export async function seatSomeone(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  seatId: number,
  userId: number,
): Promise<Seat> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  const now = nowOf(deps);
  const db = deps.db;
  const context = await findPickContext(db, lanId, seatId, userId);
  const isAdministrator = isLanAdministrator(asker);
  if (!context || (!toBoolean(context.is_active) && !isAdministrator))
    throw new ProblemError(404, `There is no lan ${lanId}.`);
  const isPublished = context.is_published !== null && toBoolean(context.is_published);
  if (context.plan_lan_id === null || (!isPublished && !isAdministrator)) throw noPlan();
  authorize(asker, 'seat.assign', {
    userId,
    seatsTheirClan: await seatsClanOf(db, asker, userId),
  });
  if (!isAdministrator)
    refuseOutOfTime(deps, { opens_at: context.opens_at, locks_at: context.locks_at }, now);
  if (
    context.seat_id === null ||
    context.label === null ||
    context.kind === null ||
    context.x === null ||
    context.y === null
  )
    throw new ProblemError(404, `There is no seat ${seatId} at this lan.`);
  const seat = {
    id: context.seat_id,
    lan_id: lanId,
    label: context.label,
    x: context.x,
    y: context.y,
    kind: context.kind,
    block_id: context.block_id,
    occupant_user_id: context.occupant_user_id,
  };
  if (!toBoolean(context.holds_place))
    throw new ProblemError(
      409,
      userId === asker.user.id
        ? 'Only participants whose place is Accepted or Paid pick a seat.'
        : `${context.picker_nickname ?? `User ${userId}`} holds no place at this lan (Accepted or Paid).`,
    );
  await refuseSeatFor(db, seat, userId, { isPlacedByAdministrator: isAdministrator });
  if (seat.occupant_user_id !== null && seat.occupant_user_id !== userId)
    throw takenProblem(seat.label, context.holder_nickname);
  if (seat.occupant_user_id === null) {
    const heldSeatId = context.held_seat_id;
    try {
      if (heldSeatId === null) {
        // One conditional update: of two picks of a free seat at once, one takes it.
        if (!(await takeSeat(db, seat.id, userId, now))) throw await notTaken(db, seat, lanId);
      } else {
        await db.transaction().execute(async (trx) => {
          // Both rows locked in one order, so two people trading places wait, never deadlock.
          await lockSeats(trx, [heldSeatId, seat.id]);
          await freeSeat(trx, heldSeatId, userId);
          if (!(await takeSeat(trx, seat.id, userId, now))) throw await notTaken(trx, seat, lanId);
        });
      }
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ProblemError(409, 'That person was seated elsewhere at the same moment.');
      throw error;
    }
  }
  return presentSeat({
    ...seat,
    occupant_user_id: userId,
    nickname: context.picker_nickname,
    clan_id: context.picker_clan_id,
    clan_tag: context.picker_clan_tag,
    clan_colour: context.picker_clan_colour,
  });
}

/**
 * 409 when `userId` may not sit on `seat` by its kind or its block: a blocked seat is no
 * one's, a crew seat crew's, a seat in a clan's block its members'. A lan administrator
 * placing someone passes all but a blocked seat. The one rule of a pick and a swap.
 */
export async function refuseSeatFor(
  db: Executor,
  seat: Pick<SeatRow, 'lan_id' | 'label' | 'kind' | 'block_id'>,
  userId: number,
  { isPlacedByAdministrator }: { isPlacedByAdministrator: boolean },
): Promise<void> {
  if (seat.kind === 'blocked' || (seat.kind === 'crew' && !isPlacedByAdministrator)) {
    // Whether the one to sit there is crew matters on a crew seat alone.
    const roles = seat.kind === 'crew' ? ((await findRoles(db, [userId])).get(userId) ?? []) : [];
    const kindProblem = seatKindProblem(seat.label, seat.kind, isCrew(roles));
    if (kindProblem) throw new ProblemError(409, kindProblem);
  }
  if (!isPlacedByAdministrator) await refuseOtherClansBlock(db, seat, userId);
}

/** A seat in a block kept for another clan is for that clan's members. */
async function refuseOtherClansBlock(
  db: Executor,
  seat: Pick<SeatRow, 'lan_id' | 'label' | 'block_id'>,
  userId: number,
) {
  if (seat.block_id === null) return;
  const block = (await findSeatBlocks(db, seat.lan_id)).find((each) => each.id === seat.block_id);
  if (!block?.clan_id) return;
  const membership = await findMembership(db, userId);
  if (membership?.clan_id === block.clan_id) return;
  const clan = await findClan(db, block.clan_id);
  throw new ProblemError(
    409,
    `Seat ${seat.label} is in ${block.name}, kept for ${clan?.name ?? 'a clan'}.`,
  );
}

/** DELETE /api/lans/{id}/seats/{seatId}/occupant: frees a seat (its occupant, their clan's seat managers, lan administrators). */
export async function freeSomeonesSeat(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  seatId: number,
): Promise<void> {
  authorize(viewer, 'seating.takePart');
  const asker = viewer;
  await deps.db.transaction().execute(async (trx) => {
    const { plan, isAdministrator } = await visiblePlan(trx, asker, lanId);
    const seat = await findSeat(trx, lanId, seatId);
    if (!seat) throw new ProblemError(404, `There is no seat ${seatId} at this lan.`);
    if (seat.occupant_user_id === null) return;
    authorize(asker, 'seat.assign', {
      userId: seat.occupant_user_id,
      seatsTheirClan: await seatsClanOf(trx, asker, seat.occupant_user_id),
    });
    if (!isAdministrator) refuseOutOfTime(deps, plan, nowOf(deps));
    await freeSeat(trx, seat.id, seat.occupant_user_id);
  });
}
