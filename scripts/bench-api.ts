import { cpus, loadavg } from 'node:os';
import { type Answer, Browser } from './bench/browser.ts';
import { headersToRecord, type RecordedAnswer, runLoad, startFloor } from './bench/children.ts';
import { type BenchOptions, benchOptionsOf, type Engine } from './bench/options.ts';
import { type PageRead, type ReadContext, readHeaders, readsOnSite } from './bench/reads.ts';
import {
  type BenchRow,
  formatBenchTable,
  formatCount,
  type LoadResult,
  summaryOf,
  type Variant,
} from './bench/report.ts';
import {
  createDataPlace,
  findBenchPort,
  type RunningServer,
  startServerProcess,
} from './bench/server-process.ts';
import { discoverProvider, fresh, type Provider, signIn, type Tokens } from './bench/sign-in.ts';
import { type SubscribeOutcome, subscribeAtOnce } from './bench/subscribe-at-once.ts';

/**
 * `npm run bench:api` (issue 14): how close each API read the web app's pages make comes
 * to the floor, on SQLite and PostgreSQL, with the demo community at LANPARTY_DEMO_SCALE
 * 1 and 10. Options: see scripts/bench/options.ts (BENCH_ENGINES, BENCH_SCALES,
 * BENCH_SECONDS, BENCH_LANNERS, BENCH_QUICK=1 to check the script in a minute).
 *
 * How it measures, and why each part is honest:
 *
 * - **The real server, in its own process**: apps/server/src/server.ts, the entry `npm
 *   start` serves with, on a free port with a fresh data folder (and on PostgreSQL a fresh
 *   schema, dropped afterwards), demo community on at the scale measured, LOG_LEVEL info
 *   as in production: its log is written as on a real site, into a pipe drained here.
 *   Background jobs run as they do on a real site.
 * - **Signed in as the demo `member`** through the embedded provider over HTTP: the
 *   identity settings, the discovery document, the authorization code flow with PKCE
 *   through the real sign-in page, the code exchanged at the token endpoint; renewed with
 *   the refresh token before it runs out, as the web app does. Every read carries that
 *   bearer token, as the web app's reads do (the identity settings, asked before anyone
 *   is signed in, carry none).
 * - **The reads the pages make**: the table in scripts/bench/reads.ts, each URL built as
 *   the web app's api-client builds it from the query in the web app file it names (the
 *   first page of the paged ones).
 * - **The floor**: every read's answer is fetched once from the real server (status,
 *   content type, body); a bare `node:http` server in another process answers the very
 *   same bytes from memory. The floor is loaded right before and right after the real
 *   server's runs of the same read (the fresh run too), and their mean is the floor: on a
 *   shared machine one fast or slow moment moved a lone floor by half, and the ratio with it.
 *   Before the first measured run every read is loaded once, unmeasured: a site just
 *   seeded and started is not yet in its stride.
 *   The floor's p99 is printed beside the server's: what HTTP alone costs that answer under
 *   the same load (the archive at scale 10 is about 1 MB).
 * - **The load from a separate process**: autocannon in a child process of its own (not
 *   the server's, not the floor's), 32 connections, a 2 s warm-up, then BENCH_SECONDS.
 * - **Variants**: "same URL", the page's request again and again. "new URL", for reads
 *   with a parameter, a different valid value on every request (another moment for the
 *   lan lists' dates, another year, month, lan or page size), so an answer kept for one
 *   URL cannot serve the next. Where a parameter has only a few valid values (the months
 *   with a leaderboard, the years with a rewind, the lans, page sizes) the URLs come round
 *   again: the table says how many there were, and a server keeping that many answers
 *   could serve them from memory after the first round. Every variant URL is checked
 *   first to be answered 2xx.
 * - **fresh**: the first read after a change, for every read. Measured by restarting the
 *   server on the same data with LANPARTY_FRESH_READS=1 (read in apps/server/src/config.ts
 *   and used nowhere but app.ts, which tells db/data-versions.ts): every look at the data
 *   versions then finds versions nothing was kept for, exactly as after a write, so every
 *   answer kept per data version (kept answers, the viewer behind a token, a closed year's
 *   rewind) is computed afresh on every request, each request on its own, none sharing
 *   another's work. What requests arriving together share on a real site, they share
 *   here too (decision 028): the look at the versions, and the looks at who is asking
 *   and when the next lan starts. That is the cost of the first read after a change, on
 *   every request. It was chosen over alternating the load with real writes because that would measure
 *   the writes as well (and on SQLite one write at a time), and no API write changes the
 *   playtime the stats read. What does not depend on the data stays as it is (a verified
 *   token is still remembered). Before it is loaded, every fresh answer is compared with
 *   the answer recorded from the normal server: they must be the same bytes.
 * - **The running year's rewind against a closed year's** (goal 2: at most 3×): on the
 *   fresh server, each built one request at a time, the median of a few builds; the fresh
 *   loads' req/s would compare queues, and at scale 10 on a slow machine a fresh rewind
 *   under 32 connections may not be answered within a run at all.
 * - **300 lanners subscribing at once** (BENCH_LANNERS): see bench/subscribe-at-once.ts;
 *   against the restarted normal server after the reads, so its writes touch no read.
 *
 * Everything runs on this machine: the load, the floor and the server share its cores,
 * so the ratio to the floor, not the requests per second, is the figure to compare
 * across machines. The load average before and after each site is printed: another busy
 * process on the machine makes every figure lower.
 */
