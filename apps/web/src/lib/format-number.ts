/*
 * Numbers as the site writes them, in English: a comma between thousands, a point before
 * the decimals, rounded half away from zero as Intl rounds (the number's shortest decimal
 * form, so 0.015 to two decimals is 0.02). Each format is made on the first number it
 * writes, not as the app starts: the first `Intl.NumberFormat` a page makes costs Chromium
 * 37–61 ms while its number data are set up (decision 031).
 */
const formats: (Intl.NumberFormat | undefined)[] = [];

/** `value` with at most `fractionDigits` decimals, the thousands grouped: `1,234.5`. */
export function formatDecimal(value: number, fractionDigits: number): string {
  let format = formats[fractionDigits];
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: fractionDigits });
    formats[fractionDigits] = format;
  }
  return format.format(value);
}
