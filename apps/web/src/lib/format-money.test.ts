import { describe, expect, it } from 'vitest';
import { importCountingNumberFormats } from '../testing/number-formats.ts';
import { formatEuros } from './format-money.ts';

describe('formatEuros', () => {
  it('writes euros with the sign and two decimals', () => {
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(0.5)).toBe('€0.50');
    expect(formatEuros(25)).toBe('€25.00');
    expect(formatEuros(27.5)).toBe('€27.50');
  });

  it('groups the thousands', () => {
    expect(formatEuros(1250)).toBe('€1,250.00');
    expect(formatEuros(1234567.891)).toBe('€1,234,567.89');
  });

  it('writes a negative amount with the minus before the sign', () => {
    expect(formatEuros(-12.5)).toBe('-€12.50');
  });

  it('rounds to cents half away from zero from the amount as it is written', () => {
    expect(formatEuros(0.015)).toBe('€0.02');
    expect(formatEuros(2.675)).toBe('€2.68');
    expect(formatEuros(999.995)).toBe('€1,000.00');
    expect(formatEuros(-0.125)).toBe('-€0.13');
  });

  it('makes its format on the first amount written, not when it is imported', async () => {
    const { module, made } = await importCountingNumberFormats(() => import('./format-money.ts'));
    expect(made).not.toHaveBeenCalled();
    expect([module.formatEuros(30), module.formatEuros(20)]).toEqual(['€30.00', '€20.00']);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
