import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { FoodOrderLinesTable, FoodOrdersTable } from '../../db/schema.ts';
import type { FoodRoundRow } from './food.repository.ts';

/** The SQL of food orders and their lines (issue 54, migration 0044). */

export type FoodOrderRow = Selectable<FoodOrdersTable>;
export type FoodOrderLineRow = Selectable<FoodOrderLinesTable> & { choice_ids: number[] };

/** How many orders each round has. */
export async function countFoodOrders(
  db: Executor,
  roundIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (roundIds.length === 0) return counts;
  const rows = await db
    .selectFrom('food_orders')
    .select(['round_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('round_id', 'in', [...roundIds])
    .groupBy('round_id')
    .execute();
  for (const row of rows) counts.set(row.round_id, Number(row.count));
  return counts;
}

/** A person's orders of these rounds, by round. */
export async function findFoodOrdersOf(
  db: Executor,
  roundIds: readonly number[],
  userId: number,
): Promise<FoodOrderRow[]> {
  if (roundIds.length === 0) return [];
  return db
    .selectFrom('food_orders')
    .selectAll()
    .where('round_id', 'in', [...roundIds])
    .where('user_id', '=', userId)
    .execute();
}

export type FoodOrderWithPerson = FoodOrderRow & { nickname: string; seat: string | null };

/** Every order of a round, oldest first, with who placed it and where they sit at its lan. */
export async function listFoodOrdersOfRound(
  db: Executor,
  round: Pick<FoodRoundRow, 'id' | 'lan_id'>,
): Promise<FoodOrderWithPerson[]> {
  return db
    .selectFrom('food_orders')
    .leftJoin('users', 'users.id', 'food_orders.user_id')
    .leftJoin('seats', (join) =>
      join
        .onRef('seats.occupant_user_id', '=', 'food_orders.user_id')
        .on('seats.lan_id', '=', round.lan_id),
    )
    .selectAll('food_orders')
    .select((eb) => [
      eb.fn.coalesce('users.nickname', eb.val('Former lanner')).as('nickname'),
      'seats.label as seat',
    ])
    .where('food_orders.round_id', '=', round.id)
    .orderBy('food_orders.id')
    .execute();
}

/** The lines of these orders, in order, each with its choices' ids. */
export async function listFoodOrderLines(
  db: Executor,
  orderIds: readonly number[],
): Promise<FoodOrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const lines = await db
    .selectFrom('food_order_lines')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const choices = lines.length
    ? await db
        .selectFrom('food_order_line_choices')
        .select(['line_id', 'choice_id'])
        .where(
          'line_id',
          'in',
          lines.map((line) => line.id),
        )
        .orderBy('choice_id')
        .execute()
    : [];
  const byLine = new Map<number, number[]>();
  for (const row of choices)
    byLine.set(row.line_id, [...(byLine.get(row.line_id) ?? []), row.choice_id]);
  return lines.map((line) => ({ ...line, choice_ids: byLine.get(line.id) ?? [] }));
}

export type NewFoodOrderLine = {
  itemId: number;
  quantity: number;
  unitPriceCents: number;
  note: string;
  choiceIds: readonly number[];
};

/**
 * Writes a person's whole order of a round, in place of what they had: its lines, its total,
 * and `is_paid` cleared when the total changed (the money taken was for another order).
 * Answers the order and its lines as written. In four statements at most: at the deadline
 * half the hall writes at once.
 */
export async function replaceFoodOrder(
  db: Executor,
  order: {
    roundId: number;
    userId: number;
    lines: readonly NewFoodOrderLine[];
    totalCents: number;
  },
  now: Date,
): Promise<{ order: FoodOrderRow; lines: FoodOrderLineRow[] }> {
  const nowText = now.toISOString();
  const written = await db
    .insertInto('food_orders')
    .values({
      round_id: order.roundId,
      user_id: order.userId,
      total_cents: order.totalCents,
      creation_date: nowText,
      modification_date: nowText,
    })
    .onConflict((conflict) =>
      conflict.columns(['round_id', 'user_id']).doUpdateSet({
        total_cents: order.totalCents,
        modification_date: nowText,
        is_paid: sql<boolean>`case when food_orders.total_cents = ${order.totalCents} then food_orders.is_paid else ${sql.lit(false)} end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.deleteFrom('food_order_lines').where('order_id', '=', written.id).execute();
  const lines = await db
    .insertInto('food_order_lines')
    .values(
      order.lines.map((line, position) => ({
        order_id: written.id,
        item_id: line.itemId,
        position,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        note: line.note,
      })),
    )
    .returningAll()
    .execute();
  const choicesAt = (position: number) => order.lines[position]?.choiceIds ?? [];
  const lineChoices = lines.flatMap((line) =>
    choicesAt(line.position).map((choiceId) => ({ line_id: line.id, choice_id: choiceId })),
  );
  if (lineChoices.length > 0)
    await db.insertInto('food_order_line_choices').values(lineChoices).execute();
  return {
    order: written,
    lines: lines
      .map((line) => ({ ...line, choice_ids: [...choicesAt(line.position)] }))
      .sort((a, b) => a.position - b.position),
  };
}

export async function deleteFoodOrderOf(
  db: Executor,
  roundId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('food_orders')
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findFoodOrder(
  db: Executor,
  orderId: number,
): Promise<FoodOrderRow | undefined> {
  return db.selectFrom('food_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function setFoodOrderPaid(db: Executor, orderId: number, isPaid: boolean) {
  await db.updateTable('food_orders').set({ is_paid: isPaid }).where('id', '=', orderId).execute();
}

/** Who ordered in a round: whom its news (cancelled, arrived) is for. */
export async function findFoodOrderers(db: Executor, roundId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('food_orders')
    .select('user_id')
    .where('round_id', '=', roundId)
    .where('user_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
}

/**
 * On erasure (issue 54 §5): a person's orders go, but for the paid ones of rounds past
 * (closed by `now`, not cancelled), which stay with the anonymised account.
 */
export async function dropFoodOrdersOnErasure(
  db: Executor,
  userId: number,
  now: Date,
): Promise<void> {
  const nowText = now.toISOString();
  await db
    .deleteFrom('food_orders')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.and([
          eb('is_paid', '=', true),
          eb.exists(
            eb
              .selectFrom('food_rounds')
              .select('food_rounds.id')
              .whereRef('food_rounds.id', '=', 'food_orders.round_id')
              .where('food_rounds.closes_at', '<=', nowText)
              .where('food_rounds.cancelled_at', 'is', null),
          ),
        ]),
      ),
    )
    .execute();
}

/** A line of one of a person's orders as their export says it: the item and choices named. */
export type OwnFoodOrderLine = {
  order_id: number;
  position: number;
  item: string;
  quantity: number;
  unit_price_cents: number;
  note: string;
  choices: string[];
};

/** Every line of a person's food orders, for their data export (issue 54 §5). */
export async function listOwnFoodOrderLines(
  db: Executor,
  userId: number,
): Promise<OwnFoodOrderLine[]> {
  const lines = await db
    .selectFrom('food_order_lines as line')
    .innerJoin('food_orders as order', 'order.id', 'line.order_id')
    .innerJoin('food_items as item', 'item.id', 'line.item_id')
    .select([
      'line.id',
      'line.order_id',
      'line.position',
      'item.name as item',
      'line.quantity',
      'line.unit_price_cents',
      'line.note',
    ])
    .where('order.user_id', '=', userId)
    .orderBy('line.order_id')
    .orderBy('line.position')
    .execute();
  const choices =
    lines.length > 0
      ? await db
          .selectFrom('food_order_line_choices as picked')
          .innerJoin('food_choices as choice', 'choice.id', 'picked.choice_id')
          .select(['picked.line_id', 'choice.name'])
          .where(
            'picked.line_id',
            'in',
            lines.map((line) => line.id),
          )
          .orderBy('choice.position')
          .execute()
      : [];
  return lines.map(({ id, ...line }) => ({
    ...line,
    choices: choices.filter((choice) => choice.line_id === id).map((choice) => choice.name),
  }));
}
