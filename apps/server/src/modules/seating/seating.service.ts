import type { Seating, SeatingInput } from '@lanparty/contract';
import { seatingSchema } from '@lanparty/contract';
import { assetIdOf, seatKey } from '@lanparty/contract/rules';
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
import { type Asker, authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findClan } from '../clans/clans.repository.ts';
import { findImageVersions } from '../image-versions/image-versions.repository.ts';
import { findPlaceLan, type PlaceLanRow } from '../subscriptions/place-lans.repository.ts';
import { changesSince, readSeatFollow, type SeatFollow } from './seat-changes.ts';
import { findNickname } from './seat-picks.repository.ts';
import { presentSeating } from './seating.presenter.ts';
import {
  deleteSeatBlocks,
  deleteSeats,
  findSeatablePeople,
  findSeatBlocks,
  findSeatPlan,
  findSeats,
  findSeatsWithOccupants,
  insertSeatBlock,
  insertSeats,
  parkSeats,
  readSeatingVersion,
  type SeatPlanRow,
  type SeatRow,
  saveSeatPlan,
  updateSeat,
  updateSeatBlock,
} from './seating.repository.ts';

/**
 * Seat plans and picks (issue 34). The database keeps the promises (one person a seat,
 * one seat a person per lan: migration 0022); this module decides who may and when, and
 * turns the loser of a race into the same 409 as someone who came later. Here: the plan,
 * saved whole, and the map read; picks are seat-picks.ts, swaps seat-swaps.ts, a clan
 * seated together clan-seating.ts.
 */

export type SeatingDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  answers: KeptAnswers<{ json: JsonBytes; isPublic: boolean }>;
  /** What changed on each lan's map, kept (seat-changes.ts). */
  follows: KeptAnswers<SeatFollow>;
  clock?: () => Date;
};

export const noPlan = () => new ProblemError(404, 'This lan has no seat plan yet.');
export const nowOf = (deps: SeatingDeps) => deps.clock?.() ?? new Date();

export const isLanAdministrator = (asker: Asker | null) => isAllowed(asker, 'seating.manage');

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

export async function buildSeating(
  db: Executor,
  plan: SeatPlanRow,
  timeZone: string,
): Promise<Seating> {
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
