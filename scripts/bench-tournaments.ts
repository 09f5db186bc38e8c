import { acceptLanners, createBenchLan } from './bench/bench-lan.ts';
import { Browser } from './bench/browser.ts';
import { headersToRecord, type RecordedAnswer, startFloor } from './bench/children.ts';
import { cpuBetween, describeCpu, snapshotCpu } from './bench/cpu-account.ts';
import {
  createLanners,
  expectStatus,
  inTurns,
  type Lanner,
  lannerAddress,
  sendJson,
} from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import { percentile } from './bench/report.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, type Provider, signIn } from './bench/sign-in.ts';

/**
 * `npm run bench:tournaments` (issue 37), against real server processes (on PostgreSQL two
 * servers on one database, the reports spread over both), this process being the players:
 *
 * - A double elimination of 128 entrants (BENCH_ENTRANTS) is started: POST
 *   /api/tournaments/{id}/start seeds it, draws its 255 matches on the bracket library and
 *   answers the whole bracket, ≤ 1 s.
 * - Its 64 first-round matches are reported by both sides at once (128 PUT
 *   /api/matches/{id}/report fired together, each from its own connection): every match is
 *   settled once (the winners' and losers' next matches hold each side once), no 5xx,
 *   p99 ≤ 200 ms.
 *
 * First every server plays a 32-entrant cup's first round of its own the same way (both
 * sides on that server), unmeasured: the figures are of servers that have run a bracket
 * before.
 *
 * BENCH_ENGINES (sqlite,postgres) as for bench:api; BENCH_SERVERS=1 runs PostgreSQL with
 * one server instead of two. It prints where the burst's CPU went (servers, database,
 * players).
 */

const options = benchOptionsOf(process.env);
const entrantCount = Number(process.env.BENCH_ENTRANTS ?? 128);
const warmUpEntrants = 32;
const goals = { startMs: 1000, reportP99Ms: 200 } as const;

type Side = { entryId: number | null; score: number | null } | null;
type Match = { id: number; status: string; sides: [Side, Side] };
type Bracket = {
  id: number;
  entries: { id: number; captainId: number }[];
  groups: { name: string; rounds: { matches: Match[] }[] }[];
};

const json = <T>(answer: { body: Buffer }) => JSON.parse(answer.body.toString()) as T;

/**
 * A lan, its lanners Accepted, a double elimination they all entered, and a warm-up cup
 * for each of the `serverCount` servers.
 */
async function prepare(provider: Provider, lanners: readonly Lanner[], serverCount: number) {
  const origin = provider.origin;
  let organiser = await signIn(provider, 'lanadmin', 'lanadmin');
  const lan = await createBenchLan(origin, organiser, {
    name: 'Bracket Lan',
    description: 'Everyone reports at once.',
    daysAhead: 30,
  });
  organiser = await acceptLanners(provider, organiser, lan.id, lanners);
  const tournament = json<{ id: number }>(
    expectStatus(
      await sendJson(new Browser(), 'POST', `${origin}/api/lans/${lan.id}/tournaments`, organiser, {
        name: 'Bench double elimination',
        game: 'Quake III Arena',
        format: 'double_elimination',
        maxEntrants: entrantCount,
        bestOf: 1,
      }),
      201,
      'POST /api/lans/{id}/tournaments',
    ),
  );
  const warmUps: number[] = [];
  for (let server = 1; server <= serverCount; server += 1)
    warmUps.push(
      json<{ id: number }>(
        expectStatus(
          await sendJson(
            new Browser(),
            'POST',
            `${origin}/api/lans/${lan.id}/tournaments`,
            organiser,
            {
              name: `Warm-up cup ${server}`,
              game: 'Quake III Arena',
              format: 'double_elimination',
              maxEntrants: warmUpEntrants,
              bestOf: 1,
            },
          ),
          201,
          'POST /api/lans/{id}/tournaments',
        ),
      ).id,
    );
  await inTurns(lanners, 8, async (lanner, index) => {
    lanner.tokens = await fresh(provider, lanner.tokens);
    for (const id of index < warmUpEntrants ? [tournament.id, ...warmUps] : [tournament.id])
      expectStatus(
        await sendJson(
          lanner.browser,
          'POST',
          `${origin}/api/tournaments/${id}/entries`,
          lanner.tokens,
          {},
        ),
        201,
        'POST /api/tournaments/{id}/entries',
      );
  });
  return {
    tournamentId: tournament.id,
    warmUps,
    organiser: await fresh(provider, organiser),
  };
}

