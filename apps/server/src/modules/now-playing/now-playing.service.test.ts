import { describe, expect, it } from 'vitest';
import type { PlayedSpan } from './now-playing.repository.ts';
import { tallyNowPlaying } from './now-playing.service.ts';

const minute = 60_000;
const start = new Date('2099-03-06T16:00:00Z');
const lan = { start, end: new Date(start.getTime() + 48 * 60 * minute) };
const at = (minutes: number) => new Date(start.getTime() + minutes * minute).toISOString();
const ada = { userId: 1, nickname: 'ada' };
const bob = { userId: 2, nickname: 'Bob' };
const cy = { userId: 3, nickname: 'cy' };

const span = (
  userId: number,
  gameId: number,
  from: number,
  lastSeen: number,
  isOpen = false,
): PlayedSpan => ({
  userId,
  gameId,
  gameName: gameId === 10 ? 'Quake' : gameId === 20 ? 'Age of Empires' : 'Tetris',
  startedAt: at(from),
  lastSeenAt: at(lastSeen),
  endedAt: isOpen ? null : at(lastSeen),
});

describe('tallyNowPlaying', () => {
  const now = new Date(at(120));

  it('groups who plays now by game, most players first, then by name', () => {
    const tally = tallyNowPlaying(
      [span(1, 20, 100, 120, true), span(2, 10, 100, 119, true), span(3, 10, 60, 120, true)],
      [ada, bob, cy],
      lan,
      now,
    );
    expect(tally.isRunning).toBe(true);
    expect(tally.games).toEqual([
      { gameId: 10, name: 'Quake', players: [bob, cy] },
      { gameId: 20, name: 'Age of Empires', players: [ada] },
    ]);
  });

  it('leaves out sessions that ended or were not seen for longer than the collector waits', () => {
    const tally = tallyNowPlaying(
      [span(1, 10, 0, 110), span(2, 10, 0, 110, true), span(3, 20, 0, 118, true)],
      [ada, bob, cy],
      lan,
      now,
    );
    expect(tally.games).toEqual([{ gameId: 20, name: 'Age of Empires', players: [cy] }]);
  });

  it('counts only the players it is given (present, and shown on screens)', () => {
    const tally = tallyNowPlaying(
      [span(1, 10, 0, 120, true), span(9, 10, 0, 120, true)],
      [ada],
      lan,
      now,
    );
    expect(tally.games).toEqual([{ gameId: 10, name: 'Quake', players: [ada] }]);
    expect(tally.topPlayers).toEqual([{ ...ada, seconds: 120 * 60 }]);
    expect(tally.topGames).toEqual([
      { gameId: 10, name: 'Quake', seconds: 120 * 60, playerCount: 1 },
    ]);
  });

  it('adds play time since the lan started, clipped at its start and at now', () => {
    const tally = tallyNowPlaying(
      [
        span(1, 10, -60, 30), // 30 minutes of it within the lan
        span(1, 20, 40, 100), // 60
        span(2, 10, 50, 120, true), // 70
        span(3, 30, -300, -10), // before the lan: nothing
      ],
      [ada, bob, cy],
      lan,
      now,
    );
    expect(tally.topGames).toEqual([
      { gameId: 10, name: 'Quake', seconds: 100 * 60, playerCount: 2 },
      { gameId: 20, name: 'Age of Empires', seconds: 60 * 60, playerCount: 1 },
    ]);
    expect(tally.topPlayers).toEqual([
      { ...ada, seconds: 90 * 60 },
      { ...bob, seconds: 70 * 60 },
    ]);
  });

  it('shows no one playing after the lan, and its totals up to its end', () => {
    const after = new Date(lan.end.getTime() + 60 * minute);
    const tally = tallyNowPlaying(
      [span(1, 10, 48 * 60 - 30, 48 * 60 + 60, true)],
      [ada],
      lan,
      after,
    );
    expect(tally.isRunning).toBe(false);
    expect(tally.games).toEqual([]);
    expect(tally.topPlayers).toEqual([{ ...ada, seconds: 30 * 60 }]);
  });
});
