import { describe, expect, it } from 'vitest';
import { buildMatch, side } from '../../../testing/tournament-fixtures.ts';
import { matchStatusText } from './bracket-view.tsx';

describe('a match’s status in words', () => {
  const reset = buildMatch(9, 1, 'locked', [side(null), side(null)]);

  it('waits for the matches before it while the tournament is under way', () => {
    expect(matchStatusText(reset)).toBe('Waiting for the matches before it');
  });

  it('was not needed once the tournament is over (a grand final’s reset)', () => {
    expect(matchStatusText(reset, true)).toBe('Not needed');
    expect(
      matchStatusText(
        buildMatch(8, 1, 'completed', [
          side(1, { score: 3, result: 'win' }),
          side(2, { score: 1, result: 'loss' }),
        ]),
        true,
      ),
    ).toBe('Played');
  });
});
