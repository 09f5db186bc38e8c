/**
 * The long run: `npm run fuzz -- [--requests 10000] [--engine sqlite|postgres|both]
 * [--seed n] [--operation 'PUT /api/lans/{id}'] [--shape 'deep nesting'] [--path p]
 * [--server-log]`. Prints the answers counted by status and by operation, then every
 * finding once with a request that reproduces it and the fast-check path that replays it
 * (`--path`, with the same seed, operation and shape); exits 1 when there is any.
 * PostgreSQL needs TEST_DATABASE_URL, as the tests do.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../test-database.ts';
import { fuzzCallers } from './community.ts';
import { fuzzAllOperations } from './fuzz-operations.ts';
import { startFuzzSite } from './harness.ts';
import { formatTally } from './report.ts';
import { type Shape, shapes } from './requests.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    engine: { type: 'string' },
    seed: { type: 'string' },
    operation: { type: 'string' },
    shape: { type: 'string' },
    path: { type: 'string' },
    'server-log': { type: 'boolean', default: false },
  },
});

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const engineChoice = values.engine ?? (hasPostgres ? 'both' : 'sqlite');
const engines: Engine[] =
  engineChoice === 'both' ? ['sqlite', 'postgres'] : [engineChoice as Engine];
if (engines.some((engine) => engine !== 'sqlite' && engine !== 'postgres')) {
  console.error(`--engine is sqlite, postgres or both, not ${engineChoice}`);
  process.exit(2);
}
if (engines.includes('postgres') && !hasPostgres) {
  console.error('PostgreSQL needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
if (values.shape && !shapes.includes(values.shape as Shape)) {
  console.error(`--shape is one of ${shapes.map((shape) => `'${shape}'`).join(', ')}`);
  process.exit(2);
}
const shape = values.shape as Shape | undefined;
const requests = Number(values.requests);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);

let findingCount = 0;
for (const engine of engines) {
  const started = Date.now();
  // Server errors are logged with their stack when asked; otherwise the run is quiet.
  const fuzz = await startFuzzSite(engine, values['server-log'] ? { LOG_LEVEL: 'error' } : {});
  try {
    if (
      values.operation &&
      !fuzz.operations.some((operation) => operation.key === values.operation)
    ) {
      throw new Error(
        `No operation ${values.operation}; the fuzzer knows:\n${fuzz.operations.map((operation) => operation.key).join('\n')}`,
      );
    }
    const apiCount = fuzz.operations.filter((operation) => operation.site === 'api').length;
    const what =
      values.operation ??
      `${apiCount} operations of the API and ${fuzz.operations.length - apiCount} of the sign-in`;
    console.info(
      values.path
        ? `Replaying fast-check path ${values.path} on ${engine}, seed ${seed}`
        : `Fuzzing ${what}${shape ? ` (${shape} only)` : ''} on ${engine}: ${requests} requests, an API case sent as each of ${fuzzCallers.length} callers; seed ${seed}`,
    );
    let reported = 0;
    const log = await fuzzAllOperations(fuzz, {
      requests,
      seed,
      ...(values.operation ? { operationKey: values.operation } : {}),
      ...(shape ? { shape } : {}),
      ...(values.path ? { path: values.path } : {}),
      onProgress: (done) => {
        if (fuzz.tally.total - reported < 1000) return;
        reported = fuzz.tally.total - (fuzz.tally.total % 1000);
        console.info(`  ${done} cases, ${fuzz.tally.total} requests`);
      },
    });
    console.info(`\n${engine}: ${formatTally(fuzz.tally)}`);
    console.info(
      `${engine}: ${((Date.now() - started) / 1000).toFixed(0)} s; ${log.entries.size} distinct finding(s)\n`,
    );
    if (log.entries.size > 0) console.info(`${log.format()}\n`);
    findingCount += log.entries.size;
  } finally {
    await fuzz.close();
  }
}
console.info(
  findingCount === 0
    ? 'No findings.'
    : `${findingCount} finding(s). A replay starts from a fresh community; a finding that needed ` +
        `earlier requests shows again only in the whole run: npm run fuzz -- --seed ${seed} --requests ${requests}`,
);
process.exit(findingCount === 0 ? 0 : 1);
