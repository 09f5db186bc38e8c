import { describe, expect, it } from 'vitest';
import { subscriberStatusOrder } from '../rules/subscriber-rules.ts';
import { buildSubscriber, listIssues } from '../testing/index.ts';
import { subscribeInputSchema, subscriberSchema, subscriberStatusSchema } from './subscribers.ts';

describe('subscriberStatusSchema', () => {
  it('knows Pending, Accepted, Paid and Denied', () => {
    expect(subscriberStatusSchema.options).toEqual(['Pending', 'Accepted', 'Paid', 'Denied']);
  });

  it('is case-sensitive', () => {
    expect(subscriberStatusSchema.safeParse('paid').success).toBe(false);
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

describe('subscriberSchema', () => {
  it('accepts a subscriber with its public user and its lan', () => {
    const subscriber = buildSubscriber();
    expect(subscriberSchema.parse(subscriber)).toEqual(subscriber);
  });

  it.each([true, false, null])('accepts present %j', (present) => {
    expect(subscriberSchema.safeParse(buildSubscriber({ status: 'Paid', present })).success).toBe(
      true,
    );
  });

  it('requires present, null when unknown', () => {
    const { present, ...rest } = buildSubscriber();
    expect(listIssues(subscriberSchema, rest)).toMatchObject([{ path: 'present' }]);
  });

  it('keeps only the public fields of the user', () => {
    const subscriber = buildSubscriber();
    const parsed = subscriberSchema.parse({
      ...subscriber,
      user: { ...subscriber.user, email: 'frag@example.com' },
    });
    expect(parsed.user).not.toHaveProperty('email');
  });
});

describe('subscribeInputSchema', () => {
  it('accepts a lan id and a user id', () => {
    expect(subscribeInputSchema.parse({ lanId: 3, userId: 7 })).toEqual({ lanId: 3, userId: 7 });
  });

  it('rejects ids that are not positive integers', () => {
    expect(listIssues(subscribeInputSchema, { lanId: 0, userId: '7' })).toMatchObject([
      { path: 'lanId' },
      { path: 'userId' },
    ]);
  });
});
