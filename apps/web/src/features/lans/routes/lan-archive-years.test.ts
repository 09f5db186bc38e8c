import { buildLan } from '@lanparty/contract/testing';
import { describe, expect, it } from 'vitest';
import { groupLansByYear } from './lan-archive-route.tsx';

describe('groupLansByYear', () => {
  it('files a lan under the year its start has on the community’s clocks, whatever the visitor’s zone', () => {
    // 00:30 on New Year's Day in Amsterdam is still the old year in UTC and west of it.
    const newYear = buildLan({ id: 2, startDate: '2026-01-01T00:30:00.000+01:00' });
    const december = buildLan({ id: 1, startDate: '2025-12-12T18:00:00.000+01:00' });
    expect(
      groupLansByYear([newYear, december]).map(({ year, lans }) => [year, lans.map((l) => l.id)]),
    ).toEqual([
      [2026, [2]],
      [2025, [1]],
    ]);
  });
});
