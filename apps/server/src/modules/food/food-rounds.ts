import type { FoodOrder, FoodRound, FoodRoundInput, FoodRoundState } from '@lanparty/contract';
import { centsFromEuros, eurosFromCents } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { foodArrivedChatMessage } from '../chat/chat-messages.ts';
import { findVisibleLan } from '../lans/visible-lan.ts';
import { insertNotices } from '../notices/notices.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { findManagedLan } from '../subscriptions/participants.ts';
import { findLanName } from '../tournaments/bracket-play.repository.ts';
import {
  type FoodChoiceRow,
  type FoodItemRow,
  type FoodRoundRow,
  findFoodRound,
  insertFoodChoices,
  insertFoodItem,
  insertFoodRound,
  listFoodChoices,
  listFoodItems,
  listFoodRoundsOfLan,
  markFoodRoundArrived,
  markFoodRoundCancelled,
  removeFoodChoices,
  removeFoodItems,
  updateFoodChoice,
  updateFoodItem,
  updateFoodRound,
} from './food.repository.ts';
import {
  countFoodOrders,
  type FoodOrderLineRow,
  type FoodOrderRow,
  findFoodOrderers,
  findFoodOrdersOf,
  listFoodOrderLines,
} from './food-orders.repository.ts';

/** Food rounds (issue 54): opened, changed, cancelled and told arrived by lan administrators. */

export type FoodDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  publicUrl: URL;
  clock?: () => Date;
};

export const nowOf = (deps: FoodDeps) => deps.clock?.() ?? new Date();

/** Where a round stands by the server's clock. */
export function stateOf(round: FoodRoundRow, now: Date): FoodRoundState {
  if (round.cancelled_at !== null) return 'cancelled';
  return new Date(round.closes_at).getTime() <= now.getTime() ? 'closed' : 'open';
}

/** `19:30` on the community's clocks: when a round closes, as its 409 says it. */
export function clockTimeOf(moment: Date | string, timeZone: string): string {
  const { hour, minute } = wallClockOf(new Date(moment), timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The 409 of a change to a round that is no longer open. */
export function notOpen(round: FoodRoundRow, now: Date, timeZone: string): ProblemError | null {
  const state = stateOf(round, now);
  if (state === 'cancelled') return new ProblemError(409, 'The food round was cancelled.');
  if (state === 'closed')
    return new ProblemError(
      409,
      `The food round closed at ${clockTimeOf(round.closes_at, timeZone)}.`,
    );
  return null;
}

/** A round of a lan the viewer runs, or a 403 / 404. Locked in a transaction (PostgreSQL). */
export async function findManagedRound(
  db: Executor,
  viewer: Viewer,
  roundId: number,
  options: { isLocked?: boolean } = {},
): Promise<FoodRoundRow> {
  authorize(viewer, 'lans.manage');
  const round = await findFoodRound(db, roundId, options.isLocked ? { lock: 'update' } : {});
  if (!round) throw new ProblemError(404, `There is no food round ${roundId}.`);
  return round;
}

const fieldError = (field: string, message: string) =>
  new ProblemError(400, 'One or more fields are invalid.', { errors: { [field]: [message] } });

/** POST lans/{id}/food-rounds: a new round, open until its deadline (in the future). */
export async function openFoodRound(
  deps: FoodDeps,
  viewer: Viewer,
  lanId: number,
  input: FoodRoundInput,
): Promise<FoodRound> {
  const now = nowOf(deps);
  const closesAt = new Date(input.closesAt);
  const roundId = await deps.db.transaction().execute(async (trx) => {
    const lan = await findManagedLan(trx, viewer, lanId);
    if (closesAt.getTime() <= now.getTime()) throw fieldError('closesAt', 'Must be in the future');
    for (const [index, item] of input.items.entries())
      if (item.id !== undefined)
        throw fieldError(`items.${index}.id`, 'A new round has no items yet');
    const id = await insertFoodRound(
      trx,
      { lanId: lan.id, supplier: input.supplier, closesAt, maxPerPerson: input.maxPerPerson },
      now,
    );
    for (const [position, item] of input.items.entries())
      await insertFoodItem(trx, id, {
        name: item.name,
        priceCents: centsFromEuros(item.price),
        position,
        choices: item.choices.map((choice, index) => ({
          name: choice.name,
          priceCents: centsFromEuros(choice.price),
          position: index,
        })),
      });
    return id;
  });
  return readFoodRound(deps, roundId, viewer);
}

/**
 * PUT food-rounds/{id}: the supplier, the deadline (now or past: closes it now), the limit
 * and the menu of an open round. Items and choices with an id are changed, those without
 * are new, those left out go (an ordered one stays, off the menu, so its orders read as
 * placed). 409 once the round closed or was cancelled.
 */
export async function changeFoodRound(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
  input: FoodRoundInput,
): Promise<FoodRound> {
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const round = await findManagedRound(trx, viewer, roundId, { isLocked: true });
    const refusal = notOpen(round, now, deps.communityTimeZone);
    if (refusal) throw refusal;
    const requested = new Date(input.closesAt);
    const closesAt = requested.getTime() <= now.getTime() ? now : requested;
    const items = (await listFoodItems(trx, [round.id])).filter(
      (item) => !toBoolean(item.is_removed),
    );
    const choices = await listFoodChoices(
      trx,
      items.map((item) => item.id),
    );
    const itemIds = new Set(items.map((item) => item.id));
    for (const [index, item] of input.items.entries()) {
      if (item.id !== undefined && !itemIds.has(item.id))
        throw fieldError(`items.${index}.id`, 'Not an item of this round');
      const own = new Set(choices.filter((choice) => choice.item_id === item.id).map((c) => c.id));
      for (const [choiceIndex, choice] of item.choices.entries())
        if (choice.id !== undefined && !own.has(choice.id))
          throw fieldError(`items.${index}.choices.${choiceIndex}.id`, 'Not a choice of this item');
    }
    await updateFoodRound(trx, round.id, {
      supplier: input.supplier,
      closesAt,
      maxPerPerson: input.maxPerPerson,
    });
    const keptItems = new Set<number>();
    for (const [position, item] of input.items.entries()) {
      const newChoices = item.choices.flatMap((choice, index) =>
        choice.id === undefined
          ? [{ name: choice.name, priceCents: centsFromEuros(choice.price), position: index }]
          : [],
      );
      if (item.id === undefined) {
        await insertFoodItem(trx, round.id, {
          name: item.name,
          priceCents: centsFromEuros(item.price),
          position,
          choices: newChoices,
        });
        continue;
      }
      keptItems.add(item.id);
      await updateFoodItem(trx, item.id, {
        name: item.name,
        priceCents: centsFromEuros(item.price),
        position,
      });
      const keptChoices = new Set(
        item.choices.flatMap((choice) => (choice.id === undefined ? [] : [choice.id])),
      );
      await insertFoodChoices(trx, item.id, newChoices);
      for (const [index, choice] of item.choices.entries())
        if (choice.id !== undefined)
          await updateFoodChoice(trx, choice.id, {
            name: choice.name,
            priceCents: centsFromEuros(choice.price),
            position: index,
          });
      await removeFoodChoices(
        trx,
        choices
          .filter((choice) => choice.item_id === item.id && !keptChoices.has(choice.id))
          .map((choice) => choice.id),
      );
    }
    await removeFoodItems(
      trx,
      items.filter((item) => !keptItems.has(item.id)).map((item) => item.id),
    );
  });
  return readFoodRound(deps, roundId, viewer);
}

