import { describe, expect, it } from 'vitest';
import {
  createLanTimeline,
  type LanFilter,
  type LanTimelineEntry,
  pickLans,
} from './lan-timeline.ts';

const day = (date: string) => Date.parse(`${date}T18:00:00.000Z`);
const lan = (id: number, start: string, end: string, isActive = true): LanTimelineEntry => ({
  id,
  start: day(start),
  end: day(end),
  isActive,
});

// By start date, then id: two lans start on the same evening.
const timeline = [
  lan(1, '2025-01-10', '2025-01-12'),
  lan(2, '2025-03-07', '2025-03-09'),
  lan(5, '2025-03-07', '2025-03-09'),
  lan(3, '2025-06-06', '2025-06-08', false),
  lan(4, '2025-09-05', '2025-09-07'),
];
const all: LanFilter = { isActiveOnly: false, sort: 'start-date', offset: 0, limit: 100 };

describe('pickLans', () => {
  it('orders by start date then id, and the other way round for -start-date', () => {
    expect(pickLans(timeline, all)).toEqual({
      ids: [1, 2, 5, 3, 4],
      total: 5,
      key: '1,2,5,3,4 of 5',
    });
    expect(pickLans(timeline, { ...all, sort: '-start-date' }).ids).toEqual([4, 3, 5, 2, 1]);
  });

  it('leaves out inactive lans unless all are asked for', () => {
    expect(pickLans(timeline, { ...all, isActiveOnly: true })).toEqual({
      ids: [1, 2, 5, 4],
      total: 4,
      key: '1,2,5,4 of 4',
    });
  });

  it('keeps a lan ending at the very moment asked as upcoming, and ended ones before', () => {
    const endOfMarch = Date.parse('2025-03-09T18:00:00.000Z');
    expect(pickLans(timeline, { ...all, endsOnOrAfter: endOfMarch }).ids).toEqual([2, 5, 3, 4]);
    expect(pickLans(timeline, { ...all, endsBefore: endOfMarch }).ids).toEqual([1]);
    expect(
      pickLans(timeline, {
        ...all,
        endsOnOrAfter: Date.parse('2025-01-01T00:00:00.000Z'),
        endsBefore: Date.parse('2025-07-01T00:00:00.000Z'),
      }).ids,
    ).toEqual([1, 2, 5, 3]);
  });

  it('gives the page asked and the total of every match', () => {
    expect(pickLans(timeline, { ...all, offset: 1, limit: 2 })).toEqual({
      ids: [2, 5],
      total: 5,
      key: '2,5 of 5',
    });
    expect(pickLans(timeline, { ...all, offset: 9, limit: 2 })).toEqual({
      ids: [],
      total: 5,
      key: ' of 5',
    });
    expect(pickLans([], all)).toEqual({ ids: [], total: 0, key: ' of 0' });
  });
});

describe('createLanTimeline', () => {
  const kept = createLanTimeline(timeline);
  const march9 = Date.parse('2025-03-09T18:00:00.000Z');

  it('gives one pick for every moment between the same two lans’ ends', () => {
    const archive = (moment: number) =>
      kept.pick({ ...all, endsBefore: moment, isActiveOnly: true, sort: '-start-date' });
    const first = archive(march9 + 1);
    expect(first.ids).toEqual([5, 2, 1]);
    expect(archive(march9 + 60_000)).toBe(first);
    expect(archive(Date.parse('2025-09-07T17:59:59.999Z'))).toBe(first);
    // At an end the lans change, and so does the pick.
    expect(archive(march9).ids).toEqual([1]);
    expect(archive(Date.parse('2025-09-07T18:00:00.001Z')).ids).toEqual([4, 5, 2, 1]);
  });

  it('picks as pickLans does for any dates, order and page', () => {
    const moments = [
      undefined,
      Date.parse('2024-12-31T00:00:00.000Z'),
      Date.parse('2025-01-12T18:00:00.000Z'),
      march9 - 1,
      march9,
      march9 + 1,
      Date.parse('2025-06-08T18:00:00.000Z'),
      Date.parse('2026-01-01T00:00:00.000Z'),
    ];
    for (const endsOnOrAfter of moments)
      for (const endsBefore of moments)
        for (const isActiveOnly of [false, true])
          for (const sort of ['start-date', '-start-date'] as const)
            for (const [offset, limit] of [
              [0, 100],
              [1, 2],
              [4, 1],
            ] as const) {
              const filter: LanFilter = {
                ...(endsOnOrAfter === undefined ? {} : { endsOnOrAfter }),
                ...(endsBefore === undefined ? {} : { endsBefore }),
                isActiveOnly,
                sort,
                offset,
                limit,
              };
              expect(kept.pick(filter)).toEqual(pickLans(timeline, filter));
            }
  });
});
