let euroFormat: Intl.NumberFormat | undefined;

/**
 * The web's one way to write money: an amount in euros with the euro sign, the cents and
 * the thousands grouped, as prices read on the site (`€25.00`, `€1,250.00`, `-€12.50`).
 * Intl's currency format, made on the first amount written, not as the app starts
 * (decision 031: the first one costs Chromium 37–61 ms).
 */
export function formatEuros(amount: number): string {
  euroFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
  return euroFormat.format(amount);
}
