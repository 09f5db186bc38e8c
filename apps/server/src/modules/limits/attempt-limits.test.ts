import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { type AttemptLimit, forgetAttempts, refundAttempt, tryAttempt } from './attempt-limits.ts';

const limit: AttemptLimit = { name: 'test', maxAttempts: 3, windowMs: 60_000 };
// The start of a window, so a test knows how long the window still runs.
const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);

describe.each(testEngines)('attempt limits on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  const attempt = (subject: string, now = start + 15_000) =>
    tryAttempt(db, [[limit, subject]], now);

  it('allows the attempts of a window, then refuses until there is room again', async () => {
    for (let count = 0; count < limit.maxAttempts; count += 1) {
      expect(await attempt('alice')).toEqual({ isAllowed: true });
    }
    // Four in this window: it ends in 45 s, and the four fade to three a quarter into the next.
    expect(await attempt('alice')).toEqual({ isAllowed: false, retryAfterSeconds: 60 });
    expect(await attempt('bob')).toEqual({ isAllowed: true });
    expect((await attempt('alice', start + 60_000)).isAllowed).toBe(false);
    expect(await attempt('alice', start + 120_000)).toEqual({ isAllowed: true });
  });

  it('slides: attempts just before a window ends still count just after it', async () => {
    for (let count = 0; count < limit.maxAttempts; count += 1) {
      expect((await attempt('gina', start + 59_000)).isAllowed).toBe(true);
    }
    // Fixed windows would start counting afresh here.
    const verdict = await attempt('gina', start + 61_000);
    expect(verdict.isAllowed).toBe(false);
    // 3 × (1 − f) + 1 ≤ 3 once f = 1/3 of the new window: 20 s from its start, 19 s from now.
    expect(verdict).toEqual({ isAllowed: false, retryAfterSeconds: 19 });
    expect((await attempt('gina', start + 60_000 + 45_000)).isAllowed).toBe(true);
  });

  it('gives every one of many simultaneous attempts its own count', async () => {
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => attempt('carol')));
    expect(verdicts.filter((verdict) => verdict.isAllowed)).toHaveLength(limit.maxAttempts);
  });

  it('refuses when any of the subjects is used up, with the longest wait', async () => {
    const long: AttemptLimit = { name: 'long', maxAttempts: 1, windowMs: 600_000 };
    const now = start + 15_000;
    await tryAttempt(db, [[long, 'dave']], now);
    const verdict = await tryAttempt(
      db,
      [
        [limit, 'erin'],
        [long, 'dave'],
      ],
      now,
    );
    expect(verdict.isAllowed).toBe(false);
    expect(verdict.isAllowed || verdict.retryAfterSeconds).toBeGreaterThan(45);
  });

  it('takes an attempt back, and forgets a subject', async () => {
    for (let count = 0; count < limit.maxAttempts; count += 1) await attempt('frank');
    await refundAttempt(db, limit, 'frank', start + 15_000);
    expect((await attempt('frank')).isAllowed).toBe(true);
    expect((await attempt('frank')).isAllowed).toBe(false);
    await forgetAttempts(db, limit, 'frank', start + 15_000);
    expect((await attempt('frank')).isAllowed).toBe(true);
  });

  it('keeps every key small, whatever the subject', async () => {
    expect((await attempt('x'.repeat(100_000))).isAllowed).toBe(true);
    const keys = await db.selectFrom('attempt_counters').select('key').execute();
    expect(Math.max(...keys.map((row) => row.key.length))).toBeLessThan(64);
  });
});
