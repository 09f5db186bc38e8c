import type { FoodItem } from '@lanparty/contract';
import { centsFromEuros, formatEuros } from '@lanparty/contract/rules';

/** A line of an order being made: an item, how many, its choices and a note. */
export type DraftLine = {
  key: number;
  itemId: number;
  quantity: number;
  choiceIds: number[];
  note: string;
};

/** One of an item with the chosen choices, in cents, as the server prices it. */
export function unitCents(item: FoodItem, choiceIds: readonly number[]): number {
  return item.choices
    .filter((choice) => choiceIds.includes(choice.id))
    .reduce((cents, choice) => cents + centsFromEuros(choice.price), centsFromEuros(item.price));
}

/** The whole of the lines, in cents; a line of an item no longer on the menu counts nothing. */
export function totalCents(items: readonly FoodItem[], lines: readonly DraftLine[]): number {
  return lines.reduce((cents, line) => {
    const item = items.find((each) => each.id === line.itemId);
    return item ? cents + unitCents(item, line.choiceIds) * line.quantity : cents;
  }, 0);
}

/** `€12.50`, as the site writes money. */
export const euros = (amount: number) => formatEuros(centsFromEuros(amount));

/** The same of an amount in cents. */
export const eurosOfCents = (cents: number) => formatEuros(cents);
