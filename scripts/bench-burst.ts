import { benchOptionsOf, type Engine } from './bench/options.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, signIn } from './bench/sign-in.ts';

/**
 * `npm run bench:burst` (issue 31): how long a change takes to reach an open live update
 * stream right after one person's flood of writes. The demo site runs as real server
 * processes (two on PostgreSQL, one database: the flood and the change go to the first,
 * the stream is open on the second); this process is the browsers.
 *
 * For each engine: the time from an administrator's lan change to its `lan` event on a
 * member's stream, quiet (the median of 5), then right after the lanner's 1,100 profile
 * saves (16 at a time), and after the administrator's 1,280 subscribe/withdraw changes.
 * Twice: with the site's write limit (WRITES_PER_MINUTE's default, 120), and with the
 * limit lifted (1,000,000), which shows what the live updates do with every write let
 * through. BENCH_ENGINES as for the other benchmarks.
 */

type Bearer = { authorization: string };

const floodSaves = 1100;
const floodChanges = 1280;
const atOnce = 16;

async function openStream(origin: string, who: Bearer) {
  const response = await fetch(`${origin}/api/events`, { headers: who });
  if (response.status !== 200 || !response.body) throw new Error(`stream ${response.status}`);
  const arrivals: Array<{ text: string; at: number }> = [];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      arrivals.push({ text: decoder.decode(chunk.value, { stream: true }), at: performance.now() });
  })().catch(() => {});
  return {
    /** When the text first arrived after `since`, waiting up to 60 s. */
    async arrival(text: string, since: number): Promise<number> {
      const deadline = performance.now() + 60_000;
      for (;;) {
        const found = arrivals.find(
          (arrival) => arrival.at >= since && arrival.text.includes(text),
        );
        if (found) return found.at;
        if (performance.now() > deadline) throw new Error(`${text} never arrived`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () => reader.cancel(),
  };
}

async function call(origin: string, who: Bearer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

/** Sends `count` requests, `atOnce` at a time; the answers counted by status. */
async function flood(count: number, send: (index: number) => Promise<{ status: number }>) {
  const statuses = new Map<number, number>();
  for (let sent = 0; sent < count; sent += atOnce) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(atOnce, count - sent) }, (_, index) => send(sent + index)),
    );
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
}

async function measureSite(engine: Engine, postgresUrl: string, writesPerMinute: string) {
  const place = createDataPlace(engine, postgresUrl);
  const servers: RunningServer[] = [];
  try {
    const env = { WRITES_PER_MINUTE: writesPerMinute };
    const first = await startServerProcess(place, env);
    servers.push(first);
    const second =
      engine === 'postgres'
        ? await startServerProcess(place, { ...env, PUBLIC_URL: first.origin })
        : first;
    if (second !== first) servers.push(second);
    const provider = await discoverProvider(first.origin);
    const bearer = async (name: string) => ({
      authorization: `Bearer ${(await signIn(provider, name, name)).accessToken}`,
    });
    // The change timed is the site administrator's; the flood of changes, a lan administrator's.
    const admin = await bearer('admin');
    const lanAdmin = await bearer('lanadmin');
    const lanner = await bearer('lanner');
    const member = await bearer('member');
    const lans = await call(first.origin, admin, 'GET', '/api/lans?sort=start-date&limit=1');
    const lan = (lans.json().items as Array<Record<string, unknown>>)[0];
    if (!lan) throw new Error('The demo site has no upcoming lan');
    const stream = await openStream(second.origin, member);
    let edition = 0;
    /** An administrator's lan change, and the ms until the member's stream tells it. */
    const timeLanChange = async () => {
      edition += 1;
      const since = performance.now();
      const changed = await call(first.origin, admin, 'PUT', `/api/lans/${lan.id}`, {
        ...lan,
        description: `Edition ${edition}`,
      });
      if (changed.status !== 200) throw new Error(`lan change answered ${changed.status}`);
      return (await stream.arrival(`"lanId":${lan.id}}`, since)) - since;
    };
    const quiet: number[] = [];
    for (let run = 0; run < 5; run += 1) quiet.push(await timeLanChange());
    quiet.sort((a, b) => a - b);

    const profile = (await call(first.origin, lanner, 'GET', '/api/users/me')).json();
    const saves = await flood(floodSaves, (index) =>
      call(first.origin, lanner, 'PUT', '/api/users/me', { ...profile, city: `Town ${index}` }),
    );
    const afterSaves = await timeLanChange();

    // Another open lan for the administrator's own flood of sign-ups and withdrawals.
    const created = await call(first.origin, admin, 'POST', '/api/lans', {
      name: 'Burst lan',
      description: 'Sign-ups and withdrawals',
      startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 32 * 86_400_000).toISOString(),
      isActive: true,
      maximumSubcribers: 500,
      price: 30,
      membersPrice: 25,
    });
    if (created.status !== 201)
      throw new Error(`creating a lan answered ${created.status}: ${created.text}`);
    const burstLan = created.json().id;
    let subscriptionId: unknown;
    const changes = await flood(floodChanges, async (index) => {
      if (index % 2 === 0 || subscriptionId === undefined) {
        const made = await call(first.origin, lanAdmin, 'POST', '/api/subscribers', {
          lanId: burstLan,
          // The lanner's place, taken and given back again and again.
          userId: profile.id,
        });
        if (made.status === 201) subscriptionId = made.json().id;
        else if (index === 0)
          console.info(`  the first sign-up answered ${made.status}: ${made.text}`);
        return made;
      }
      const id = subscriptionId;
      subscriptionId = undefined;
      return call(first.origin, lanAdmin, 'DELETE', `/api/subscribers/${id}`);
    });
    const afterChanges = await timeLanChange();
    void stream.close();
    return { quiet: quiet[2] ?? 0, saves, afterSaves, changes, afterChanges };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await place.remove();
  }
}

const options = benchOptionsOf(process.env);
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ms = (value: number | string) =>
  typeof value === 'number' ? `${Math.round(value)} ms` : value;
for (const engine of options.engines) {
  for (const [label, limit] of [
    ['the write limit (120 a minute)', '120'],
    ['the limit lifted', '1000000'],
  ] as const) {
    const result = await measureSite(engine, postgresUrl, limit);
    const where = engine === 'postgres' ? 'PostgreSQL, two servers' : 'SQLite';
    console.info(`\n${where}, ${label}:`);
    console.info(`  quiet: a lan change reaches the stream in ${ms(result.quiet)} (median of 5)`);
    console.info(`  ${floodSaves} profile saves by one lanner: ${result.saves}`);
    console.info(`    then a lan change reaches the stream in ${ms(result.afterSaves)}`);
    console.info(
      `  ${floodChanges} sign-ups and withdrawals by the administrator: ${result.changes}`,
    );
    console.info(`    then a lan change reaches the stream in ${ms(result.afterChanges)}`);
  }
}
