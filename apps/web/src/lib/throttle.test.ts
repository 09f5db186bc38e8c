import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call and drops the others within the interval', () => {
    const action = vi.fn();
    const throttled = throttle(action, 500);
    throttled(1);
    throttled(2);
    vi.advanceTimersByTime(499);
    throttled(3);
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith(1);
  });

  it('runs again once the interval has passed', () => {
    const action = vi.fn();
    const throttled = throttle(action, 500);
    throttled('a');
    vi.advanceTimersByTime(500);
    throttled('b');
    expect(action).toHaveBeenCalledTimes(2);
    expect(action).toHaveBeenLastCalledWith('b');
  });
});
