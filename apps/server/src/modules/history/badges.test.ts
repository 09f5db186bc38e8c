import { describeBadge } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { attendanceOf, type CountedLan } from './attendance.ts';
import { awardBadges, type BadgeFacts, firstNewsDay } from './badges.ts';

/** Lan n: from the 1st of month n (2024, then 2025 …) at 18:00 to the 3rd at 12:00 UTC. */
function lans(count: number): CountedLan[] {
  return Array.from({ length: count }, (_, index) => {
    const year = 2024 + Math.floor(index / 12);
    const month = String((index % 12) + 1).padStart(2, '0');
    return {
      id: index + 1,
      name: `Lan ${index + 1}`,
      startDate: `${year}-${month}-01T18:00:00.000Z`,
      endDate: `${year}-${month}-03T12:00:00.000Z`,
    };
  });
}

const facts = (overrides: Partial<BadgeFacts>): BadgeFacts => ({
  lans: [],
  attendedIds: new Set(),
  crewLanIds: new Set(),
  podiums: [],
  timeZone: 'Europe/Amsterdam',
  ...overrides,
});

const keys = (badgeFacts: BadgeFacts) => awardBadges(badgeFacts).map((badge) => badge.key);

describe('attendance', () => {
  it('counts the lans attended, newest first, with the first lan and the streaks', () => {
    const all = lans(8);
    const attendance = attendanceOf(all, new Set([1, 2, 4, 5, 6, 8]));
    expect(attendance.attendedCount).toBe(6);
    expect(attendance.attended.map((lan) => lan.id)).toEqual([8, 6, 5, 4, 2, 1]);
    expect(attendance.firstLan?.id).toBe(1);
    expect(attendance.longestStreak).toBe(3);
    expect(attendance.currentStreak).toBe(1);
  });

  it('has no current streak when the latest lan was missed, and nothing without lans', () => {
    expect(attendanceOf(lans(3), new Set([1, 2])).currentStreak).toBe(0);
    expect(attendanceOf(lans(3), new Set([1, 2])).longestStreak).toBe(2);
    expect(attendanceOf([], new Set())).toEqual({
      attendedCount: 0,
      attended: [],
      firstLan: null,
      currentStreak: 0,
      longestStreak: 0,
    });
  });
});

describe('badges', () => {
  it('awards the first lan and the counts on the day the lan that earned them ended', () => {
    const all = lans(50);
    const badges = awardBadges(facts({ lans: all, attendedIds: new Set(all.map((l) => l.id)) }));
    const byKey = new Map(badges.map((badge) => [badge.key, badge.earnedOn]));
    expect(byKey.get('lans-1')).toBe('2024-01-03');
    expect(byKey.get('lans-5')).toBe('2024-05-03');
    expect(byKey.get('lans-10')).toBe('2024-10-03');
    expect(byKey.get('lans-25')).toBe('2026-01-03');
    expect(byKey.get('lans-50')).toBe('2028-02-03');
    expect(byKey.get('streak-3')).toBe('2024-03-03');
    expect(byKey.get('streak-5')).toBe('2024-05-03');
    expect(byKey.get('streak-10')).toBe('2024-10-03');
    expect(badges.map((badge) => badge.earnedOn)).toEqual(
      [...badges.map((badge) => badge.earnedOn)].sort(),
    );
  });

  it('earns a streak only in a row, once, and 4 lans earn no count badge', () => {
    const all = lans(8);
    expect(keys(facts({ lans: all, attendedIds: new Set([1, 2, 4, 5, 7, 8]) }))).toEqual([
      'lans-1',
      'lans-5',
    ]);
    expect(keys(facts({ lans: all, attendedIds: new Set([1, 2, 3, 5, 6, 7]) }))).toEqual([
      'lans-1',
      'streak-3',
      'lans-5',
    ]);
  });

  it('takes a badge away when what earned it is undone', () => {
    const all = lans(3);
    expect(keys(facts({ lans: all, attendedIds: new Set([1, 2, 3]) }))).toContain('streak-3');
    expect(keys(facts({ lans: all, attendedIds: new Set([1, 3]) }))).toEqual(['lans-1']);
    expect(keys(facts({ lans: all, attendedIds: new Set() }))).toEqual([]);
  });

  it('awards crew at the first lan attended where they did a lan administrator’s work', () => {
    const all = lans(4);
    const crewed = awardBadges(
      facts({ lans: all, attendedIds: new Set([1, 3]), crewLanIds: new Set([2, 3]) }),
    );
    expect(crewed.find((badge) => badge.key === 'crew')?.earnedOn).toBe('2024-03-03');
    // Crew work at a lan they were not marked present at earns nothing.
    expect(keys(facts({ lans: all, attendedIds: new Set([1]), crewLanIds: new Set([2]) }))).toEqual(
      ['lans-1'],
    );
  });

  it('awards a podium place the day its month closed, December into January', () => {
    const badges = awardBadges(
      facts({
        podiums: [
          { month: '2025-12', place: 1 },
          { month: '2026-03', place: 3 },
        ],
      }),
    );
    expect(badges).toEqual([
      { key: 'podium-gold-2025-12', earnedOn: '2026-01-01' },
      { key: 'podium-bronze-2026-03', earnedOn: '2026-04-01' },
    ]);
  });

  it('uses the community’s day: a lan ending at 23:30 UTC ended the next day in Amsterdam', () => {
    const late = [
      {
        id: 1,
        name: 'Late',
        startDate: '2025-06-01T10:00:00.000Z',
        endDate: '2025-06-02T23:30:00.000Z',
      },
    ];
    expect(awardBadges(facts({ lans: late, attendedIds: new Set([1]) }))[0]?.earnedOn).toBe(
      '2025-06-03',
    );
  });

  it('names every badge with a reason', () => {
    expect(describeBadge('lans-1')).toEqual({ name: 'First lan', reason: 'Attended a first lan.' });
    expect(describeBadge('streak-5')?.name).toBe('5 in a row');
    expect(describeBadge('podium-silver-2026-02')).toEqual({
      name: 'Silver, February 2026',
      reason: 'Second on the leaderboard of February 2026.',
    });
    expect(describeBadge('crew')?.reason).toMatch(/lan administrator/);
    expect(describeBadge('unknown')).toBeUndefined();
  });
});

describe('which badges are news', () => {
  it('those earned in the last 30 of the community’s days', () => {
    expect(firstNewsDay(new Date('2026-12-02T10:00:00Z'), 'Europe/Amsterdam')).toBe('2026-11-02');
    // Half past midnight in Amsterdam is already the 2nd there, still the 1st in UTC.
    expect(firstNewsDay(new Date('2026-12-01T23:30:00Z'), 'Europe/Amsterdam')).toBe('2026-11-02');
    expect(firstNewsDay(new Date('2026-12-01T23:30:00Z'), 'UTC')).toBe('2026-11-01');
    // Over a month's end and a year's.
    expect(firstNewsDay(new Date('2027-01-15T12:00:00Z'), 'Europe/Amsterdam')).toBe('2026-12-16');
  });
});
