import type { FoodOrder, FoodOrderInput, FoodRoundOrders } from '@lanparty/contract';
import { eurosFromCents, isPlaceTaking } from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findSubscriberOf } from '../subscriptions/subscribers.repository.ts';
import {
  type FoodRoundRow,
  findFoodRound,
  listFoodChoices,
  listFoodItems,
} from './food.repository.ts';
import {
  deleteFoodOrderOf,
  findFoodOrder,
  listFoodOrderLines,
  listFoodOrdersOfRound,
  type NewFoodOrderLine,
  replaceFoodOrder,
  setFoodOrderPaid,
} from './food-orders.repository.ts';
import {
  type FoodDeps,
  findManagedRound,
  notOpen,
  nowOf,
  presentFoodOrder,
  presentLines,
} from './food-rounds.ts';

/** Food orders (issue 54 §2–3): a participant's own order, and the organiser's view of all. */

const invalid = (errors: Record<string, string[]>) =>
  new ProblemError(400, 'One or more fields are invalid.', { errors });

/**
 * The round of an order, in a transaction, locked on PostgreSQL: shared with the other
 * orders, so half the hall orders at once, while a change of the round's deadline waits for
 * them (and they for it): an order is checked against the deadline that holds when it is
 * written. The person's place at the lan is locked too: their own orders one at a time.
 * 404 without it; 403 for anyone who is not a participant (Accepted or Paid) of its lan;
 * 409 once it closed (by the server's clock) or was cancelled.
 */
async function roundToOrderIn(
  trx: Parameters<typeof findFoodRound>[0],
  viewer: Viewer,
  roundId: number,
  deps: FoodDeps,
  now: Date,
): Promise<FoodRoundRow> {
  const round = await findFoodRound(trx, roundId, { lock: 'share' });
  if (!round) throw new ProblemError(404, `There is no food round ${roundId}.`);
  const place = await findSubscriberOf(trx, round.lan_id, viewer.user.id, { isLocked: true });
  authorize(viewer, 'food.order', place !== undefined && isPlaceTaking(place.status));
  const refusal = notOpen(round, now, deps.communityTimeZone);
  if (refusal) throw refusal;
  return round;
}

/**
 * PUT food-rounds/{id}/my-order: the viewer's whole order, in place of what they had. Each
 * line an item on the round's menu with choices of that item (none twice); at most the
 * round's limit of items in all. Priced as the menu stands now, kept as ordered. Nothing is
 * written when any line is wrong.
 */
export async function placeOwnFoodOrder(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
  input: FoodOrderInput,
): Promise<FoodOrder> {
  const now = nowOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const round = await roundToOrderIn(trx, viewer, roundId, deps, now);
    const items = (await listFoodItems(trx, [round.id])).filter(
      (item) => !toBoolean(item.is_removed),
    );
    const choices = (
      await listFoodChoices(
        trx,
        items.map((item) => item.id),
      )
    ).filter((choice) => !toBoolean(choice.is_removed));
    const itemsById = new Map(items.map((item) => [item.id, item]));
    const errors: Record<string, string[]> = {};
    const lines: NewFoodOrderLine[] = [];
    for (const [index, line] of input.lines.entries()) {
      const item = itemsById.get(line.itemId);
      if (!item) {
        errors[`lines.${index}.itemId`] = ['Not on the menu of this round'];
        continue;
      }
      const own = new Map(
        choices.filter((choice) => choice.item_id === item.id).map((choice) => [choice.id, choice]),
      );
      const picked = line.choiceIds.map((id) => own.get(id));
      if (picked.some((choice) => choice === undefined)) {
        errors[`lines.${index}.choiceIds`] = [`Not a choice of ${item.name}`];
        continue;
      }
      if (new Set(line.choiceIds).size !== line.choiceIds.length) {
        errors[`lines.${index}.choiceIds`] = ['A choice at most once'];
        continue;
      }
      lines.push({
        itemId: item.id,
        quantity: line.quantity,
        note: line.note,
        choiceIds: [...line.choiceIds].sort((a, b) => a - b),
        unitPriceCents:
          item.price_cents + picked.reduce((sum, choice) => sum + (choice?.price_cents ?? 0), 0),
      });
    }
    const count = input.lines.reduce((sum, line) => sum + line.quantity, 0);
    if (round.max_per_person !== null && count > round.max_per_person)
      errors.lines = [
        `At most ${round.max_per_person} ${round.max_per_person === 1 ? 'item' : 'items'} a person in this round`,
      ];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const written = await replaceFoodOrder(
      trx,
      { roundId: round.id, userId: viewer.user.id, lines, totalCents },
      now,
    );
    return presentFoodOrder(
      written.order,
      written.lines,
      new Map(items.map((item) => [item.id, item])),
      new Map(choices.map((choice) => [choice.id, choice])),
      deps.communityTimeZone,
    );
  });
}

