import type { ClanSeatingPlan, Seat, Seating, SeatingInput } from '@lanparty/contract';
import { seatingSchema } from '@lanparty/contract';
import {
  assetIdOf,
  hasAnyRole,
  requiredRoles,
  seatKey,
  seatKindProblem,
  seatsTheClan,
} from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import {
  type AnswerDepends,
  type JsonBytes,
  type KeptAnswers,
  toJson,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { formatZonedMoment } from '../../lib/zoned-timestamp.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { type Asker, authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findClan, findMembership } from '../clans/clans.repository.ts';
import { findImageVersions } from '../image-versions/image-versions.repository.ts';
import { findPlaceLan, type PlaceLanRow } from '../subscriptions/place-lans.repository.ts';
import { planClanSeats, type RunSeat } from './free-runs.ts';
import { changesSince, readSeatFollow, type SeatFollow } from './seat-changes.ts';
import { presentClanSeatingPlan, presentSeat, presentSeating } from './seating.presenter.ts';
import {
  deleteSeatBlocks,
  deleteSeats,
  findClanParticipants,
  findNickname,
  findPickContext,
  findSeat,
  findSeatablePeople,
  findSeatBlocks,
  findSeatPlan,
  findSeats,
  findSeatsWithOccupants,
  freeSeat,
  insertSeatBlock,
  insertSeats,
  lockSeats,
  parkSeats,
  readSeatingVersion,
  type SeatPlanRow,
  type SeatRow,
  saveSeatPlan,
  takeSeat,
  updateSeat,
  updateSeatBlock,
} from './seating.repository.ts';

/**
 * Seat plans and picks (issue 34). The database keeps the promises (one person a seat,
 * one seat a person per lan: migration 0022); this module decides who may and when, and
 * turns the loser of a race into the same 409 as someone who came later.
 */

export type SeatingDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  answers: KeptAnswers<{ json: JsonBytes; isPublic: boolean }>;
  /** What changed on each lan's map, kept (seat-changes.ts). */
  follows: KeptAnswers<SeatFollow>;
  clock?: () => Date;
};

const noPlan = () => new ProblemError(404, 'This lan has no seat plan yet.');
const nowOf = (deps: SeatingDeps) => deps.clock?.() ?? new Date();

const isLanAdministrator = (asker: Asker | null) => isAllowed(asker, 'seating.manage');
const isCrew = (roles: readonly Parameters<typeof hasAnyRole>[0][number][]) =>
  hasAnyRole(roles, requiredRoles.lanManagement);

/** Whether a lan and its plan show to everyone: the lan active, the plan published. */
const isPublic = (lan: PlaceLanRow, plan: SeatPlanRow) =>
  toBoolean(lan.is_active) && toBoolean(plan.is_published);

/** The lan and its plan as an asker may see them: 404 for what is not (yet) theirs to see. */
export async function visiblePlan(
  db: Executor,
  viewer: Asker | null,
  lanId: number,
  options: { isLocked?: boolean } = {},
) {
  const lan = await findPlaceLan(db, lanId);
  const isAdministrator = isLanAdministrator(viewer);
  if (!lan || (!toBoolean(lan.is_active) && !isAdministrator))
    throw new ProblemError(404, `There is no lan ${lanId}.`);
  const plan = await findSeatPlan(db, lanId, options);
  if (!plan || (!isPublic(lan, plan) && !isAdministrator)) throw noPlan();
  return { lan, plan, isAdministrator };
}

async function buildSeating(db: Executor, plan: SeatPlanRow, timeZone: string): Promise<Seating> {
  const hall = assetIdOf('hall', plan.lan_id);
  // The version before the seats: the map is at least as new as the version it names.
  const version = await readSeatingVersion(db);
  const [seats, blocks, people, images] = await Promise.all([
    findSeatsWithOccupants(db, plan.lan_id),
    findSeatBlocks(db, plan.lan_id),
    findSeatablePeople(db, plan.lan_id),
    findImageVersions(db, [hall]),
  ]);
  return presentSeating(plan, seats, blocks, people, images.get(hall) ?? null, timeZone, version);
}

