import { describe, expect, it } from 'vitest';
import { formatPlayTime } from './format-play-time.ts';

describe('formatPlayTime', () => {
  it.each([
    [0, '0 min'],
    [59, '0 min'],
    [45 * 60, '45 min'],
    [3600, '1 h'],
    [3 * 3600 + 20 * 60 + 30, '3 h 20 min'],
    [12 * 3600 + 59 * 60, '12 h'],
  ])('writes %d seconds as %s', (seconds, text) => {
    expect(formatPlayTime(seconds)).toBe(text);
  });
});
