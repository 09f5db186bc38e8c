import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test-database.ts';
import { fuzzAllOperations, fuzzEachOperation } from './fuzz-operations.ts';
import { type FuzzSite, startFuzzSite } from './harness.ts';
import { formatTally } from './report.ts';
import type { Shape } from './requests.ts';

/**
 * A short fuzz run on every engine: generated requests for every operation of the
 * OpenAPI document, each sent as every role, and for the embedded sign-in's routes. The
 * long run is `npm run fuzz`.
 * A failure prints fast-check's seed and path, the command that replays it, and the
 * request; FUZZ_SEED=<seed> replays the whole run.
 */
// A fixed seed, so a red run is the code's doing and replays as it was; `npm run fuzz`
// explores with a new seed each time.
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** About 500 requests per engine: a few seconds on SQLite, under 20 on PostgreSQL. */
const cases = 70;
/**
 * A little of each shape that found issue 31's faults, in requests (a burst is one case
 * of 50–200); the long run tries them on every route.
 */
const shapeRequests: Array<[string, Shape, number]> = [
  ['JSON nested deep', 'deep nesting', 40],
  ['HEAD and OPTIONS', 'method', 60],
  ['a NUL on the sign-in', 'nul', 20],
  ['a burst of writes', 'burst', 1],
];

describe.each(testEngines)('the API under fuzzing on %s', (engine) => {
  let fuzz: FuzzSite;

  beforeAll(async () => {
    fuzz = await startFuzzSite(engine);
  });
  afterAll(async () => fuzz?.close());

  it('reads every operation of the OpenAPI document, and the sign-in’s routes', () => {
    const keys = fuzz.operations.map((operation) => operation.key);
    expect(keys).toContain('PUT /api/users/me');
    expect(keys).toContain('PUT /api/assets/{asset}');
    expect(keys.some((key) => key.includes('/api/docs'))).toBe(false);
    // The stream (HEAD and OPTIONS only) and the embedded sign-in, which the document omits.
    expect(keys).toContain('GET /api/events');
    expect(keys).toContain('POST /oidc/interaction/{uid}/login');
    expect(keys).toContain('POST /oidc/token');
    expect(
      fuzz.operations.find((operation) => operation.key === 'POST /api/lans')?.bodySchema,
    ).toMatchObject({ required: expect.arrayContaining(['name', 'startDate']) });
  });

  it('never answers 5xx, and changes nothing when it refuses', { timeout: 240_000 }, async () => {
    const reports = await fuzzEachOperation(fuzz, { cases, seed });
    const summary = `seed ${seed}; ${formatTally(fuzz.tally, false)}`;
    expect(reports, `${summary}\n\n${reports.join('\n\n')}`).toEqual([]);
  });

  it.each(shapeRequests)(
    'answers %s within 10 s, never with a 5xx, and a 429 with Retry-After',
    { timeout: 120_000 },
    async (_, shape, requests) => {
      const log = await fuzzAllOperations(fuzz, { requests, seed, shape });
      expect(log.entries.size, `seed ${seed}\n\n${log.format()}`).toBe(0);
    },
  );
});