/** DELETE food-rounds/{id}: cancels an open round; each orderer is told. */
export async function cancelFoodRound(deps: FoodDeps, viewer: Viewer, roundId: number) {
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const round = await findManagedRound(trx, viewer, roundId, { isLocked: true });
    if (stateOf(round, now) === 'cancelled') return;
    await markFoodRoundCancelled(trx, round.id, now);
    await tellOrderers(trx, round, `The food round of ${round.supplier} was cancelled.`, now);
  });
}

/**
 * POST food-rounds/{id}/arrived: the food is here. Every orderer, and only they, gets a
 * notice (pushed where they allowed it); said again, it tells them again. 409 while the
 * round is open (close it first) or once cancelled. Answers the round and whom it told.
 */
export async function tellFoodArrived(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
  { toChat }: { toChat: boolean },
): Promise<{ round: FoodRoundRow; told: number }> {
  const now = nowOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const round = await findManagedRound(trx, viewer, roundId, { isLocked: true });
    const state = stateOf(round, now);
    if (state === 'cancelled') throw new ProblemError(409, 'The food round was cancelled.');
    if (state === 'open')
      throw new ProblemError(409, 'The food round is still open: close it before the food comes.');
    await markFoodRoundArrived(trx, round.id, now);
    const told = await tellOrderers(trx, round, `Your food from ${round.supplier} is here.`, now);
    if (toChat) {
      const { name } = await findLanName(trx, round.lan_id);
      await enqueueMessage(
        trx,
        {
          channel: 'chat',
          dedupeKey: `food-round:${round.id}:arrived:${now.toISOString()}`,
          payload: foodArrivedChatMessage({
            lan: { id: round.lan_id, name },
            supplier: round.supplier,
            publicUrl: deps.publicUrl,
          }),
        },
        now,
      );
    }
    return { round, told };
  });
}

