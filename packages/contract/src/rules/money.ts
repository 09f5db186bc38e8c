/*
 * Money, the one module of it (decision 036, issue 52). Inside the house an amount is whole
 * cents, an integer: the database's `…_cents` columns, sums, what a mail or the CSV writes.
 * The API carries euros (`27.5`), so a request's euros become cents once, as they come in
 * (`centsFromEuros`), and cents become euros once, as an answer goes out (`eurosFromCents`).
 * The web reads euros from the API and writes them through the same formatter. Nothing else
 * multiplies or divides money by 100, or formats it: the money architecture test fails on it.
 */

/** How the point between euros and cents is written: `.` in English, `,` in Dutch. */
export type DecimalMark = '.' | ',';

export type MoneyFormat = {
  /** `€30.00` with the sign (the default), or the bare number `30.00` a spreadsheet reads. */
  symbol?: boolean;
  /** `.` (the default) or `,`, as a Dutch spreadsheet reads `27,50`. */
  decimalMark?: DecimalMark;
  /**
   * Thousands grouped, `€1,250.00`, as the site shows prices (the default); or not,
   * `€1250.00`, as the mails, the door's problems, the data export and the CSV write them.
   */
  grouping?: boolean;
};

/**
 * Euros as whole cents, rounded half away from zero from the amount as it is written
 * (`2.675` is 268 cents, though `2.675 * 100` is 267.49999999999997 in binary floating point).
 */
export function centsFromEuros(euros: number): number {
  if (!Number.isFinite(euros)) return euros;
  const [digits, exponent = '0'] = String(Math.abs(euros)).split('e');
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  return euros < 0 && cents !== 0 ? -cents : cents;
}

/** Cents as the API's euros: 2750 is 27.5. */
export function eurosFromCents(cents: number): number {
  return cents / 100;
}

/** True when an amount of euros has no fraction of a cent. */
export function hasWholeCents(euros: number): boolean {
  return eurosFromCents(centsFromEuros(euros)) === euros;
}

// Made on the first amount written, never as a module loads: the first Intl.NumberFormat
// costs Chromium 37–61 ms (decision 031), and a page without money never pays it.
const euroFormats = new Map<boolean, Intl.NumberFormat>();

function euroFormat(grouping: boolean): Intl.NumberFormat {
  let format = euroFormats.get(grouping);
  if (!format) {
    // The community's money as the site has always shown it: `€12.50`, `-€7.25`.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'EUR',
      useGrouping: grouping,
      signDisplay: 'negative',
    });
    euroFormats.set(grouping, format);
  }
  return format;
}

/**
 * The one way to write money: whole cents as euros with two decimals, built on Intl's
 * currency format (`€1,250.00`, `-€12.50`; a fraction of a cent is rounded to the nearest
 * cent, and no minus stands before zero). Options write it without the sign, with a decimal
 * comma, or without grouping the thousands (`MoneyFormat`).
 */
export function formatEuros(
  cents: number,
  { symbol = true, decimalMark = '.', grouping = true }: MoneyFormat = {},
): string {
  return euroFormat(grouping)
    .formatToParts(eurosFromCents(cents))
    .map(({ type, value }) => {
      if (type === 'currency') return symbol ? value : '';
      if (type === 'decimal') return decimalMark;
      if (type === 'group') return decimalMark === ',' ? '.' : ',';
      return value;
    })
    .join('');
}
