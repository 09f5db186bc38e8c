import type { Executor } from '../../db/executor.ts';

/* Seat swaps asked and answered (seat-swaps.ts). */

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
