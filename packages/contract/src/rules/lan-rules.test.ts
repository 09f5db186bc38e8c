import { describe, expect, it } from 'vitest';
import type { SubscriberStatus } from '../schemas/subscribers.ts';
import { countOpenPlaces, hasLanStarted, isFull, isLanFull, isLanOpen } from './lan-rules.ts';

function lanWith(maximumSubcribers: number, statuses: readonly SubscriberStatus[]) {
  return { maximumSubcribers, subscribers: statuses.map((status) => ({ status })) };
}

describe('isLanOpen', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('is open while the end date is not in the past', () => {
    expect(isLanOpen({ endDate: '2026-03-01T12:00:00Z' }, now)).toBe(true);
    expect(isLanOpen({ endDate: '2026-03-02T00:00:00+01:00' }, now)).toBe(true);
  });

  it('is closed once the end date has passed', () => {
    expect(isLanOpen({ endDate: '2026-03-01T11:59:59Z' }, now)).toBe(false);
    expect(isLanOpen({ endDate: new Date('2026-02-28T00:00:00Z') }, new Date(now))).toBe(false);
  });
});

describe('hasLanStarted', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('is true from the start on, whatever offset the start is written with', () => {
    expect(hasLanStarted({ startDate: '2026-03-01T12:00:00Z' }, now)).toBe(true);
    expect(hasLanStarted({ startDate: '2026-03-01T13:00:00+01:00' }, now)).toBe(true);
    expect(hasLanStarted({ startDate: new Date('2026-02-28T18:00:00Z') }, now)).toBe(true);
  });

  it('is false before the start', () => {
    expect(hasLanStarted({ startDate: '2026-03-01T12:00:01Z' }, now)).toBe(false);
    expect(hasLanStarted({ startDate: '2026-03-01T14:00:00+01:00' }, now)).toBe(false);
  });
});

describe('isLanFull', () => {
  it('is full when accepted plus paid reaches the maximum', () => {
    expect(isLanFull(lanWith(2, ['Accepted', 'Paid', 'Pending']))).toBe(true);
    expect(isLanFull(lanWith(3, ['Accepted', 'Paid', 'Pending', 'Denied']))).toBe(false);
  });

  it('is full with a maximum of 0', () => {
    expect(isLanFull(lanWith(0, []))).toBe(true);
  });

  it('agrees with the count the server makes', () => {
    expect(isFull({ takenPlaces: 2, maximumSubcribers: 2 })).toBe(true);
    expect(isFull({ takenPlaces: 1, maximumSubcribers: 2 })).toBe(false);
  });
});

describe('countOpenPlaces', () => {
  it('is the maximum minus accepted and paid, never below zero', () => {
    expect(countOpenPlaces(lanWith(5, ['Accepted', 'Paid', 'Pending']))).toBe(3);
    expect(countOpenPlaces(lanWith(1, ['Accepted', 'Paid']))).toBe(0);
  });
});