/** Both sides of every ready match report it at the same moment, over the servers. */
async function reportAtOnce(
  servers: readonly Pick<RunningServer, 'origin'>[],
  lanners: readonly Lanner[],
  bracket: Bracket,
) {
  const byUser = new Map(lanners.map((lanner) => [lanner.userId, lanner]));
  const captainOf = new Map(bracket.entries.map((entry) => [entry.id, entry.captainId]));
  const ready =
    bracket.groups[0]?.rounds[0]?.matches.filter((match) => match.status === 'ready') ?? [];
  const reports = ready.flatMap((match) =>
    match.sides.map((side) => {
      const lanner = byUser.get(captainOf.get(side?.entryId ?? 0) ?? 0);
      if (!lanner) throw new Error(`Nobody plays entry ${side?.entryId}`);
      return { match, lanner };
    }),
  );
  const tabs = reports.map(
    (_, index) => new Browser({ localAddress: lannerAddress(index), keepAlive: true }),
  );
  // Open each tab's connection first (a player has the page open).
  await inTurns([...reports.keys()], 32, async (index) => {
    const server = servers[index % servers.length] as RunningServer;
    await (tabs[index] as Browser).get(`${server.origin}/api/health`, {});
  });
  const at = performance.now() + 50;
  try {
    return await Promise.all(
      reports.map(async ({ match, lanner }, index) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
        const server = servers[index % servers.length] as RunningServer;
        const path = `/api/matches/${match.id}/report`;
        const started = performance.now();
        try {
          const answer = await sendJson(
            tabs[index] as Browser,
            'PUT',
            `${server.origin}${path}`,
            lanner.tokens,
            { scores: [1, 0] },
          );
          const recorded: RecordedAnswer = {
            path,
            status: answer.status,
            headers: headersToRecord(answer.headers),
            body: answer.body.toString('base64'),
          };
          return { status: answer.status, ms: performance.now() - started, recorded };
        } catch {
          return { status: 0, ms: performance.now() - started, recorded: null };
        }
      }),
    );
  } finally {
    for (const tab of tabs) tab.close();
  }
}

