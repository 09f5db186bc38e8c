import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.ts';

describe('createAttemptLimiter', () => {
  it('allows the maximum per key and window, then refuses until the window ends', () => {
    let time = 0;
    const limiter = createAttemptLimiter({ maxAttempts: 3, windowMs: 1000, now: () => time });
    expect([1, 2, 3, 4].map(() => limiter.tryAttempt('a'))).toEqual([true, true, true, false]);
    expect(limiter.tryAttempt('b')).toBe(true);
    time = 1000;
    expect(limiter.tryAttempt('a')).toBe(true);
  });
});