/** DELETE food-rounds/{id}/my-order: the viewer orders nothing after all (until the deadline). */
export async function withdrawOwnFoodOrder(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const round = await roundToOrderIn(trx, viewer, roundId, deps, now);
    if (!(await deleteFoodOrderOf(trx, round.id, viewer.user.id)))
      throw new ProblemError(404, 'You have no order in this round.');
  });
}

/**
 * GET food-rounds/{id}/orders: every order with who placed it and where they sit, and what
 * to tell the supplier: each item with the same choices counted together (in menu order),
 * the whole amount, what was paid and what is still to pay. Lan administrators.
 */
export async function listFoodRoundOrders(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
): Promise<FoodRoundOrders & { round: FoodRoundRow }> {
  const round = await findManagedRound(deps.db, viewer, roundId);
  const orders = await listFoodOrdersOfRound(deps.db, round);
  const lines = await listFoodOrderLines(
    deps.db,
    orders.map((order) => order.id),
  );
  const items = await listFoodItems(deps.db, [round.id]);
  const choices = await listFoodChoices(
    deps.db,
    items.map((item) => item.id),
  );
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const choicesById = new Map(choices.map((choice) => [choice.id, choice]));

  const groups = new Map<
    string,
    { itemId: number; choiceIds: number[]; quantity: number; cents: number }
  >();
  for (const line of lines) {
    const key = `${line.item_id}:${line.choice_ids.join(',')}`;
    const group = groups.get(key) ?? {
      itemId: line.item_id,
      choiceIds: line.choice_ids,
      quantity: 0,
      cents: 0,
    };
    group.quantity += line.quantity;
    group.cents += line.unit_price_cents * line.quantity;
    groups.set(key, group);
  }
  const position = (itemId: number) => itemsById.get(itemId)?.position ?? 0;
  const totalCents = orders.reduce((sum, order) => sum + order.total_cents, 0);
  const paidCents = orders
    .filter((order) => toBoolean(order.is_paid))
    .reduce((sum, order) => sum + order.total_cents, 0);
  return {
    round,
    orders: orders.map((order) => ({
      orderId: order.id,
      userId: order.user_id,
      nickname: order.nickname,
      seat: order.seat,
      lines: presentLines(
        lines.filter((line) => line.order_id === order.id),
        itemsById,
        choicesById,
      ),
      total: eurosFromCents(order.total_cents),
      paid: toBoolean(order.is_paid),
    })),
    totals: {
      items: [...groups.values()]
        .sort(
          (a, b) =>
            position(a.itemId) - position(b.itemId) ||
            a.itemId - b.itemId ||
            a.choiceIds.join(',').localeCompare(b.choiceIds.join(',')),
        )
        .map((group) => ({
          itemId: group.itemId,
          name: itemsById.get(group.itemId)?.name ?? 'Item',
          choices: group.choiceIds.map((id) => choicesById.get(id)?.name ?? 'Choice'),
          quantity: group.quantity,
          amount: eurosFromCents(group.cents),
        })),
      amount: eurosFromCents(totalCents),
      paid: eurosFromCents(paidCents),
      outstanding: eurosFromCents(totalCents - paidCents),
    },
  };
}

/** PUT food-rounds/{id}/orders/{orderId}/paid: the organiser took the money, or not. */
export async function markFoodOrderPaid(
  deps: FoodDeps,
  viewer: Viewer,
  roundId: number,
  orderId: number,
  paid: boolean,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const round = await findManagedRound(trx, viewer, roundId, { isLocked: true });
    const order = await findFoodOrder(trx, orderId);
    if (!order || order.round_id !== round.id)
      throw new ProblemError(404, `There is no order ${orderId} in this round.`);
    await setFoodOrderPaid(trx, order.id, paid);
  });
}