async function tellOrderers(trx: Executor, round: FoodRoundRow, text: string, now: Date) {
  const orderers = await findFoodOrderers(trx, round.id);
  await insertNotices(
    trx,
    orderers.map((userId) => ({
      userId,
      kind: 'food' as const,
      text,
      link: `/lans/${round.lan_id}`,
    })),
    now,
  );
  return orderers.length;
}

/** The menus, ids kept: a round's items on the menu, each with its choices. */
function menuOf(items: readonly FoodItemRow[], choices: readonly FoodChoiceRow[]) {
  return items
    .filter((item) => !toBoolean(item.is_removed))
    .map((item) => ({
      id: item.id,
      name: item.name,
      price: eurosFromCents(item.price_cents),
      choices: choices
        .filter((choice) => choice.item_id === item.id && !toBoolean(choice.is_removed))
        .map((choice) => ({
          id: choice.id,
          name: choice.name,
          price: eurosFromCents(choice.price_cents),
        })),
    }));
}

/** An order as its person reads it: each line named as it was ordered, with its amount. */
export function presentFoodOrder(
  order: FoodOrderRow,
  lines: readonly FoodOrderLineRow[],
  items: ReadonlyMap<number, FoodItemRow>,
  choices: ReadonlyMap<number, FoodChoiceRow>,
  timeZone: string,
): FoodOrder {
  return {
    id: order.id,
    lines: presentLines(lines, items, choices),
    total: eurosFromCents(order.total_cents),
    paid: toBoolean(order.is_paid),
    updatedAt: toZonedIsoTimestamp(order.modification_date, timeZone),
  };
}

export function presentLines(
  lines: readonly FoodOrderLineRow[],
  items: ReadonlyMap<number, FoodItemRow>,
  choices: ReadonlyMap<number, FoodChoiceRow>,
) {
  return lines.map((line) => ({
    itemId: line.item_id,
    name: items.get(line.item_id)?.name ?? 'Item',
    quantity: line.quantity,
    choices: line.choice_ids.map((id) => ({ id, name: choices.get(id)?.name ?? 'Choice' })),
    note: line.note,
    unitPrice: eurosFromCents(line.unit_price_cents),
    amount: eurosFromCents(line.unit_price_cents * line.quantity),
  }));
}

/** Rounds as the API gives them, with the viewer's own orders. */
export async function presentFoodRounds(
  db: Executor,
  rounds: readonly FoodRoundRow[],
  viewerId: number | null,
  now: Date,
  timeZone: string,
): Promise<FoodRound[]> {
  const roundIds = rounds.map((round) => round.id);
  const items = await listFoodItems(db, roundIds);
  const choices = await listFoodChoices(
    db,
    items.map((item) => item.id),
  );
  const counts = await countFoodOrders(db, roundIds);
  const own = viewerId === null ? [] : await findFoodOrdersOf(db, roundIds, viewerId);
  const lines = await listFoodOrderLines(
    db,
    own.map((order) => order.id),
  );
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const choicesById = new Map(choices.map((choice) => [choice.id, choice]));
  return rounds.map((round) => {
    const order = own.find((each) => each.round_id === round.id);
    return {
      id: round.id,
      lanId: round.lan_id,
      supplier: round.supplier,
      closesAt: toZonedIsoTimestamp(round.closes_at, timeZone),
      state: stateOf(round, now),
      maxPerPerson: round.max_per_person,
      arrivedAt: round.arrived_at === null ? null : toZonedIsoTimestamp(round.arrived_at, timeZone),
      items: menuOf(
        items.filter((item) => item.round_id === round.id),
        choices,
      ),
      orderCount: counts.get(round.id) ?? 0,
      myOrder: order
        ? presentFoodOrder(
            order,
            lines.filter((line) => line.order_id === order.id),
            itemsById,
            choicesById,
            timeZone,
          )
        : null,
    };
  });
}

/** One round as the API gives it to the viewer. */
export async function readFoodRound(
  deps: FoodDeps,
  roundId: number,
  viewer: Viewer,
): Promise<FoodRound> {
  const round = await findFoodRound(deps.db, roundId);
  if (!round) throw new ProblemError(404, `There is no food round ${roundId}.`);
  const [presented] = await presentFoodRounds(
    deps.db,
    [round],
    viewer.user.id,
    nowOf(deps),
    deps.communityTimeZone,
  );
  if (!presented) throw new Error('A food round went missing');
  return presented;
}

/** GET lans/{id}/food-rounds: the lan's rounds, newest deadline first, with the viewer's orders. */
export async function listFoodRounds(
  deps: FoodDeps,
  viewer: Viewer | null,
  lanId: number,
): Promise<FoodRound[]> {
  await findVisibleLan(deps.db, viewer, lanId);
  const rounds = await listFoodRoundsOfLan(deps.db, lanId);
  return presentFoodRounds(
    deps.db,
    rounds,
    viewer?.user.id ?? null,
    nowOf(deps),
    deps.communityTimeZone,
  );
}
