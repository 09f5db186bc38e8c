import { describe, expect, it } from 'vitest';
import { playDayStartHour, unknownGameName } from './playtime-rules.ts';

describe('unknownGameName', () => {
  it('names a game Steam has not named yet by its id', () => {
    expect(unknownGameName(730)).toBe('Game 730');
  });
});

describe('playDayStartHour', () => {
  it('starts a play day at 06:00 (the changelog’s cutoff)', () => {
    expect(playDayStartHour).toBe(6);
  });
});
