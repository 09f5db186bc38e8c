import type { Selectable } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { FoodChoicesTable, FoodItemsTable, FoodRoundsTable } from '../../db/schema.ts';

/** The SQL of food rounds and their menus (issue 54, migration 0044); orders: food-orders.repository.ts. */

export type FoodRoundRow = Selectable<FoodRoundsTable>;
export type FoodItemRow = Selectable<FoodItemsTable>;
export type FoodChoiceRow = Selectable<FoodChoicesTable>;

export type NewFoodChoice = { name: string; priceCents: number; position: number };
export type NewFoodItem = {
  name: string;
  priceCents: number;
  position: number;
  choices: readonly NewFoodChoice[];
};

export async function insertFoodRound(
  db: Executor,
  round: { lanId: number; supplier: string; closesAt: Date; maxPerPerson: number | null },
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('food_rounds')
    .values({
      lan_id: round.lanId,
      supplier: round.supplier,
      closes_at: round.closesAt.toISOString(),
      max_per_person: round.maxPerPerson,
      creation_date: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A round, locked on PostgreSQL (in a transaction) until the transaction ends (SQLite
 * writes one at a time anyway). `update`: a change of the menu or the deadline, a
 * cancellation, a payment — one at a time per round, each reading the round the others
 * leave. `share`: an order, which many people place at once, each checked against the
 * deadline that holds when it is written (a change of the round waits for them, and they
 * for it).
 */
export async function findFoodRound(
  db: Executor,
  roundId: number,
  options: { lock?: 'update' | 'share' } = {},
): Promise<FoodRoundRow | undefined> {
  const query = db.selectFrom('food_rounds').selectAll().where('id', '=', roundId);
  if (options.lock === undefined || dialectOf(db as never) !== 'postgres')
    return query.executeTakeFirst();
  return (options.lock === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}

export async function listFoodRoundsOfLan(db: Executor, lanId: number): Promise<FoodRoundRow[]> {
  return db
    .selectFrom('food_rounds')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('closes_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function updateFoodRound(
  db: Executor,
  roundId: number,
  fields: { supplier: string; closesAt: Date; maxPerPerson: number | null },
): Promise<void> {
  await db
    .updateTable('food_rounds')
    .set({
      supplier: fields.supplier,
      closes_at: fields.closesAt.toISOString(),
      max_per_person: fields.maxPerPerson,
    })
    .where('id', '=', roundId)
    .execute();
}

export async function markFoodRoundCancelled(db: Executor, roundId: number, now: Date) {
  await db
    .updateTable('food_rounds')
    .set({ cancelled_at: now.toISOString() })
    .where('id', '=', roundId)
    .execute();
}

export async function markFoodRoundArrived(db: Executor, roundId: number, now: Date) {
  await db
    .updateTable('food_rounds')
    .set({ arrived_at: now.toISOString() })
    .where('id', '=', roundId)
    .execute();
}

/** The items of these rounds, removed ones too, in menu order. */
export async function listFoodItems(
  db: Executor,
  roundIds: readonly number[],
): Promise<FoodItemRow[]> {
  if (roundIds.length === 0) return [];
  return db
    .selectFrom('food_items')
    .selectAll()
    .where('round_id', 'in', [...roundIds])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The choices of these items, removed ones too, in menu order. */
export async function listFoodChoices(
  db: Executor,
  itemIds: readonly number[],
): Promise<FoodChoiceRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('food_choices')
    .selectAll()
    .where('item_id', 'in', [...itemIds])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertFoodItem(
  db: Executor,
  roundId: number,
  item: NewFoodItem,
): Promise<void> {
  const { id } = await db
    .insertInto('food_items')
    .values({
      round_id: roundId,
      name: item.name,
      price_cents: item.priceCents,
      position: item.position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertFoodChoices(db, id, item.choices);
}

export async function insertFoodChoices(
  db: Executor,
  itemId: number,
  choices: readonly NewFoodChoice[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto('food_choices')
    .values(
      choices.map((choice) => ({
        item_id: itemId,
        name: choice.name,
        price_cents: choice.priceCents,
        position: choice.position,
      })),
    )
    .execute();
}

export async function updateFoodItem(
  db: Executor,
  itemId: number,
  fields: { name: string; priceCents: number; position: number },
): Promise<void> {
  await db
    .updateTable('food_items')
    .set({ name: fields.name, price_cents: fields.priceCents, position: fields.position })
    .where('id', '=', itemId)
    .execute();
}

export async function updateFoodChoice(
  db: Executor,
  choiceId: number,
  fields: { name: string; priceCents: number; position: number },
): Promise<void> {
  await db
    .updateTable('food_choices')
    .set({ name: fields.name, price_cents: fields.priceCents, position: fields.position })
    .where('id', '=', choiceId)
    .execute();
}

/**
 * Takes items off the menu: those ordered stay, marked removed (an order reads as it was
 * placed); the others go.
 */
export async function removeFoodItems(db: Executor, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const ordered = await db
    .selectFrom('food_order_lines')
    .select('item_id')
    .distinct()
    .where('item_id', 'in', [...itemIds])
    .execute();
  const kept = ordered.map((row) => row.item_id);
  if (kept.length > 0)
    await db.updateTable('food_items').set({ is_removed: true }).where('id', 'in', kept).execute();
  const gone = itemIds.filter((id) => !kept.includes(id));
  if (gone.length > 0) await db.deleteFrom('food_items').where('id', 'in', gone).execute();
}

/** Takes choices off the menu, as removeFoodItems its items. */
export async function removeFoodChoices(db: Executor, choiceIds: readonly number[]): Promise<void> {
  if (choiceIds.length === 0) return;
  const ordered = await db
    .selectFrom('food_order_line_choices')
    .select('choice_id')
    .distinct()
    .where('choice_id', 'in', [...choiceIds])
    .execute();
  const kept = ordered.map((row) => row.choice_id);
  if (kept.length > 0)
    await db
      .updateTable('food_choices')
      .set({ is_removed: true })
      .where('id', 'in', kept)
      .execute();
  const gone = choiceIds.filter((id) => !kept.includes(id));
  if (gone.length > 0) await db.deleteFrom('food_choices').where('id', 'in', gone).execute();
}
