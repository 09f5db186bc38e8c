import { describe, expect, it } from 'vitest';
import { formatEuros } from './format-money.ts';
import { formatDecimal } from './format-number.ts';

// The formats the site used to ask Intl for, and must still write the same.
const intlEuros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
const intlDecimals = (digits: number) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits });

/** Values where rounding, grouping and signs can go wrong, and a spread of ordinary ones. */
function awkwardValues(): number[] {
  const values = [0, -0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.005, 0.015, 1.005, 2.675, 999.95, 999.995];
  values.push(
    1e-7,
    5.1e-7,
    0.95,
    9.95,
    99.5,
    1e6,
    1234567.891,
    1e15 + 0.3,
    2 ** 53,
    1e21,
    1.5e22,
    -1e21,
    0.0001,
    -0.004,
  );
  values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
  for (let index = 0; index < 2000; index += 1) {
    // A fixed walk, not Math.random: a failure shows the same value each run.
    const cents = (index * 7919) % 1_000_003;
    values.push(cents / 100, -cents / 100, cents / 1000 + 0.0005, (index * 104729) / 3600);
  }
  return values;
}

describe('formatDecimal', () => {
  it('writes what Intl writes in English with at most 0, 1 or 2 decimals', () => {
    for (const digits of [0, 1, 2]) {
      const intl = intlDecimals(digits);
      for (const value of awkwardValues()) {
        expect([value, formatDecimal(value, digits)]).toEqual([value, intl.format(value)]);
      }
    }
  });

  it('keeps the zeros of the decimals when asked', () => {
    expect(formatDecimal(1250, 2, true)).toBe('1,250.00');
    expect(formatDecimal(0.1, 2, true)).toBe('0.10');
    expect(formatDecimal(0.1, 2)).toBe('0.1');
  });
});

describe('formatEuros', () => {
  it('writes euros with the sign and two decimals', () => {
    expect(formatEuros(25)).toBe('€25.00');
    expect(formatEuros(27.5)).toBe('€27.50');
    expect(formatEuros(1250)).toBe('€1,250.00');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(-12.5)).toBe('-€12.50');
  });

  it('writes what Intl writes for euros in English', () => {
    for (const value of awkwardValues()) {
      expect([value, formatEuros(value)]).toEqual([value, intlEuros.format(value)]);
    }
  });
});