const options = benchOptionsOf(process.env);

type SiteOutcome = {
  engine: Engine;
  scale: number;
  seededInMs: number;
  restartedInMs: number;
  rows: BenchRow[];
  freshMismatches: string[];
  /** One build of each rewind afresh, asked one after another (median ms); see rewindBuilds. */
  rewindBuildMs?: { closed: number; running: number };
  subscribe: SubscribeOutcome | { failure: string };
  loadBefore: number[];
  loadAfter: number[];
};

/** The visitor's today, as the web app's todayIsoDate gives it. */
function todayIsoDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The member's session, renewed before the access token runs out. */
class Session {
  #tokens: Tokens;
  readonly #provider: Provider;
  constructor(provider: Provider, tokens: Tokens) {
    this.#provider = provider;
    this.#tokens = tokens;
  }
  /** A token good for at least the next `marginMs`. */
  async token(marginMs = 120_000): Promise<string> {
    this.#tokens = await fresh(this.#provider, this.#tokens, marginMs);
    return this.#tokens.accessToken;
  }
}

async function getJson<Body>(origin: string, path: string, token: string): Promise<Body> {
  const answer = await new Browser().get(`${origin}${path}`, {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
  });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return JSON.parse(answer.body.toString()) as Body;
}

/** What the URLs need, asked of the site as the member. */
async function discoverContext(origin: string, token: string): Promise<ReadContext> {
  const today = todayIsoDate();
  type Page = { items: { id: number }[]; total: number };
  const upcoming = await getJson<Page>(
    origin,
    `/api/lans?sinceDate=${today}&sort=start-date&limit=5`,
    token,
  );
  const lanIds: number[] = [];
  for (let offset = 0; ; ) {
    const page = await getJson<Page>(origin, `/api/lans?offset=${offset}&limit=100`, token);
    lanIds.push(...page.items.map((lan) => lan.id));
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) break;
  }
  const last = await getJson<{ month: string }>(
    origin,
    '/api/stats/leader-boards/users/months/last',
    token,
  );
  const boards = await getJson<{ users: string[]; games: string[] }>(
    origin,
    '/api/stats/leader-boards',
    token,
  );
  const years = await getJson<number[]>(origin, '/api/stats/summaries', token);
  const runningYear = new Date().getFullYear();
  const year = years.find((candidate) => candidate < runningYear);
  const lanId = upcoming.items[0]?.id;
  if (lanId === undefined || year === undefined || lanIds.length === 0)
    throw new Error('The demo community has no upcoming lan or no closed year with a rewind');
  return {
    today,
    lanId,
    lanIds,
    lastMonth: last.month,
    months: [...new Set([...boards.users, ...boards.games])].sort().reverse(),
    year,
    runningYear,
    years,
  };
}

async function fetchRead(origin: string, path: string, read: PageRead, token: string) {
  return new Browser().get(`${origin}${path}`, readHeaders(read, token));
}