// A seat map shows seats and plans (seating), and nicknames, clans and the lan (lans).
const seatingDepends: AnswerDepends = { groups: ['lans', 'seating'] };

/**
 * GET /api/lans/{id}/seating: kept while seats, plans, users and clans are unchanged, for
 * everyone alike (an occupant carries no personal field). The viewer is read only for a
 * plan that is not public: the lan administrators' draft.
 */
export async function readSeating(
  deps: SeatingDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  scope?: object,
): Promise<JsonBytes> {
  const kept = await deps.answers.read(
    `seating ${lanId}`,
    seatingDepends,
    async () => {
      const lan = await findPlaceLan(deps.db, lanId);
      const plan = lan && (await findSeatPlan(deps.db, lanId));
      if (!lan || !plan) return { json: Buffer.alloc(0), isPublic: false };
      return {
        json: toJson(seatingSchema, await buildSeating(deps.db, plan, deps.communityTimeZone)),
        isPublic: isPublic(lan, plan),
      };
    },
    scope,
  );
  if (kept.isPublic) return kept.json;
  const asker = await viewer();
  if (kept.json.length === 0 || !isLanAdministrator(asker)) {
    // Tell a lan administrator whether the lan or only its plan is missing.
    await visiblePlan(deps.db, asker, lanId);
  }
  return kept.json;
}

/**
 * GET /api/lans/{id}/seating/changes?since=: what changed on the map since the version an
 * open map holds (the seats whose occupant changed, or that the plan was saved), so it
 * follows picks without reading the whole map each time (seat-changes.ts).
 */
export async function readSeatChanges(
  deps: SeatingDeps,
  viewer: () => Promise<Viewer | null>,
  lanId: number,
  since: number,
  scope?: object,
): Promise<JsonBytes> {
  const follow = await readSeatFollow(deps, lanId, scope);
  if (follow.exists && follow.isPublic) return changesSince(follow, since);
  const asker = await viewer();
  if (!follow.exists || !isLanAdministrator(asker)) await visiblePlan(deps.db, asker, lanId);
  // A plan made since the index was: no map of it is held from before, read it whole.
  if (!follow.exists) throw noPlan();
  return changesSince(follow, since);
}

type SeatingChange = { removed: SeatRow[]; blocked: SeatRow[] };

/** 409 naming each held seat the change would remove or block. */
async function refuseLosingAnyone(db: Executor, change: SeatingChange): Promise<void> {
  const problems: string[] = [];
  for (const [seats, doing] of [
    [change.removed, 'remove'],
    [change.blocked, 'block'],
  ] as const) {
    for (const seat of seats) {
      if (seat.occupant_user_id === null) continue;
      const nickname = (await findNickname(db, seat.occupant_user_id)) ?? 'someone';
      problems.push(`Seat ${seat.label} is held by ${nickname}: move them before you ${doing} it.`);
    }
  }
  if (problems.length > 0)
    throw new ProblemError(409, problems.join(' '), { errors: { seats: problems } });
}