/** What the bracket holds after the burst: each match settled once, each side on once. */
function verify(before: Bracket, after: Bracket): string[] {
  const problems: string[] = [];
  const firstRound =
    before.groups[0]?.rounds[0]?.matches.filter((match) => match.status === 'ready') ?? [];
  const afterMatches = new Map(
    after.groups
      .flatMap((group) => group.rounds.flatMap((round) => round.matches))
      .map((match) => [match.id, match]),
  );
  for (const match of firstRound) {
    const settled = afterMatches.get(match.id);
    if (settled?.status !== 'completed') problems.push(`match ${match.id} is ${settled?.status}`);
    else if (settled.sides[0]?.score !== 1 || settled.sides[1]?.score !== 0)
      problems.push(
        `match ${match.id} settled at ${settled.sides.map((side) => side?.score).join('–')}`,
      );
  }
  const seen = new Map<string, number>();
  for (const group of after.groups)
    for (const [roundIndex, round] of group.rounds.entries()) {
      if (group === after.groups[0] && roundIndex === 0) continue;
      for (const match of round.matches)
        for (const side of match.sides)
          if (side?.entryId != null) {
            const key = `${group.name} ${side.entryId}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
          }
    }
  for (const [key, count] of seen) if (count > 1) problems.push(`${key} is on ${count} times`);
  const winners = [...seen.keys()].filter((key) =>
    key.startsWith(after.groups[0]?.name ?? ''),
  ).length;
  const losers = [...seen.keys()].filter((key) =>
    key.startsWith(after.groups[1]?.name ?? ''),
  ).length;
  if (winners !== firstRound.length)
    problems.push(`${winners} winners went on, not ${firstRound.length}`);
  if (losers !== firstRound.length)
    problems.push(`${losers} losers went on, not ${firstRound.length}`);
  return problems;
}

async function benchEngine(engine: Engine) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  try {
    const env = { WRITES_PER_MINUTE: '100000' };
    const first = await startServerProcess(place, env);
    servers.push(first);
    if (engine === 'postgres' && process.env.BENCH_SERVERS !== '1')
      servers.push(await startServerProcess(place, { ...env, PUBLIC_URL: first.origin }));
    const provider = await discoverProvider(first.origin);
    console.info(`${engine}: ${entrantCount} lanners signing up and entering…`);
    const lanners = await createLanners(provider, entrantCount);
    const { tournamentId, warmUps, organiser } = await prepare(provider, lanners, servers.length);
    // Every server plays a small cup of its own first, both sides of its first round on it,
    // unmeasured: the figures are of servers that have run a bracket before, as every server
    // has by the time a lan's first round ends (a first one also pays for compiling the code
    // it runs, and with the reports spread over two servers each would see half as much).
    for (const [index, server] of servers.entries()) {
      const warmUp = json<Bracket>(
        expectStatus(
          await sendJson(
            new Browser(),
            'POST',
            `${server.origin}/api/tournaments/${warmUps[index]}/start`,
            organiser,
            { seeding: 'random' },
          ),
          200,
          'POST /api/tournaments/{id}/start',
        ),
      );
      await reportAtOnce([server], lanners, warmUp);
    }

    const startedAt = performance.now();
    const bracket = json<Bracket>(
      expectStatus(
        await sendJson(
          new Browser(),
          'POST',
          `${first.origin}/api/tournaments/${tournamentId}/start`,
          organiser,
          {
            seeding: 'random',
          },
        ),
        200,
        'POST /api/tournaments/{id}/start',
      ),
    );
    const startMs = performance.now() - startedAt;
    const matchCount = bracket.groups.flatMap((group) =>
      group.rounds.flatMap((round) => round.matches),
    ).length;

    for (const lanner of lanners) lanner.tokens = await fresh(provider, lanner.tokens, 120_000);
    console.info(`${engine}: both sides of every first-round match report at once…`);
    const cpuBefore = snapshotCpu();
    const burstStart = performance.now();
    const reports = await reportAtOnce(servers, lanners, bracket);
    const burstMs = Math.round(performance.now() - burstStart);
    const serverPids = new Set(servers.map((server) => server.pid));
    const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, command) => {
      if (serverPids.has(pid)) return 'servers';
      if (pid === process.pid) return 'players';
      if (command === 'postgres') return 'database';
      return undefined;
    });
    if (cpu.size)
      console.info(
        `${engine}: CPU ${describeCpu(cpu)} in ${burstMs} ms (2 cores: ${burstMs * 2} ms)`,
      );
    const after = json<Bracket>(
      expectStatus(
        await new Browser().get(`${first.origin}/api/tournaments/${tournamentId}`, {}),
        200,
        'GET /api/tournaments/{id}',
      ),
    );
    const problems = verify(bracket, after);
    const failed = reports.filter((report) => report.status !== 200);
    if (failed.length > 0)
      problems.push(
        `${failed.length} reports answered ${[...new Set(failed.map((each) => each.status))].join(', ')}`,
      );
    const times = reports.map((report) => report.ms);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    // The floor: the same reports, at once over as many connections, answered with the
    // very bytes the servers answered from memory by a bare node:http server.
    const floor = await startFloor(
      reports.flatMap((report) => (report.recorded ? [report.recorded] : [])),
    );
    let floorTimes: number[];
    try {
      floorTimes = (await reportAtOnce([floor], lanners, bracket)).map((report) => report.ms);
    } finally {
      await floor.stop();
    }
    console.info(
      `${engine}: started a double elimination of ${entrantCount} (${matchCount} matches) in ${Math.round(startMs)} ms ` +
        `(goal ≤ ${goals.startMs}); ${reports.length} reports of ${reports.length / 2} matches at once: ` +
        `p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(Math.max(...times))} ms (goal p99 ≤ ${goals.reportP99Ms}; ` +
        `the floor, the same answers from memory: p50 ${Math.round(percentile(floorTimes, 50))} ms, p99 ${Math.round(percentile(floorTimes, 99))} ms); ` +
        `${servers.length} server${servers.length === 1 ? '' : 's'}`,
    );
    if (startMs > goals.startMs) problems.push(`the start took ${Math.round(startMs)} ms`);
    if (p99 > goals.reportP99Ms) problems.push(`reports p99 ${Math.round(p99)} ms`);
    return problems.map((problem) => `${engine}: ${problem}`);
  } finally {
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

const problems: string[] = [];
for (const engine of options.engines) problems.push(...(await benchEngine(engine)));
if (problems.length > 0) {
  console.error(`Missed:\n${problems.join('\n')}`);
  process.exitCode = 1;
} else console.info('bench:tournaments: every goal met.');
