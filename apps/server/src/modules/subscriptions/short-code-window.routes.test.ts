import { describe, expect, it, vi } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { attemptLimits } from '../limits/attempt-limits.ts';

const limit = attemptLimits.shortCodeMissesPerUser;

/**
 * The clock of the short-code limit when its caller names no instant: each reading is
 * the next of these, so a caller that reads it twice sees time pass between the two.
 */
const unnamed = vi.hoisted(() => ({ readings: [] as number[] }));

vi.mock('../limits/attempt-limits.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../limits/attempt-limits.ts')>();
  const read = (name: string) =>
    name === 'short-code-user' ? (unnamed.readings.shift() ?? Date.now()) : Date.now();
  return {
    ...real,
    tryAttempt: (
      db: Parameters<typeof real.tryAttempt>[0],
      checks: Parameters<typeof real.tryAttempt>[1],
      now?: number,
    ) => real.tryAttempt(db, checks, now ?? read(checks[0]?.[0].name ?? '')),
    refundAttempt: (
      db: Parameters<typeof real.refundAttempt>[0],
      attemptLimit: Parameters<typeof real.refundAttempt>[1],
      subject: string,
      now?: number,
    ) => real.refundAttempt(db, attemptLimit, subject, now ?? read(attemptLimit.name)),
  };
});

/*
 * A short code that finds its ticket is taken back off the administrator's misses in the
 * window it was counted in, also when the check-in runs across that window's end.
 */
describe.each(testEngines)('a short code at the end of a window on %s', (engine) => {
  // The last millisecond of a window of the limit, years ahead of anything stored.
  const end = Math.ceil(Date.UTC(2040, 0, 1) / limit.windowMs) * limit.windowMs - 1;
  const { site, api } = setUpOrganiserSite(engine, { clock: () => new Date(end) });

  it('takes a found short code back off the window it was counted in', async () => {
    const lan = await api.createLan();
    const who = await api.person();
    const { id } = await api.subscribe(lan.id, who);
    await api.setStatus(id, 'paid');
    const { short_code: shortCode } = await site.db
      .selectFrom('subscribers')
      .select('short_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Read twice, the clock would be in the next window by the refund.
    unnamed.readings = [end, end + 2];
    const response = await api.request(api.admin, 'POST', `/api/lans/${lan.id}/check-ins`, {
      code: shortCode,
    });
    expect(response.statusCode, response.body).toBe(200);
    const counted = await site.db
      .selectFrom('attempt_counters')
      .selectAll()
      .where('key', 'like', `${limit.name}:%`)
      .execute();
    const window = Math.floor(end / limit.windowMs);
    const left = counted
      .filter((row) => [`:${window}`, `:${window + 1}`].some((tail) => row.key.endsWith(tail)))
      .map((row) => Number(row.count));
    expect(left.filter((count) => count !== 0)).toEqual([]);
  });
});
