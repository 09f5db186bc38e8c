import { importCountingNumberFormats } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from './format-number.ts';

describe('formatDecimal', () => {
  it('writes zero, decimals and grouped thousands in English', () => {
    expect(formatDecimal(0, 1)).toBe('0');
    expect(formatDecimal(1.5, 1)).toBe('1.5');
    expect(formatDecimal(0.25, 2)).toBe('0.25');
    expect(formatDecimal(1111.1, 1)).toBe('1,111.1');
    expect(formatDecimal(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatDecimal(-1234.5, 1)).toBe('-1,234.5');
  });

  it('drops the zeros at the end of the decimals', () => {
    expect(formatDecimal(51, 1)).toBe('51');
    expect(formatDecimal(0.1, 2)).toBe('0.1');
    expect(formatDecimal(2.999, 1)).toBe('3');
  });

  it('rounds half away from zero from the number as it is written', () => {
    expect(formatDecimal(44.5, 0)).toBe('45');
    expect(formatDecimal(-2.5, 0)).toBe('-3');
    expect(formatDecimal(1.25, 1)).toBe('1.3');
    // The double of 0.015 is a hair below it: toFixed gives 0.01, as written it is 0.02.
    expect(formatDecimal(0.015, 2)).toBe('0.02');
    expect(formatDecimal(999.95, 1)).toBe('1,000');
  });

  it('makes its format on the first number written, not when it is imported', async () => {
    const { module, made } = await importCountingNumberFormats(() => import('./format-number.ts'));
    expect(made).not.toHaveBeenCalled();
    expect([module.formatDecimal(1.5, 1), module.formatDecimal(2, 1)]).toEqual(['1.5', '2']);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
