/**
 * The input of an amount in euros, as the contract's `moneySchema` takes it: not below
 * zero, to the cent. A phone shows its keypad with a decimal point. Spread into a
 * FormField, registered with `valueAsNumber`.
 */
export const moneyInput = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  step: 0.01,
} as const;
