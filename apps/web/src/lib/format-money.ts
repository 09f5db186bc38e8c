import { formatDecimal } from './format-number.ts';

/** An amount in euros with the euro sign and cents, as prices read on the site: `€25.00`. */
export function formatEuros(amount: number): string {
  const text = formatDecimal(amount, 2, true);
  return text.startsWith('-') ? `-€${text.slice(1)}` : `€${text}`;
}
