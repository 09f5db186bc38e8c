import { describe, expect, it } from 'vitest';
import { dayBeforeStartOf, lanPhaseAt } from './lan-phase.ts';

/** Friday 4 Dec 2099, 18:00 in Amsterdam (winter time), to Sunday 18:00. */
const lan = {
  startDate: '2099-12-04T18:00:00.000+01:00',
  endDate: '2099-12-06T18:00:00.000+01:00',
};
const at = (moment: string) => lanPhaseAt(lan, new Date(moment));

describe('where a lan stands for its page', () => {
  it('is later until midnight of the day before, on the community’s clocks', () => {
    expect(at('2099-11-20T12:00:00+01:00')).toBe('later');
    // A minute before Thursday begins in Amsterdam.
    expect(at('2099-12-02T23:59:00+01:00')).toBe('later');
  });

  it('is the day before from Thursday 00:00 until the start', () => {
    expect(at('2099-12-03T00:00:00+01:00')).toBe('dayBefore');
    expect(at('2099-12-04T17:59:00+01:00')).toBe('dayBefore');
  });

  it('runs from its start to its end, and is over after', () => {
    expect(at('2099-12-04T18:00:00+01:00')).toBe('running');
    expect(at('2099-12-06T18:00:00+01:00')).toBe('running');
    expect(at('2099-12-06T18:01:00+01:00')).toBe('over');
  });

  it('reads the day before in the offset the start carries, UTC too', () => {
    expect(new Date(dayBeforeStartOf('2099-12-04T18:00:00.000+01:00')).toISOString()).toBe(
      '2099-12-02T23:00:00.000Z',
    );
    expect(new Date(dayBeforeStartOf('2099-03-01T00:30:00Z')).toISOString()).toBe(
      '2099-02-28T00:00:00.000Z',
    );
  });
});
