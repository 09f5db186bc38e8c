import { describe, expect, it } from 'vitest';
import { nowAndNext } from './schedule-rules.ts';

const at = (time: string) => `2099-12-04T${time}:00.000Z`;
const item = (title: string, start: string, end: string | null = null) => ({
  title,
  startDate: at(start),
  endDate: end === null ? null : at(end),
});

describe('nowAndNext', () => {
  const items = [
    item('Lunch', '12:00', '13:00'),
    item('Opening', '10:00', null),
    item('Quake', '12:30', '15:00'),
    item('Pizza', '18:00'),
    item('Movie', '18:00', '20:00'),
  ];
  const titles = ({ now, next }: { now: { title: string }[]; next: { title: string }[] }) => ({
    now: now.map((each) => each.title),
    next: next.map((each) => each.title),
  });

  it('tells nothing on before the first item, and the first as next', () => {
    expect(titles(nowAndNext(items, new Date(at('09:00'))))).toEqual({
      now: [],
      next: ['Opening'],
    });
  });

  it('runs an item without an end until the next begins', () => {
    expect(titles(nowAndNext(items, new Date(at('11:59'))))).toEqual({
      now: ['Opening'],
      next: ['Lunch'],
    });
    expect(titles(nowAndNext(items, new Date(at('12:00'))))).toEqual({
      now: ['Lunch'],
      next: ['Quake'],
    });
  });

  it('tells overlapping items together, by start, and all that begin at once as next', () => {
    expect(titles(nowAndNext(items, new Date(at('12:45'))))).toEqual({
      now: ['Lunch', 'Quake'],
      next: ['Pizza', 'Movie'],
    });
  });

  it('ends an item at its end, and the last without an end never', () => {
    expect(titles(nowAndNext(items, new Date(at('16:00'))))).toEqual({
      now: [],
      next: ['Pizza', 'Movie'],
    });
    expect(titles(nowAndNext(items, new Date(at('23:00'))))).toEqual({ now: ['Pizza'], next: [] });
  });
});
