import { placeTakingStatuses, type SeatKind } from '@lanparty/contract/rules';
import { type Selectable, sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
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
