const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

/** An amount in euros with the euro sign and cents, as prices read on the site: `€25.00`. */
export function formatEuros(amount: number): string {
  return euro.format(amount);
}
