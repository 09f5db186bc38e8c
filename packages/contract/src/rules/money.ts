/*
 * Money, the one module of it (decision 036, issue 52). Inside the house an amount is whole
 * cents, an integer: the database's `…_cents` columns, sums, what a mail or the CSV writes.
 * The API carries euros (`27.5`), so a request's euros become cents once, as they come in
 * (`centsFromEuros`), and cents become euros once, as an answer goes out (`eurosFromCents`).
 * The web reads euros from the API and writes them through the same formatter. Nothing else
 * multiplies or divides money by 100, or formats it: the money architecture test fails on it.
 */

/**
 * Euros as whole cents, rounded half away from zero from the amount as it is written
 * (`2.675` is 268 cents, though `2.675 * 100` is 267.49999999999997 in binary floating
 * point: 15 significant digits give back the written amount).
 */
export function centsFromEuros(euros: number): number {
  return Math.sign(euros) * Math.round(Number((Math.abs(euros) * 100).toPrecision(15)));
}

/** Cents as the API's euros: 2750 is 27.5. */
export function eurosFromCents(cents: number): number {
  return cents / 100;
}

/**
 * How an amount is written: a locale and Intl's options for it. `formatEuros` makes each
 * format's Intl.NumberFormat on the first amount it writes and keeps it here (`made`),
 * never as a module loads: the first one costs Chromium 37–61 ms (decision 031), and a page
 * without money never pays it.
 */
export type MoneyFormat = {
  readonly locale: string;
  readonly options: Readonly<Intl.NumberFormatOptions>;
  made?: Intl.NumberFormat;
};

/** The site's: `€1,250.00`, `-€12.50` (the default). */
export const siteMoney: MoneyFormat = {
  locale: 'en-US',
  options: { style: 'currency', currency: 'EUR' },
};

/** The mails', the door's problems' and the data export's: `€1250.00`, as they always wrote it. */
export const textMoney: MoneyFormat = {
  locale: 'en-US',
  options: { style: 'currency', currency: 'EUR', useGrouping: false },
};

/**
 * The CSV's numbers (decision 036), by the decimal mark of its dialect: `1250.00` for the
 * comma dialect, `1250,00` for the semicolon one, as a Dutch spreadsheet reads a number.
 * (Two decimals at least, and no more: `formatEuros` rounds to the cent first.)
 */
export const spreadsheetMoney: Record<'.' | ',', MoneyFormat> = {
  '.': { locale: 'en-US', options: { minimumFractionDigits: 2, useGrouping: false } },
  ',': { locale: 'nl-NL', options: { minimumFractionDigits: 2, useGrouping: false } },
};

/**
 * The one way to write money: whole cents as euros with two decimals through Intl's
 * number format, the site's unless another `MoneyFormat` is given. A fraction of a cent is
 * rounded to the nearest cent first (half up), and no minus stands before zero.
 */
export function formatEuros(cents: number, format: MoneyFormat = siteMoney): string {
  format.made ??= new Intl.NumberFormat(format.locale, format.options);
  return format.made.format(Math.round(cents) / 100 || 0);
}
