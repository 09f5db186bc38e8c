/*
 * Numbers as the site writes them (English: a comma between thousands, a point before
 * decimals), without `Intl.NumberFormat`: the first one a page makes costs Chromium
 * 40–60 ms on this machine (its number data set up), 150–240 ms at a phone's speed, and
 * the money format was made as the app's script started, before the first paint.
 * format-number.test.ts holds these to Intl's own answers.
 */

/**
 * `value` rounded half away from zero to `fractionDigits` decimals, the thousands grouped,
 * the decimals' trailing zeros dropped unless `keepZeros`. As Intl does, it rounds the
 * number's shortest decimal form (0.015 is written 0.015, so it rounds up to 0.02 though
 * the double is a hair below), and a value below zero that rounds to zero keeps its minus.
 */
export function formatDecimal(value: number, fractionDigits: number, keepZeros = false): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [head = '', tail = ''] = mantissa.split('.');
  // The digits as a whole number of the last decimal kept, and the first digit dropped.
  const point = head.length + Number(exponent) + fractionDigits;
  const digits = (head + tail).padEnd(point + 1, '0');
  const units =
    BigInt(point > 0 ? digits.slice(0, point) : '0') + ((digits[point] ?? '0') >= '5' ? 1n : 0n);
  const text = units.toString().padStart(fractionDigits + 1, '0');
  const whole = text.slice(0, text.length - fractionDigits).replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = text.slice(text.length - fractionDigits);
  const shown = keepZeros ? decimals : decimals.replace(/0+$/, '');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${whole}${shown ? `.${shown}` : ''}`;
}