/** PUT /api/lans/{id}/seating: the whole plan, saved in one step. */
export async function saveSeating(
  deps: SeatingDeps,
  viewer: Viewer | null,
  lanId: number,
  input: SeatingInput,
): Promise<Seating> {
  authorize(viewer, 'seating.manage');
  const now = nowOf(deps);
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await findPlaceLan(trx, lanId, { isLocked: true })))
        throw new ProblemError(404, `There is no lan ${lanId}.`);
      const existing = await findSeats(trx, lanId, { isLocked: true });
      const byId = new Map(existing.map((seat) => [seat.id, seat]));
      const strangers = input.seats.filter((seat) => seat.id !== undefined && !byId.has(seat.id));
      const oldBlocks = await findSeatBlocks(trx, lanId);
      const blockIds = new Set(oldBlocks.map((block) => block.id));
      const strangeBlocks = input.blocks.filter((block) => block.id > 0 && !blockIds.has(block.id));
      const problems = [
        ...strangers.map((seat) => `Seat ${seat.id} is not a seat of this lan`),
        ...strangeBlocks.map((block) => `Block ${block.id} is not a block of this lan`),
      ];
      for (const clanId of new Set(input.blocks.map((block) => block.clanId))) {
        if (clanId !== null && !(await findClan(trx, clanId)))
          problems.push(`There is no clan ${clanId}`);
      }
      if (problems.length > 0)
        throw new ProblemError(400, problems.join('. ').concat('.'), {
          errors: { seats: problems },
        });

      const kept = new Set(input.seats.flatMap((seat) => (seat.id === undefined ? [] : [seat.id])));
      await refuseLosingAnyone(trx, {
        removed: existing.filter((seat) => !kept.has(seat.id)),
        blocked: input.seats.flatMap((seat) => {
          const old = seat.id === undefined ? undefined : byId.get(seat.id);
          return old && seat.kind === 'blocked' && old.kind !== 'blocked' ? [old] : [];
        }),
      });

      await saveSeatPlan(trx, lanId, input.plan, now);
      await deleteSeats(
        trx,
        existing.filter((seat) => !kept.has(seat.id)).map((seat) => seat.id),
      );
      const keptBlocks = new Set(input.blocks.filter((block) => block.id > 0).map((b) => b.id));
      // Seats leave a removed block with it (set null), and new blocks get their ids.
      await deleteSeatBlocks(
        trx,
        oldBlocks.filter((block) => !keptBlocks.has(block.id)).map((block) => block.id),
      );
      const blockIdOf = new Map<number, number>();
      for (const block of input.blocks) {
        const fields = { name: block.name, nameKey: seatKey(block.name), clanId: block.clanId };
        if (block.id > 0) {
          await updateSeatBlock(trx, block.id, fields);
          blockIdOf.set(block.id, block.id);
        } else blockIdOf.set(block.id, await insertSeatBlock(trx, { lanId, ...fields }));
      }
      const fieldsOf = (seat: SeatingInput['seats'][number]) => ({
        label: seat.label,
        labelKey: seatKey(seat.label),
        x: seat.x,
        y: seat.y,
        kind: seat.kind,
        blockId: seat.blockId === null ? null : (blockIdOf.get(seat.blockId) ?? null),
      });
      const moved = input.seats.filter((seat) => {
        const old = seat.id === undefined ? undefined : byId.get(seat.id);
        return (
          old && (old.label_key !== seatKey(seat.label) || old.x !== seat.x || old.y !== seat.y)
        );
      });
      await parkSeats(
        trx,
        moved.map((seat) => seat.id as number),
      );
      for (const seat of input.seats) {
        if (seat.id === undefined) continue;
        const old = byId.get(seat.id) as SeatRow;
        const fields = fieldsOf(seat);
        const isSame =
          old.label === fields.label &&
          old.kind === fields.kind &&
          old.block_id === fields.blockId &&
          !moved.includes(seat);
        if (!isSame) await updateSeat(trx, seat.id, fields);
      }
      await insertSeats(
        trx,
        lanId,
        input.seats.filter((seat) => seat.id === undefined).map(fieldsOf),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProblemError(409, 'The plan was changed at the same moment: load it again.');
    throw error;
  }
  const plan = (await findSeatPlan(deps.db, lanId)) as SeatPlanRow;
  return buildSeating(deps.db, plan, deps.communityTimeZone);
}

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
async function notTaken(db: Executor, seat: Pick<SeatRow, 'id' | 'label'>, lanId: number) {
  const now = await findSeat(db, lanId, seat.id);
  if (now?.occupant_user_id)
    return takenProblem(seat.label, await findNickname(db, now.occupant_user_id));
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
