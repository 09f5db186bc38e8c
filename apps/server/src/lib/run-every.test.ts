import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './run-every.ts';

describe('runEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at the start when asked, then every interval, one run at a time', async () => {
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const job = runEvery(
      async () => {
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Slower than the interval: the next ticks wait for it.
        await new Promise((resolve) => setTimeout(resolve, 250));
        running -= 1;
      },
      100,
      () => {},
      { isRunAtStart: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBeGreaterThan(1);
    expect(mostAtOnce).toBe(1);
    const stopped = job.stop();
    await vi.runAllTimersAsync();
    await stopped;
    expect(running).toBe(0);
  });

  it('waits for the first interval unless asked to run at the start', async () => {
    let runs = 0;
    const job = runEvery(
      async () => {
        runs += 1;
      },
      100,
      () => {},
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await job.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(1);
  });

  it('hands a failure to onError and runs again at the next tick', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = runEvery(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      },
      100,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('first run fails')]);
    await job.stop();
  });
});
