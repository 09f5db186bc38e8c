import { describe, expect, it } from 'vitest';
import { formatEuros } from './money.ts';

describe('formatEuros', () => {
  it('writes cents as euros with the sign and two decimals', () => {
    expect(formatEuros(3000)).toBe('€30.00');
    expect(formatEuros(2250)).toBe('€22.50');
    expect(formatEuros(1)).toBe('€0.01');
    expect(formatEuros(0)).toBe('€0.00');
  });

  it('groups no thousands, as the mails and the CSV always wrote them', () => {
    expect(formatEuros(123_456_750)).toBe('€1234567.50');
    expect(formatEuros(123_456_750, { symbol: false, decimalMark: ',' })).toBe('1234567,50');
  });

  it('writes the bare number with a decimal point or a decimal comma', () => {
    expect(formatEuros(2750, { symbol: false })).toBe('27.50');
    expect(formatEuros(2750, { symbol: false, decimalMark: ',' })).toBe('27,50');
    expect(formatEuros(0, { symbol: false, decimalMark: ',' })).toBe('0,00');
  });

  it('puts a minus before a negative amount and none before zero', () => {
    expect(formatEuros(-725, { symbol: false })).toBe('-7.25');
    expect(formatEuros(-725, { symbol: false, decimalMark: ',' })).toBe('-7,25');
    expect(formatEuros(-725)).toBe('-€7.25');
    expect(formatEuros(-0)).toBe('€0.00');
  });

  it('rounds a fraction of a cent to the nearest cent', () => {
    expect(formatEuros(2749.6, { symbol: false })).toBe('27.50');
    expect(formatEuros(2750.4)).toBe('€27.50');
  });
});
