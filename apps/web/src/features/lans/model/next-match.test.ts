import { describe, expect, it } from 'vitest';
import {
  buildMatch,
  buildTeamEntry,
  buildTournament,
  runningQuakeCup,
  side,
} from '../../../testing/tournament-fixtures.ts';
import { nextMatchOf } from './next-match.ts';

const ada = 11;
const cleo = 13;

describe('the viewer’s next match', () => {
  it('is the match ready to play, against whom, in which round', () => {
    const next = nextMatchOf([runningQuakeCup()], ada);
    expect(next?.match.id).toBe(103);
    expect(next?.roundName).toBe('Final');
    expect(next?.opponent).toBe('cleo');
    expect(nextMatchOf([runningQuakeCup()], cleo)?.opponent).toBe('ada');
  });

  it('is nobody’s who plays in none, lost already, gave up, or is not signed in', () => {
    // bob lost the semi-final: nothing left to play.
    expect(nextMatchOf([runningQuakeCup()], 12)).toBeNull();
    expect(nextMatchOf([runningQuakeCup()], 99)).toBeNull();
    expect(nextMatchOf([runningQuakeCup()], null)).toBeNull();
    const gaveUp = runningQuakeCup();
    gaveUp.entries = gaveUp.entries.map((entry) =>
      entry.id === 1 ? { ...entry, forfeited: true } : entry,
    );
    expect(nextMatchOf([gaveUp], ada)).toBeNull();
  });

  it('is none of a tournament not under way', () => {
    expect(nextMatchOf([runningQuakeCup({ state: 'finished' })], ada)).toBeNull();
  });

  it('finds a team member’s match as well as its captain’s, and says when the other side is not known', () => {
    const duo = buildTournament({
      id: 8,
      name: 'Duo Cup',
      state: 'running',
      startedAt: '2099-12-05T19:00:00+01:00',
      entries: [
        buildTeamEntry(5, 'Rockets', [
          { userId: 20, nickname: 'dan' },
          { userId: ada, nickname: 'ada' },
        ]),
      ],
      groups: [
        {
          id: 1,
          number: 1,
          name: 'Main bracket',
          rounds: [
            {
              id: 1,
              number: 1,
              name: 'Semi-finals',
              matches: [buildMatch(201, 1, 'waiting', [side(5), side(null)])],
            },
          ],
        },
      ],
    });
    const next = nextMatchOf([duo], ada);
    expect(next?.tournament.name).toBe('Duo Cup');
    expect(next?.opponent).toBeNull();
    // One ready to play comes before one still waiting for its other side.
    expect(nextMatchOf([duo, runningQuakeCup()], ada)?.tournament.name).toBe('Quake Cup');
  });
});
