/*
 * Numbers as the site writes them (English: a comma between thousands, a point before
 * decimals), without `Intl.NumberFormat`: the first one a page makes costs Chromium
 * 40–60 ms on this machine (its number data set up), 150–240 ms at a phone's speed, and
 * the money format was made as the app's script started, before the first paint.
 * format-number.test.ts holds these to Intl's own answers.
 */

/** The digits of a number's shortest decimal form (what `String` writes), point apart. */
function decimalDigits(size: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponentText] = String(size).split('e');
  const [head = '0', tail = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0);
  const digits = head + tail;
  const point = head.length + exponent;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length)
    return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** A string of digits plus one (`'199'` → `'200'`, `'99'` → `'100'`). */
function addOne(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return (
    digits.slice(0, index) +
    String(Number(digits[index]) + 1) +
    '0'.repeat(digits.length - index - 1)
  );
}

/** Commas between the thousands of a string of digits. */
function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? part : `${part},${grouped}`;
  }
  return grouped;
}

/**
 * `value` rounded half away from zero to `fractionDigits` decimals, the thousands grouped,
 * the decimals' trailing zeros dropped unless `keepZeros`. As Intl does, it rounds the
 * number's shortest decimal form (0.015 is written 0.015, so it rounds up to 0.02 though
 * the double is a hair below), and a value below zero that rounds to zero keeps its minus.
 */
export function formatDecimal(value: number, fractionDigits: number, keepZeros = false): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const { whole, fraction } = decimalDigits(Math.abs(value));
  let kept = whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if ((fraction[fractionDigits] ?? '0') >= '5') kept = addOne(kept);
  const wholeDigits = kept.slice(0, kept.length - fractionDigits).replace(/^0+(?=\d)/, '') || '0';
  const decimals = kept.slice(kept.length - fractionDigits);
  const shown = keepZeros ? decimals : decimals.replace(/0+$/, '');
  return `${sign}${groupThousands(wholeDigits)}${shown ? `.${shown}` : ''}`;
}
