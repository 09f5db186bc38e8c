import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

describe('oneAtATime', () => {
  it('runs once more after a run, however often it was asked meanwhile', async () => {
    let runs = 0;
    let release = () => {};
    const task = oneAtATime(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      () => {},
    );
    task.run();
    for (let asked = 0; asked < 1000; asked += 1) task.run();
    expect(runs).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
    release();
    await task.settled();
    expect(runs).toBe(2);
  });

  it('hands a failure to onError and runs again when asked', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = oneAtATime(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('the database is gone');
      },
      (error) => errors.push(error),
    );
    task.run();
    await task.settled();
    task.run();
    await task.settled();
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('the database is gone')]);
  });
});
