/**
 * Food rounds (issue 54): a lan's order round with a supplier, a menu and a deadline on the
 * community's clock. The limits keep a round to what one phone call to a pizzeria holds.
 */
export const foodLimits = {
  supplierMaxLength: 80,
  itemNameMaxLength: 80,
  choiceNameMaxLength: 60,
  /** Items on one round's menu. */
  itemsPerRound: 60,
  /** Choices (a size, an extra topping) of one item. */
  choicesPerItem: 20,
  /** The most one item may cost, in euros; a choice likewise. */
  maximumPrice: 500,
  /** Lines of one order, and the quantity of one line. */
  linesPerOrder: 30,
  maximumQuantity: 20,
  noteMaxLength: 140,
  /** The highest limit of items a person may order in a round. */
  maximumPerPerson: 50,
} as const;

/**
 * Where a round stands: `open` until its deadline, `closed` from then (by the server's
 * clock), `cancelled` once a lan administrator called it off.
 */
export const foodRoundStates = ['open', 'closed', 'cancelled'] as const;
export type FoodRoundState = (typeof foodRoundStates)[number];
