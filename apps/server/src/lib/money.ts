/** How the point between euros and cents is written: `.` in English, `,` in Dutch. */
export type DecimalMark = '.' | ',';

export type EuroFormat = {
  /** `€30.00` with the sign (the default), or the bare number `30.00` a spreadsheet reads. */
  symbol?: boolean;
  /** `.` (the default) or `,`, as a Dutch spreadsheet reads `27,50`. */
  decimalMark?: DecimalMark;
};

let euroFormat: Intl.NumberFormat | undefined;

/**
 * The server's one way to write money: integer cents as euros with two decimals, no
 * thousands separator (`€1234.50`, as the mails, the door's problems and the CSV always
 * wrote it). Built on Intl's currency format, made on the first amount written, not as the
 * server starts. A negative amount is `-€7.25` with the sign, `-7.25` bare.
 */
export function formatEuros(cents: number, { symbol = true, decimalMark = '.' }: EuroFormat = {}) {
  euroFormat ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: false,
    signDisplay: 'negative',
  });
  return euroFormat
    .formatToParts(cents / 100)
    .map(({ type, value }) => {
      if (type === 'currency') return symbol ? value : '';
      if (type === 'decimal') return decimalMark;
      return value;
    })
    .join('');
}
