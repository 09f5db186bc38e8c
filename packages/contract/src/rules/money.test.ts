import { describe, expect, it } from 'vitest';
import { hasWholeCents } from '../schemas/common.ts';
import { importCountingNumberFormats } from '../testing/number-formats.ts';
import {
  centsFromEuros,
  eurosFromCents,
  formatEuros,
  spreadsheetMoney,
  textMoney,
} from './money.ts';

describe('centsFromEuros and eurosFromCents', () => {
  it('turns the API’s euros into whole cents and back', () => {
    expect(centsFromEuros(27.5)).toBe(2750);
    expect(centsFromEuros(0)).toBe(0);
    expect(centsFromEuros(1250)).toBe(125_000);
    expect(eurosFromCents(2750)).toBe(27.5);
    expect(eurosFromCents(1)).toBe(0.01);
    for (const euros of [0.01, 0.1, 0.29, 19.99, 1.15, 4.35, 1234.56, 9999.99]) {
      expect(eurosFromCents(centsFromEuros(euros))).toBe(euros);
    }
  });

  it('rounds half away from zero from the amount as it is written', () => {
    // 19.99 * 100 is 1998.9999999999998 and 2.675 * 100 is 267.49999999999997.
    expect(centsFromEuros(19.99)).toBe(1999);
    expect(centsFromEuros(2.675)).toBe(268);
    expect(centsFromEuros(0.015)).toBe(2);
    expect(centsFromEuros(-0.125)).toBe(-13);
    expect(centsFromEuros(-7.25)).toBe(-725);
    expect(centsFromEuros(1e-7)).toBe(0);
    expect(Math.abs(centsFromEuros(-0.001))).toBe(0);
  });

  it('knows an amount without a fraction of a cent', () => {
    expect(hasWholeCents(19.99)).toBe(true);
    expect(hasWholeCents(30)).toBe(true);
    expect(hasWholeCents(1.005)).toBe(false);
    expect(hasWholeCents(0.001)).toBe(false);
    expect(hasWholeCents(1e-7)).toBe(false);
  });
});

describe('formatEuros', () => {
  it('writes cents as euros with the sign and two decimals', () => {
    expect(formatEuros(3000)).toBe('€30.00');
    expect(formatEuros(2250)).toBe('€22.50');
    expect(formatEuros(1)).toBe('€0.01');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(50)).toBe('€0.50');
  });

  it('groups the thousands, as the site shows prices', () => {
    expect(formatEuros(125_000)).toBe('€1,250.00');
    expect(formatEuros(centsFromEuros(1234567.891))).toBe('€1,234,567.89');
  });

  it('groups no thousands in text, as the mails and the CSV always wrote them', () => {
    expect(formatEuros(123_456_750, textMoney)).toBe('€1234567.50');
    expect(formatEuros(3000, textMoney)).toBe('€30.00');
    expect(formatEuros(123_456_750, spreadsheetMoney[','])).toBe('1234567,50');
  });

  it('writes the bare number with a decimal point or a decimal comma', () => {
    expect(formatEuros(2750, spreadsheetMoney['.'])).toBe('27.50');
    expect(formatEuros(2750, spreadsheetMoney[','])).toBe('27,50');
    expect(formatEuros(0, spreadsheetMoney[','])).toBe('0,00');
    expect(formatEuros(123_456_750, spreadsheetMoney['.'])).toBe('1234567.50');
  });

  it('puts a minus before a negative amount and none before zero', () => {
    expect(formatEuros(-725, spreadsheetMoney['.'])).toBe('-7.25');
    expect(formatEuros(-725, spreadsheetMoney[','])).toBe('-7,25');
    expect(formatEuros(-725)).toBe('-€7.25');
    expect(formatEuros(-725, textMoney)).toBe('-€7.25');
    expect(formatEuros(-1250)).toBe('-€12.50');
    expect(formatEuros(-0)).toBe('€0.00');
    expect(formatEuros(-0.4, spreadsheetMoney['.'])).toBe('0.00');
  });

  it('rounds a fraction of a cent to the nearest cent', () => {
    expect(formatEuros(2749.6, spreadsheetMoney['.'])).toBe('27.50');
    expect(formatEuros(2750.4)).toBe('€27.50');
  });

  it('writes the API’s euros rounded half away from zero from the amount as it is written', () => {
    expect(formatEuros(centsFromEuros(0.015))).toBe('€0.02');
    expect(formatEuros(centsFromEuros(2.675))).toBe('€2.68');
    expect(formatEuros(centsFromEuros(999.995))).toBe('€1,000.00');
    expect(formatEuros(centsFromEuros(-0.125))).toBe('-€0.13');
  });

  it('makes its format on the first amount written, not when it is imported', async () => {
    // The first Intl.NumberFormat costs Chromium 37–61 ms: never before the first paint.
    const { module: money, made } = await importCountingNumberFormats(() => import('./money.ts'));
    expect(made).not.toHaveBeenCalled();
    expect([money.formatEuros(3000), money.formatEuros(2000)]).toEqual(['€30.00', '€20.00']);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
