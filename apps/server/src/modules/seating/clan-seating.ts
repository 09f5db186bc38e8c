import type { ClanSeatingPlan, Seating } from '@lanparty/contract';
import { seatsTheClan } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findClan, findMembership } from '../clans/clans.repository.ts';
import { planClanSeats, type RunSeat } from './free-runs.ts';
import { freeSeat, takeSeat } from './seat-picks.repository.ts';
import { notTaken, refuseOutOfTime } from './seat-picks.ts';
import { presentClanSeatingPlan } from './seating.presenter.ts';
import {
  findClanParticipants,
  findSeatBlocks,
  findSeatPlan,
  findSeats,
  type SeatPlanRow,
} from './seating.repository.ts';
import { buildSeating, nowOf, type SeatingDeps, visiblePlan } from './seating.service.ts';

/**
 * Seating a clan together (decision 047): a plan of who moves where (free-runs.ts), shown
 * first, then exactly those moves in one transaction.
 */

type ClanSeatingQuestion = { clanId: number; everyone: boolean };

/**
 * Who of a clan would move where to sit together (planClanSeats), for its leader and seat
 * managers within the plan's times, and lan administrators; the refusals both the plan and
 * the seating give.
 */
async function planClanSeating(
  deps: SeatingDeps,
  trx: Executor,
  asker: Viewer,
  lanId: number,
  question: ClanSeatingQuestion,
  options: { isLocked: boolean },
) {
  const { plan, isAdministrator } = await visiblePlan(trx, asker, lanId, options);
  const clan = await findClan(trx, question.clanId);
  if (!clan) throw new ProblemError(404, `There is no clan ${question.clanId}.`);
  const membership = await findMembership(trx, asker.user.id);
  authorize(asker, 'clan.seat', membership?.clan_id === clan.id && seatsTheClan(membership.role));
  if (!isAdministrator) refuseOutOfTime(deps, plan, nowOf(deps));

  const [seats, blocks, participants] = await Promise.all([
    findSeats(trx, lanId, options),
    findSeatBlocks(trx, lanId),
    findClanParticipants(trx, lanId, clan.id),
  ]);
  const runSeats: RunSeat[] = seats.map((seat) => ({
    id: seat.id,
    label: seat.label,
    x: seat.x,
    y: seat.y,
    blockId: seat.block_id,
    occupantId: seat.occupant_user_id,
    isOpenKind: seat.kind === 'standard' || seat.kind === 'accessible',
  }));
  const planned = planClanSeats(runSeats, blocks, {
    clanId: clan.id,
    participants: participants.map((participant) => participant.user_id),
    everyone: question.everyone,
  });
  if (planned.kind === 'nobody')
    throw new ProblemError(
      409,
      `Nobody of ${clan.name} holds a place at this lan (Accepted or Paid).`,
    );
  if (planned.kind === 'allSeated')
    throw new ProblemError(409, `Everyone of ${clan.name} at this lan has a seat already.`);
  if (planned.kind === 'noRoom')
    throw new ProblemError(
      409,
      planned.largest
        ? `No ${planned.size} seats side by side are free for ${clan.name}: the most together is ${planned.largest.size} (${planned.largest.where}).`
        : `No seats are free for ${clan.name}.`,
    );
  const nicknames = new Map(participants.map((person) => [person.user_id, person.nickname]));
  return { clan, planned, nicknames };
}

/**
 * POST /api/lans/{id}/seating/clan-blocks/plan: who of the clan would move from which seat
 * to which to sit together — or that it sits together already. Nothing moves.
 */
export async function previewClanSeating(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  question: ClanSeatingQuestion,
): Promise<ClanSeatingPlan> {
  authorize(viewer, 'seating.takePart');
  const { clan, planned, nicknames } = await planClanSeating(
    deps,
    deps.db,
    viewer,
    lanId,
    question,
    { isLocked: false },
  );
  return presentClanSeatingPlan(clan.id, question.everyone, planned, nicknames);
}

/**
 * POST /api/lans/{id}/seating/clan-blocks: seats a clan together as its plan says, when the
 * moves sent are the plan's still (409 otherwise: the seats changed since it was shown, and
 * nobody moves). Those who move leave their seats first, then take the new ones, in one
 * transaction.
 */
export async function seatClanTogether(
  deps: SeatingDeps,
  asker: Viewer | null,
  lanId: number,
  request: ClanSeatingQuestion & { moves: readonly { userId: number; seatId: number }[] },
): Promise<Seating> {
  authorize(asker, 'seating.takePart');
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const { clan, planned } = await planClanSeating(deps, trx, asker, lanId, request, {
      isLocked: true,
    });
    if (planned.kind === 'together')
      throw new ProblemError(
        409,
        `${clan.name} sits together already, in ${planned.where}: nobody moves.`,
      );
    const asPlanned = (moves: readonly { userId: number; seatId: number }[]) =>
      moves
        .map((move) => `${move.userId}>${move.seatId}`)
        .sort()
        .join(' ');
    const planMoves = planned.moves.map((move) => ({ userId: move.userId, seatId: move.to.id }));
    if (asPlanned(planMoves) !== asPlanned(request.moves))
      throw new ProblemError(
        409,
        `The seats changed since the plan was shown: nobody moved. Look at ${clan.name}’s plan again.`,
      );
    for (const move of planned.moves) if (move.from) await freeSeat(trx, move.from.id, move.userId);
    for (const move of planned.moves)
      if (!(await takeSeat(trx, move.to.id, move.userId, now)))
        throw await notTaken(trx, move.to, lanId);
  });
  const plan = (await findSeatPlan(deps.db, lanId)) as SeatPlanRow;
  return buildSeating(deps.db, plan, deps.communityTimeZone);
}
