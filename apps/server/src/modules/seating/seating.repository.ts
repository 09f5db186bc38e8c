import { placeTakingStatuses, type SeatKind } from '@lanparty/contract/rules';
import { type Selectable, sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { preparedQuery, type ValueOf } from '../../db/prepared-queries.ts';
import type { SeatBlocksTable, SeatPlansTable, SeatsTable } from '../../db/schema.ts';

/** The SQL of seat plans, blocks and seats (issue 34, migration 0022). */

export type SeatPlanRow = Selectable<SeatPlansTable>;
export type SeatBlockRow = Selectable<SeatBlocksTable>;
export type SeatRow = Selectable<SeatsTable>;

/** A lan's plan. Locked (in a transaction) on PostgreSQL until it ends: one plan save at a time. */
export async function findSeatPlan(
  db: Executor,
  lanId: number,
  options: { isLocked?: boolean } = {},
): Promise<SeatPlanRow | undefined> {
  const query = db.selectFrom('seat_plans').selectAll().where('lan_id', '=', lanId);
  return options.isLocked && dialectOf(db as never) === 'postgres'
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

export type SeatPlanFields = {
  opensAt: string | null;
  locksAt: string | null;
  published: boolean;
  width: number;
  height: number;
};

/** Creates or replaces a lan's plan row; every save touches it (its `seating` event). */
export async function saveSeatPlan(
  db: Executor,
  lanId: number,
  plan: SeatPlanFields,
  now: Date,
): Promise<void> {
  const values = {
    // Above every version a reader saw before this save: a map older than the save is
    // read whole again (findSeatChanges).
    changed_version: await raiseSeatingVersion(db),
    opens_at: plan.opensAt,
    locks_at: plan.locksAt,
    is_published: plan.published,
    width: plan.width,
    height: plan.height,
    modification_date: now.toISOString(),
  };
  await db
    .insertInto('seat_plans')
    .values({ lan_id: lanId, ...values })
    .onConflict((conflict) => conflict.column('lan_id').doUpdateSet(values))
    .execute();
}

export async function findSeatBlocks(db: Executor, lanId: number): Promise<SeatBlockRow[]> {
  return db
    .selectFrom('seat_blocks')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('id')
    .execute();
}

export async function findSeats(
  db: Executor,
  lanId: number,
  options: { isLocked?: boolean } = {},
): Promise<SeatRow[]> {
  const query = db.selectFrom('seats').selectAll().where('lan_id', '=', lanId).orderBy('id');
  return options.isLocked && dialectOf(db as never) === 'postgres'
    ? query.forUpdate().execute()
    : query.execute();
}

/** Seats with who sits there: their nickname and clan. */
function selectSeatsWithOccupants(db: Executor) {
  return db
    .selectFrom('seats')
    .leftJoin('users', 'users.id', 'seats.occupant_user_id')
    .leftJoin('clan_members', 'clan_members.user_id', 'seats.occupant_user_id')
    .leftJoin('clans', 'clans.id', 'clan_members.clan_id')
    .select([
      'seats.id',
      'seats.label',
      'seats.x',
      'seats.y',
      'seats.kind',
      'seats.block_id',
      'seats.occupant_user_id',
      'users.nickname',
      'clans.id as clan_id',
      'clans.tag as clan_tag',
      'clans.colour as clan_colour',
    ]);
}

/** The seats of a lan with who sits there, in reading order. */
export async function findSeatsWithOccupants(db: Executor, lanId: number) {
  return selectSeatsWithOccupants(db)
    .where('seats.lan_id', '=', lanId)
    .orderBy('seats.y')
    .orderBy('seats.x')
    .execute();
}

/** A lan's participants (Accepted or Paid) with their nickname and clan, by nickname. */
export async function findSeatablePeople(db: Executor, lanId: number) {
  return db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .leftJoin('clan_members', 'clan_members.user_id', 'users.id')
    .leftJoin('clans', 'clans.id', 'clan_members.clan_id')
    .select([
      'users.id as user_id',
      'users.nickname',
      'clans.id as clan_id',
      'clans.tag as clan_tag',
      'clans.colour as clan_colour',
    ])
    .where('subscribers.lan_id', '=', lanId)
    .where('subscribers.status', 'in', [...placeTakingStatuses])
    .orderBy('users.nickname')
    .orderBy('users.id')
    .execute();
}

export type SeatablePerson = Awaited<ReturnType<typeof findSeatablePeople>>[number];

/**
 * The `seating` data version: read before a map's seats, so the map is at least as new as
 * it (a change after it is found by findSeatChanges, at worst twice, never missed).
 */
export async function readSeatingVersion(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', 'seating')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Raises the `seating` data version now (in a plan save's transaction) and answers it. */
async function raiseSeatingVersion(db: Executor): Promise<number> {
  const row = await db
    .updateTable('data_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', 'seating')
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * A lan's seats with who sits there and the version that last changed their occupant
 * (migration 0023 stamps them); with `since`, only those changed after it.
 */
export async function findSeatStamps(db: Executor, lanId: number, since?: number) {
  return selectSeatsWithOccupants(db)
    .select('seats.changed_version')
    .where('seats.lan_id', '=', lanId)
    .$if(since !== undefined, (query) => query.where('seats.changed_version', '>', since as number))
    .execute();
}

export type SeatWithOccupant = Awaited<ReturnType<typeof findSeatsWithOccupants>>[number];

export async function findSeat(db: Executor, lanId: number, seatId: number) {
  return db
    .selectFrom('seats')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('id', '=', seatId)
    .executeTakeFirst();
}

/** The seat someone holds at a lan. */
export async function findSeatOf(db: Executor, lanId: number, userId: number) {
  return db
    .selectFrom('seats')
    .selectAll()
    .where('lan_id', '=', lanId)
    .where('occupant_user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertSeatBlock(
  db: Executor,
  block: { lanId: number; name: string; nameKey: string; clanId: number | null },
): Promise<number> {
  const row = await db
    .insertInto('seat_blocks')
    .values({
      lan_id: block.lanId,
      name: block.name,
      name_key: block.nameKey,
      clan_id: block.clanId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSeatBlock(
  db: Executor,
  id: number,
  block: { name: string; nameKey: string; clanId: number | null },
): Promise<void> {
  await db
    .updateTable('seat_blocks')
    .set({ name: block.name, name_key: block.nameKey, clan_id: block.clanId })
    .where('id', '=', id)
    .execute();
}

export async function deleteSeatBlocks(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('seat_blocks')
    .where('id', 'in', [...ids])
    .execute();
}

export type SeatFields = {
  label: string;
  labelKey: string;
  x: number;
  y: number;
  kind: SeatKind;
  blockId: number | null;
};

export async function deleteSeats(db: Executor, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 500)
    await db
      .deleteFrom('seats')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
}

/**
 * Moves the seats kept out of the way before they take their new labels and places: each
 * to a label and cell no seat can have, so that two seats trading labels or places never
 * meet the unique indexes halfway.
 */
export async function parkSeats(db: Executor, ids: readonly number[]): Promise<void> {
  for (const id of ids)
    await db
      .updateTable('seats')
      .set({ label_key: `#${id}`, x: -id, y: -1 })
      .where('id', '=', id)
      .execute();
}

export async function updateSeat(db: Executor, id: number, seat: SeatFields): Promise<void> {
  await db
    .updateTable('seats')
    .set({
      label: seat.label,
      label_key: seat.labelKey,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      block_id: seat.blockId,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertSeats(
  db: Executor,
  lanId: number,
  seats: readonly SeatFields[],
): Promise<void> {
  for (let start = 0; start < seats.length; start += 200)
    await db
      .insertInto('seats')
      .values(
        seats.slice(start, start + 200).map((seat) => ({
          lan_id: lanId,
          label: seat.label,
          label_key: seat.labelKey,
          x: seat.x,
          y: seat.y,
          kind: seat.kind,
          block_id: seat.blockId,
        })),
      )
      .execute();
}

/**
 * Seats `userId` on a free seat: true when it was free, not blocked, they held a place at
 * its lan (Accepted or Paid), and it is now theirs. One statement, so of two picks at once
 * one updates the row and the other finds it taken (PostgreSQL re-checks the condition on
 * the row the first committed), and a place withdrawn or a seat blocked a moment before
 * is never sat on.
 */
export async function takeSeat(
  db: Executor,
  seatId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const result = await takeSeatQuery(db, { seatId, userId, occupiedDate: now.toISOString() });
  return Number(result.numAffectedRows) === 1;
}

const takeSeatQuery = preparedQuery(
  (db, value: ValueOf<{ seatId: number; userId: number; occupiedDate: string }>) =>
    db
      .updateTable('seats')
      .set({ occupant_user_id: value('userId'), occupied_date: value('occupiedDate') })
      .where('id', '=', value('seatId'))
      .where('occupant_user_id', 'is', null)
      .where('kind', '<>', 'blocked')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('subscribers')
            .select('subscribers.id')
            .whereRef('subscribers.lan_id', '=', 'seats.lan_id')
            .where('subscribers.user_id', '=', value('userId'))
            .where('subscribers.status', 'in', [...placeTakingStatuses]),
        ),
      ),
);

/** Frees the seat a person holds at a lan, if any (one who leaves the lan: decision 049). */
export async function freeSeatOf(db: Executor, lanId: number, userId: number): Promise<void> {
  await db
    .updateTable('seats')
    .set({ occupant_user_id: null, occupied_date: null })
    .where('lan_id', '=', lanId)
    .where('occupant_user_id', '=', userId)
    .execute();
}

/** Frees a seat; with `userId`, only while that person holds it. */
export async function freeSeat(db: Executor, seatId: number, userId?: number): Promise<boolean> {
  const result = await db
    .updateTable('seats')
    .set({ occupant_user_id: null, occupied_date: null })
    .where('id', '=', seatId)
    .$if(userId !== undefined, (query) => query.where('occupant_user_id', '=', userId as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The participants (Accepted or Paid) of a lan who are in this clan, by joining. */
export async function findClanParticipants(db: Executor, lanId: number, clanId: number) {
  return db
    .selectFrom('clan_members')
    .innerJoin('subscribers', 'subscribers.user_id', 'clan_members.user_id')
    .innerJoin('users', 'users.id', 'clan_members.user_id')
    .select(['clan_members.user_id', 'users.nickname'])
    .where('clan_members.clan_id', '=', clanId)
    .where('subscribers.lan_id', '=', lanId)
    .where('subscribers.status', 'in', [...placeTakingStatuses])
    .orderBy('clan_members.joined_date')
    .orderBy('clan_members.user_id')
    .execute();
}

/** A user's nickname (for a refusal that names who holds a seat). */
export async function findNickname(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('nickname')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.nickname;
}

/**
 * Locks these seats for the rest of the transaction on PostgreSQL, in id order: two moves
 * over the same seats wait for each other instead of deadlocking. SQLite writes one
 * transaction at a time.
 */
export async function lockSeats(db: Executor, ids: readonly number[]): Promise<void> {
  if (dialectOf(db as never) !== 'postgres' || ids.length === 0) return;
  await db
    .selectFrom('seats')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A swap asked of or by someone at a lan, with both people's nicknames and the seats it trades. */
function selectSwaps(db: Executor) {
  return db
    .selectFrom('seat_swaps')
    .innerJoin('users as askers', 'askers.id', 'seat_swaps.from_user_id')
    .innerJoin('users as asked', 'asked.id', 'seat_swaps.to_user_id')
    .leftJoin('seats as asker_seats', 'asker_seats.id', 'seat_swaps.from_seat_id')
    .leftJoin('seats as asked_seats', 'asked_seats.id', 'seat_swaps.to_seat_id')
    .select([
      'seat_swaps.id',
      'seat_swaps.lan_id',
      'seat_swaps.from_user_id',
      'seat_swaps.to_user_id',
      'seat_swaps.from_seat_id',
      'seat_swaps.to_seat_id',
      'seat_swaps.creation_date',
      'askers.nickname as from_nickname',
      'asked.nickname as to_nickname',
      'asker_seats.label as from_seat',
      'asked_seats.label as to_seat',
    ]);
}

export type SeatSwapRow = Awaited<ReturnType<ReturnType<typeof selectSwaps>['execute']>>[number];

export async function findSwapsOf(db: Executor, lanId: number, userId: number) {
  return selectSwaps(db)
    .where('seat_swaps.lan_id', '=', lanId)
    .where((eb) =>
      eb.or([eb('seat_swaps.from_user_id', '=', userId), eb('seat_swaps.to_user_id', '=', userId)]),
    )
    .orderBy('seat_swaps.id')
    .execute();
}

export async function findSwap(db: Executor, lanId: number, swapId: number) {
  return selectSwaps(db)
    .where('seat_swaps.lan_id', '=', lanId)
    .where('seat_swaps.id', '=', swapId)
    .executeTakeFirst();
}

/** Asks for a swap of the two seats named; the pair's unique key refuses asking twice. */
export async function insertSwap(
  db: Executor,
  swap: {
    lanId: number;
    fromUserId: number;
    toUserId: number;
    fromSeatId: number;
    toSeatId: number;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('seat_swaps')
    .values({
      lan_id: swap.lanId,
      from_user_id: swap.fromUserId,
      to_user_id: swap.toUserId,
      from_seat_id: swap.fromSeatId,
      to_seat_id: swap.toSeatId,
      creation_date: swap.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a swap; false when it was gone already (answered or withdrawn at the same moment). */
export async function deleteSwap(db: Executor, swapId: number): Promise<boolean> {
  const result = await db.deleteFrom('seat_swaps').where('id', '=', swapId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * What a pick needs to know, in one query: the lan (null: none), its plan (null columns:
 * none), the seat (null columns: not of this lan) and who holds it (their nickname, for a
 * 409 that names them), whether the person holds a place (Accepted or Paid), the seat they
 * hold now, and their nickname and clan (the seat as the answer shows it once theirs). A
 * pick asks on every click, hundreds in the second picking opens: one round trip, not six.
 */
export async function findPickContext(db: Executor, lanId: number, seatId: number, userId: number) {
  return (await pickContextQuery(db, { lanId, seatId, userId })).rows[0];
}

const pickContextQuery = preparedQuery(
  (db, value: ValueOf<{ lanId: number; seatId: number; userId: number }>) =>
    db
      .selectFrom('lans')
      .leftJoin('seat_plans', 'seat_plans.lan_id', 'lans.id')
      .leftJoin('seats', (join) =>
        join.onRef('seats.lan_id', '=', 'lans.id').on('seats.id', '=', value('seatId')),
      )
      .leftJoin('users as holder', 'holder.id', 'seats.occupant_user_id')
      .leftJoin('users as picker', (join) => join.on('picker.id', '=', value('userId')))
      .leftJoin('clan_members as picker_member', 'picker_member.user_id', 'picker.id')
      .leftJoin('clans as picker_clan', 'picker_clan.id', 'picker_member.clan_id')
      .select((eb) => [
        'lans.is_active',
        'seat_plans.lan_id as plan_lan_id',
        'seat_plans.opens_at',
        'seat_plans.locks_at',
        'seat_plans.is_published',
        'seats.id as seat_id',
        'seats.label',
        'seats.x',
        'seats.y',
        'seats.kind',
        'seats.block_id',
        'seats.occupant_user_id',
        'holder.nickname as holder_nickname',
        'picker.nickname as picker_nickname',
        'picker_clan.id as picker_clan_id',
        'picker_clan.tag as picker_clan_tag',
        'picker_clan.colour as picker_clan_colour',
        eb
          .exists(
            eb
              .selectFrom('subscribers')
              .select('subscribers.id')
              .where('subscribers.lan_id', '=', value('lanId'))
              .where('subscribers.user_id', '=', value('userId'))
              .where('subscribers.status', 'in', [...placeTakingStatuses]),
          )
          .as('holds_place'),
        eb
          .selectFrom('seats as held')
          .select('held.id')
          .where('held.lan_id', '=', value('lanId'))
          .where('held.occupant_user_id', '=', value('userId'))
          .as('held_seat_id'),
      ])
      .where('lans.id', '=', value('lanId')),
);
