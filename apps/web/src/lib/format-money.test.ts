import { describe, expect, it } from 'vitest';
import { formatEuros } from './format-money.ts';

describe('formatEuros', () => {
  it('writes euros with the sign and two decimals', () => {
    expect(formatEuros(25)).toBe('€25.00');
    expect(formatEuros(27.5)).toBe('€27.50');
    expect(formatEuros(1250)).toBe('€1,250.00');
    expect(formatEuros(0)).toBe('€0.00');
  });
});
