import { describe, expect, it } from 'vitest';
import { subscriberStatusSchema } from '../schemas/subscribers.ts';
import {
  canOwnerWithdraw,
  countTakenPlaces,
  isPlaceTaking,
  placePaymentOf,
  sortSubscribers,
  subscriberStatusOrder,
} from './subscriber-rules.ts';

describe('isPlaceTaking', () => {
  it('counts Accepted and Paid only', () => {
    expect(subscriberStatusSchema.options.filter(isPlaceTaking)).toEqual(['Accepted', 'Paid']);
  });
});

describe('countTakenPlaces', () => {
  it('counts the accepted and paid subscribers', () => {
    const statuses = ['Pending', 'Accepted', 'Paid', 'Denied', 'Paid'] as const;
    expect(countTakenPlaces(statuses.map((status) => ({ status })))).toBe(3);
  });
});

describe('subscriberStatusOrder', () => {
  it('lists Paid, Accepted, Pending, then Denied', () => {
    expect(subscriberStatusOrder).toEqual(['Paid', 'Accepted', 'Pending', 'Denied']);
  });

  it('holds every status once', () => {
    expect([...subscriberStatusOrder].sort()).toEqual([...subscriberStatusSchema.options].sort());
  });
});

describe('sortSubscribers', () => {
  it('sorts by status order, then by nickname whatever its case', () => {
    const subscriber = (status: (typeof subscriberStatusOrder)[number], nickname: string) => ({
      status,
      user: { nickname },
    });
    const sorted = sortSubscribers([
      subscriber('Denied', 'ann'),
      subscriber('Pending', 'bob'),
      subscriber('Paid', 'zed'),
      subscriber('Accepted', 'Cee'),
      subscriber('Accepted', 'bea'),
      subscriber('Paid', 'Abe'),
    ]);
    expect(sorted.map(({ user }) => user.nickname)).toEqual([
      'Abe',
      'zed',
      'bea',
      'Cee',
      'bob',
      'ann',
    ]);
  });

  it('leaves the given list as it is', () => {
    const subscribers = [
      { status: 'Denied' as const, user: { nickname: 'a' } },
      { status: 'Paid' as const, user: { nickname: 'b' } },
    ];
    sortSubscribers(subscribers);
    expect(subscribers[0]?.status).toBe('Denied');
  });
});

describe('canOwnerWithdraw', () => {
  it('lets a lanner withdraw a Pending or Accepted subscription, not a Paid or Denied one', () => {
    expect(canOwnerWithdraw('Pending')).toBe(true);
    expect(canOwnerWithdraw('Accepted')).toBe(true);
    expect(canOwnerWithdraw('Paid')).toBe(false);
    expect(canOwnerWithdraw('Denied')).toBe(false);
  });
});

describe('placePaymentOf', () => {
  it('keeps owed, paid and outstanding apart: an Accepted lanner has paid nothing yet', () => {
    expect(placePaymentOf({ status: 'Accepted', amountDue: 3000 })).toEqual({
      amountDue: 3000,
      amountPaid: 0,
      amountOutstanding: 3000,
    });
  });

  it('counts a Paid lanner’s amount due as paid, with nothing outstanding', () => {
    expect(placePaymentOf({ status: 'Paid', amountDue: 27.5 })).toEqual({
      amountDue: 27.5,
      amountPaid: 27.5,
      amountOutstanding: 0,
    });
  });

  it('has nothing to pay on a free lan', () => {
    expect(placePaymentOf({ status: 'Accepted', amountDue: 0 })).toEqual({
      amountDue: 0,
      amountPaid: 0,
      amountOutstanding: 0,
    });
  });

  it('has no amounts without a place', () => {
    expect(placePaymentOf({ status: 'Pending', amountDue: null })).toBeNull();
    expect(placePaymentOf({ status: 'Denied', amountDue: null })).toBeNull();
    // A stale amount of a subscription without a place is not owed.
    expect(placePaymentOf({ status: 'Denied', amountDue: 3000 })).toBeNull();
  });
});
