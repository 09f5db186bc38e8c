import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ApiSite } from '../apps/server/test/api-site.ts';
import type { Engine } from '../apps/server/test/test-database.ts';
import { postgresUrl } from './bench-database.ts';

/**
 * `npm run bench:api`: how close our real lan routes (authentication, validation,
 * serialisation, Kysely) come to the same answer served (a) from memory and (b) by the
 * raw database driver, on SQLite and PostgreSQL; then 300 lanners subscribing at once.
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL database; default the
 * local one. BENCH_SECONDS sets each run's length (default 8).
 */
const { startApiSite } = await import('../apps/server/test/api-site.ts');
const { signInAs } = await import('../apps/server/test/signed-in.ts');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 50;

type Result = { requestsPerSecond: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // Warm-up first: JIT, prepared statements, connection pools.
  // The load comes from a worker thread, so it does not share the servers' event loop.
  await autocannon({ url, connections, duration: 2, headers, workers: 1 });
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The real route with its answer never in the read cache: every request carries a new
 * (ignored) query parameter, so each one runs the queries. Not in a worker: autocannon
 * cannot hand a function to one.
 */
async function loadUncached(url: string, headers: Record<string, string>): Promise<Result> {
  let counter = 0;
  const options: autocannon.Options = {
    url,
    connections,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          return { ...request, path: `${request.path}&miss=${counter}` };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function seed(site: ApiSite) {
  const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
  const lanIds: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const start = new Date(Date.now() + (index - 10) * 14 * 86_400_000);
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/lans',
      headers: admin.headers,
      payload: {
        name: `Bench lan ${index}`,
        description: 'A lan for the benchmark.',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
        isActive: true,
        maximumSubcribers: 1000,
        price: 30,
        membersPrice: 25,
      },
    });
    lanIds.push(response.json().id);
  }
  const busyLan = lanIds[12] ?? 0;
  for (let index = 0; index < 60; index += 1) {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    await site.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers: lanner.headers,
      payload: { lanId: busyLan, userId: lanner.user.id },
    });
  }
  return { admin, busyLan };
}

/** The same database work the real list does, through the raw driver: lans, then their subscribers. */
function rawLansRoute(
  engine: Engine,
  site: ApiSite,
): { app: FastifyInstance; close: () => Promise<void> } {
  const app = Fastify();
  const lansSql =
    'select * from lans where is_active = $1 and end_date >= $2 order by start_date limit 5';
  const subscribersSql =
    'select s.*, u.nickname, u.steam_id from subscribers s join users u on u.id = s.user_id where s.lan_id = any($1)';
  if (engine === 'sqlite' && site.config.database.kind === 'sqlite') {
    const database = new DatabaseSync(site.config.database.file);
    const lans = database.prepare(lansSql.replace('$1', '1').replace('$2', '?'));
    app.get('/raw', async () => {
      const rows = lans.all(new Date().toISOString()) as Array<{ id: number }>;
      const ids = rows.map((row) => row.id);
      const subscribers = database
        .prepare(
          `select s.*, u.nickname, u.steam_id from subscribers s join users u on u.id = s.user_id where s.lan_id in (${ids.map(() => '?').join(',') || 'null'})`,
        )
        .all(...ids);
      return { rows, subscribers };
    });
    return { app, close: async () => database.close() };
  }
  const schema = site.config.database.kind === 'postgres' ? site.config.database.schema : undefined;
  const pool = new pg.Pool({
    connectionString: postgresUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  app.get('/raw', async () => {
    const { rows } = await pool.query({
      name: 'bench-lans',
      text: lansSql,
      values: [true, new Date().toISOString()],
    });
    const subscribers = await pool.query({
      name: 'bench-subscribers',
      text: subscribersSql,
      values: [rows.map((row: { id: number }) => row.id)],
    });
    return { rows, subscribers: subscribers.rows };
  });
  return { app, close: () => pool.end() };
}

async function subscribeAtOnce(site: ApiSite, baseUrl: string, lanId: number) {
  const lanners = await Promise.all(
    Array.from({ length: 300 }, () => signInAs(site.db, site.issuer, ['Lanner'])),
  );
  const timings: number[] = [];
  const statuses = await Promise.all(
    lanners.map(async (lanner) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/subscribers`, {
        method: 'POST',
        headers: { ...lanner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ lanId, userId: lanner.user.id }),
      });
      timings.push(performance.now() - started);
      return response.status;
    }),
  );
  timings.sort((a, b) => a - b);
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return { counts, p99: timings[Math.floor(timings.length * 0.99)] ?? 0 };
}

async function benchEngine(engine: Engine) {
  const site = await startApiSite(engine, { LOG_LEVEL: 'silent' });
  const { admin, busyLan } = await seed(site);
  const realUrl = await listen(site.app);
  const today = new Date().toISOString().slice(0, 10);
  const listPath = `/api/lans?sinceDate=${today}&sort=start-date&limit=5`;
  const answer = await (await fetch(`${realUrl}${listPath}`, { headers: admin.headers })).json();

  const memory = Fastify();
  memory.get('/memory', async () => answer);
  const memoryUrl = await listen(memory);
  const raw = rawLansRoute(engine, site);
  const rawUrl = await listen(raw.app);

  const rows: Array<[string, Result]> = [];
  for (let round = 1; round <= 2; round += 1) {
    rows.push([`(a) memory #${round}`, await load(`${memoryUrl}/memory`)]);
    rows.push([`(b) raw driver #${round}`, await load(`${rawUrl}/raw`)]);
    rows.push([`(c) GET lans #${round}`, await load(`${realUrl}${listPath}`, admin.headers)]);
  }
  rows.push(['GET lans, never cached', await loadUncached(`${realUrl}${listPath}`, admin.headers)]);
  rows.push([
    '(c) GET subscribers',
    await load(`${realUrl}/api/lans/${busyLan}/subscribers`, admin.headers),
  ]);
  const subscribe = await subscribeAtOnce(site, realUrl, busyLan);

  await memory.close();
  await raw.app.close();
  await raw.close();
  await site.close();
  return { rows, subscribe };
}

function best(rows: Array<[string, Result]>, prefix: string): number {
  return Math.max(
    ...rows
      .filter(([name]) => name.startsWith(prefix))
      .map(([, result]) => result.requestsPerSecond),
  );
}

for (const engine of ['sqlite', 'postgres'] as const) {
  let outcome: Awaited<ReturnType<typeof benchEngine>>;
  try {
    outcome = await benchEngine(engine);
  } catch (error) {
    console.error(`${engine}: skipped (${error instanceof Error ? error.message : String(error)})`);
    continue;
  }
  console.info(`\n${engine}: ${connections} connections, ${seconds} s after a 2 s warm-up`);
  for (const [name, result] of outcome.rows) {
    const problems =
      result.errors + result.non2xx > 0
        ? `  errors ${result.errors}, non-2xx ${result.non2xx}`
        : '';
    console.info(
      `  ${name.padEnd(22)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(result.p99).padStart(4)} ms${problems}`,
    );
  }
  const a = best(outcome.rows, '(a)');
  const b = best(outcome.rows, '(b)');
  const c = best(outcome.rows, '(c) GET lans');
  console.info(`  c/b ${(c / b).toFixed(2)} (goal ≥ 0.80)   c/a ${(c / a).toFixed(2)}`);
  console.info(
    `  300 lanners subscribing at once: ${JSON.stringify(outcome.subscribe.counts)}, p99 ${outcome.subscribe.p99.toFixed(0)} ms`,
  );
}
