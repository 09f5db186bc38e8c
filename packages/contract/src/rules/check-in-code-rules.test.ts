import { describe, expect, it } from 'vitest';
import {
  formatCheckInCode,
  isShortCheckInCode,
  normalizeCheckInCode,
  shortCheckInCodeLength,
} from './check-in-code-rules.ts';

describe('the short check-in code', () => {
  it('is 8 characters, 40 bits of base32', () => {
    expect(shortCheckInCodeLength * 5).toBeGreaterThanOrEqual(40);
  });

  it('is written in two groups for reading out', () => {
    expect(formatCheckInCode('7KQ4MZ2X')).toBe('7KQ4-MZ2X');
  });

  it.each(['7kq4-mz2x', ' 7KQ4 MZ2X ', '7KQ4MZ2X'])('reads %j as a short code', (typed) => {
    expect(isShortCheckInCode(normalizeCheckInCode(typed))).toBe(true);
  });

  it('folds the letters a code never has: O is 0, I and L are 1', () => {
    expect(normalizeCheckInCode('oilL-7kq4')).toBe('01117KQ4');
  });

  it.each([
    ['a long code', '7K3M9QX2T5VBN8RD4HWCJ6PZAE'],
    ['7 characters', '7KQ4MZ2'],
    ['9 characters', '7KQ4MZ2XA'],
    ['a U, which base32 leaves out', '7KQ4MZ2U'],
    ['a sign', '7KQ4MZ2!'],
  ])('does not take %s for one', (_name, typed) => {
    expect(isShortCheckInCode(normalizeCheckInCode(typed))).toBe(false);
  });
});
