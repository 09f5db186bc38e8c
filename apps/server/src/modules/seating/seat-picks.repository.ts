import { placeTakingStatuses } from '@lanparty/contract/rules';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { preparedQuery, type ValueOf } from '../../db/prepared-queries.ts';

/*
 * What a pick reads and writes (seat-picks.ts, seat-swaps.ts, clan-seating.ts): a seat and
 * who holds it, the pick's context in one query, taking and freeing a seat.
 */

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

/**
 * Who holds a seat of a lan now, with their nickname (null: nobody; undefined: no such
 * seat): for the refusal of a pick that lost a race, in one round trip.
 */
export async function findSeatHolder(
  db: Executor,
  lanId: number,
  seatId: number,
): Promise<{ occupant_user_id: number | null; nickname: string | null } | undefined> {
  return db
    .selectFrom('seats')
    .leftJoin('users', 'users.id', 'seats.occupant_user_id')
    .select(['seats.occupant_user_id', 'users.nickname'])
    .where('seats.lan_id', '=', lanId)
    .where('seats.id', '=', seatId)
    .executeTakeFirst();
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
