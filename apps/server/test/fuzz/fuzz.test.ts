import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test-database.ts';
import { fuzzEachOperation } from './fuzz-operations.ts';
import { type FuzzSite, startFuzzSite } from './harness.ts';
import { formatTally } from './report.ts';

/**
 * A short fuzz run on every engine: generated requests for every operation of the
 * OpenAPI document, each sent as every role. The long run is `npm run fuzz`.
 * A failure prints fast-check's seed and path, the command that replays it, and the
 * request; FUZZ_SEED=<seed> replays the whole run.
 */
// A fixed seed, so a red run is the code's doing and replays as it was; `npm run fuzz`
// explores with a new seed each time.
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** About 500 requests per engine: a few seconds on SQLite, under 20 on PostgreSQL. */
const cases = 70;

describe.each(testEngines)('the API under fuzzing on %s', (engine) => {
  let fuzz: FuzzSite;

  beforeAll(async () => {
    fuzz = await startFuzzSite(engine);
  });
  afterAll(async () => fuzz?.close());

  it('reads every operation of the OpenAPI document', () => {
    const keys = fuzz.operations.map((operation) => operation.key);
    expect(keys).toContain('PUT /api/users/me');
    expect(keys).toContain('PUT /api/assets/{asset}');
    expect(keys.some((key) => key.includes('/api/docs'))).toBe(false);
    expect(
      fuzz.operations.find((operation) => operation.key === 'POST /api/lans')?.bodySchema,
    ).toMatchObject({ required: expect.arrayContaining(['name', 'startDate']) });
  });

  it('never answers 5xx, and changes nothing when it refuses', { timeout: 240_000 }, async () => {
    const reports = await fuzzEachOperation(fuzz, { cases, seed });
    const summary = `seed ${seed}; ${formatTally(fuzz.tally, false)}`;
    expect(reports, `${summary}\n\n${reports.join('\n\n')}`).toEqual([]);
  });
});
