import { CURRENT_VERSION, compareCalVer, parseCalVer } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { releases } from './releases.ts';

describe('releases', () => {
  it('has a calendar version on every release', () => {
    for (const release of releases) {
      expect(() => parseCalVer(release.version), release.version).not.toThrow();
    }
  });

  it('is ordered newest first, with no version twice', () => {
    for (let index = 1; index < releases.length; index++) {
      const newer = parseCalVer(releases[index - 1]?.version ?? '');
      const older = parseCalVer(releases[index]?.version ?? '');
      expect(compareCalVer(newer, older)).toBeGreaterThan(0);
    }
  });

  it('runs from 2023.1.0 to the current version', () => {
    expect(releases[0]?.version).toBe(CURRENT_VERSION);
    expect(releases.at(-1)?.version).toBe('2023.1.0');
  });

  it('dates releases in the same order as their versions', () => {
    const dates = releases.map((release) => release.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('lists at least one change per release', () => {
    for (const release of releases) {
      expect(release.changes.length, release.version).toBeGreaterThan(0);
    }
  });
});