function isSuccess(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** Every read's answer, fetched once; every URL a load will send checked to be answered 2xx. */
async function recordAnswers(
  origin: string,
  reads: readonly PageRead[],
  context: ReadContext,
  session: Session,
): Promise<RecordedAnswer[]> {
  const recorded: RecordedAnswer[] = [];
  for (const read of reads) {
    const token = await session.token();
    const path = read.url(context);
    const answer = await fetchRead(origin, path, read, token);
    if (!isSuccess(answer)) throw new Error(`${read.name}: GET ${path} answered ${answer.status}`);
    recorded.push({
      path,
      status: answer.status,
      headers: headersToRecord(answer.headers),
      body: answer.body.toString('base64'),
    });
    if (!read.newUrl) continue;
    const distinct = read.distinctUrls?.(context) ?? 1;
    const samples = Number.isFinite(distinct)
      ? Array.from({ length: distinct }, (_, index) => index)
      : [0, 1, 1_000, 100_000, 1_000_000];
    for (const index of samples) {
      const other = read.newUrl(context, index);
      const check = await fetchRead(origin, other, read, token);
      if (!isSuccess(check)) throw new Error(`${read.name}: GET ${other} answered ${check.status}`);
    }
  }
  return recorded;
}

const rewindBuildCount = 5;

/**
 * What one build of a closed year's rewind and of the running year's costs on the fresh
 * server (every read builds): each asked one after another, after one build to warm up, so
 * the time is the build's own and not a queue's (under 32 connections a rewind at scale 10
 * may not be answered within a run at all). Undefined when either read is not measured.
 */
async function rewindBuilds(
  origin: string,
  reads: readonly PageRead[],
  context: ReadContext,
  session: Session,
): Promise<{ closed: number; running: number } | undefined> {
  const closed = reads.find((read) => read.name === "a year's rewind");
  const running = reads.find((read) => read.name === "this year's rewind");
  if (!closed || !running) return undefined;
  const medianMs = async (read: PageRead) => {
    const token = await session.token();
    const path = read.url(context);
    const took: number[] = [];
    for (let build = 0; build <= rewindBuildCount; build += 1) {
      const started = performance.now();
      const answer = await fetchRead(origin, path, read, token);
      if (!isSuccess(answer))
        throw new Error(`${read.name}: GET ${path} answered ${answer.status}`);
      if (build > 0) took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    return took[Math.floor(took.length / 2)] ?? 0;
  };
  return { closed: await medianMs(closed), running: await medianMs(running) };
}

/** The floor of a read: the means of two loads of it, one before and one after the server's. */
function floorOf(before: LoadResult, after: LoadResult): Pick<BenchRow, 'floor' | 'floorP99'> {
  return {
    floor: (before.requestsPerSecond + after.requestsPerSecond) / 2,
    floorP99: (before.p99 + after.p99) / 2,
  };
}

async function load(
  origin: string,
  read: PageRead,
  variant: Exclude<Variant, 'fresh'>,
  context: ReadContext,
  session: Session,
  seconds = options.seconds,
): Promise<LoadResult> {
  // The token must outlive the warm-up and the run.
  const token = await session.token((options.warmUpSeconds + seconds + 60) * 1000);
  return runLoad({
    origin,
    read: read.name,
    context,
    variant,
    headers: readHeaders(read, token),
    connections: options.connections,
    warmUpSeconds: options.warmUpSeconds,
    seconds,
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function progress(text: string) {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

async function benchSite(engine: Engine, scale: number): Promise<SiteOutcome> {
  const loadBefore = loadavg();
  const place = createDataPlace(engine, options.postgresUrl);
  // One port for every start, so the issuer (PUBLIC_URL) and so the tokens stay the same.
  const port = await findBenchPort();
  const env = { LANPARTY_DEMO_SCALE: String(scale) };
  let server: RunningServer | undefined;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    progress(`${engine}, scale ${scale}: seeding the demo community…`);
    server = await startServerProcess(place, env, port);
    const seededInMs = server.startedInMs;
    const provider = await discoverProvider(server.origin);
    const session = new Session(provider, await signIn(provider, 'member', 'member'));
    const context = await discoverContext(server.origin, await session.token());
    const reads = readsOnSite(context).filter(
      (read) => options.reads.length === 0 || options.reads.includes(read.name),
    );
    const recorded = await recordAnswers(server.origin, reads, context, session);
    floor = await startFloor(recorded);

    // A site just seeded and started is not yet in its stride (the first read of a run
    // came out at 0.21–0.23 of its floor where the next were at 0.30 and more): every
    // read is loaded once, unmeasured, before the first run that counts.
    progress(`${engine}, scale ${scale}: settling…`);
    for (const read of reads) await load(server.origin, read, 'same URL', context, session, 1);

    const rows: BenchRow[] = [];
    const floorServer = floor;
    const loadFloor = (read: PageRead) =>
      load(floorServer.origin, read, 'same URL', context, session);
    for (const read of reads) {
      progress(`${engine}, scale ${scale}: ${read.name}…`);
      const floorBefore = await loadFloor(read);
      const sameUrl = await load(server.origin, read, 'same URL', context, session);
      const newUrl = read.newUrl && (await load(server.origin, read, 'new URL', context, session));
      const floor = floorOf(floorBefore, await loadFloor(read));
      rows.push({ read: read.name, variant: 'same URL', result: sameUrl, ...floor });
      if (newUrl)
        rows.push({
          read: read.name,
          variant: 'new URL',
          distinctUrls: read.distinctUrls?.(context) ?? Number.POSITIVE_INFINITY,
          result: newUrl,
          ...floor,
        });
    }
    await server.stop();

    // The first read after a change, on every request (see the header).
    server = await startServerProcess(place, { ...env, LANPARTY_FRESH_READS: '1' }, port);
    const restartedInMs = server.startedInMs;
    const freshMismatches: string[] = [];
    for (const [index, read] of reads.entries()) {
      const answer = await fetchRead(server.origin, read.url(context), read, await session.token());
      if (answer.body.toString('base64') !== recorded[index]?.body) freshMismatches.push(read.name);
    }
    const rewindBuildMs = await rewindBuilds(server.origin, reads, context, session);
    for (const read of reads) {
      progress(`${engine}, scale ${scale}: ${read.name}, fresh…`);
      const at = rows.findIndex((row) => row.read === read.name) + (read.newUrl ? 2 : 1);
      const floorBefore = await loadFloor(read);
      const result = await load(server.origin, read, 'same URL', context, session);
      const floor = floorOf(floorBefore, await loadFloor(read));
      rows.splice(at, 0, { read: read.name, variant: 'fresh', result, ...floor });
    }
    await server.stop();

    progress(`${engine}, scale ${scale}: ${options.lanners} lanners subscribing at once…`);
    server = await startServerProcess(place, env, port);
    let subscribe: SubscribeOutcome | { failure: string };
    try {
      subscribe = await subscribeAtOnce(provider, options.lanners);
    } catch (error) {
      subscribe = {
        failure: `${describe(error)}\nThe server's last words:\n${server.output().slice(-4000)}`,
      };
    }
    await server.stop();
    progress('');
    return {
      engine,
      scale,
      seededInMs,
      restartedInMs,
      rows,
      freshMismatches,
      rewindBuildMs,
      subscribe,
      loadBefore,
      loadAfter: loadavg(),
    };
  } finally {
    await server?.stop();
    await floor?.stop();
    await place.remove();
  }
}

function printSite(outcome: SiteOutcome, settings: BenchOptions) {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.info(
    `\n## ${outcome.engine}, LANPARTY_DEMO_SCALE=${outcome.scale}\n\n` +
      `Seeded and started in ${(outcome.seededInMs / 1000).toFixed(1)} s (a restart on the seeded data: ${(outcome.restartedInMs / 1000).toFixed(1)} s). ` +
      `${settings.connections} connections, ${settings.seconds} s per run after a ${settings.warmUpSeconds} s warm-up. ` +
      `Load average before ${load(outcome.loadBefore)}, after ${load(outcome.loadAfter)}.\n`,
  );
  console.info(formatBenchTable(outcome.rows));
  console.info(`\n${summaryOf(outcome.rows)}.`);
  if (outcome.freshMismatches.length > 0)
    console.info(
      `Fresh answers differed from the kept ones for: ${outcome.freshMismatches.join(', ')}.`,
    );
  else
    console.info(
      'Every fresh answer was byte for byte the answer recorded from the normal server.',
    );
  const rewinds = outcome.rewindBuildMs;
  if (rewinds)
    console.info(
      `The running year's rewind, computed afresh, costs ${(rewinds.running / rewinds.closed).toFixed(1)}× ` +
        `a closed year's (goal ≤ 3): ${rewinds.running.toFixed(1)} ms against ` +
        `${rewinds.closed.toFixed(1)} ms, the median of ${rewindBuildCount} builds each, one at a time.`,
    );
  const subscribe = outcome.subscribe;
  if ('failure' in subscribe) {
    console.error(`${settings.lanners} lanners subscribing at once failed: ${subscribe.failure}`);
    process.exitCode = 1;
    return;
  }
  console.info(
    `${subscribe.lanners} lanners subscribing at once: ${Object.entries(subscribe.statusCounts)
      .map(([status, count]) => `${formatCount(count)} × ${status}`)
      .join(
        ', ',
      )}; p50 ${subscribe.p50.toFixed(0)} ms, p99 ${subscribe.p99.toFixed(0)} ms, slowest ${subscribe.maxMs.toFixed(0)} ms (accounts made and roles given beforehand in ${(subscribe.preparedInMs / 1000).toFixed(1)} s).`,
  );
}

console.info(
  `# bench:api${options.isQuick ? ' (BENCH_QUICK: a check of the script, not a measure)' : ''}\n\n` +
    `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}). ` +
    `Engines ${options.engines.join(', ')}; LANPARTY_DEMO_SCALE ${options.scales.join(', ')}.`,
);
for (const engine of options.engines) {
  for (const scale of options.scales) {
    try {
      printSite(await benchSite(engine, scale), options);
    } catch (error) {
      progress('');
      console.error(`\n${engine} at scale ${scale} failed: ${describe(error)}`);
      process.exitCode = 1;
    }
  }
}
