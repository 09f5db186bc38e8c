import { loadavg } from 'node:os';
import { acceptLanners, createBenchLan } from './bench/bench-lan.ts';
import { Browser } from './bench/browser.ts';
import { headersToRecord, runLoad, startFloor } from './bench/children.ts';
import { cpuBetween, describeCpu, snapshotCpu } from './bench/cpu-account.ts';
import {
  bearer,
  createLanners,
  expectStatus,
  inTurns,
  type Lanner,
  lannerAddress,
  sendJson,
} from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import type { ReadContext } from './bench/reads.ts';
import { percentile } from './bench/report.ts';
import { epochNow, openSeatStreamViews, type ViewSpec } from './bench/seat-stream-views.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, type Provider, signIn } from './bench/sign-in.ts';

/**
 * `npm run bench:seats` (issue 34): seat picking under load, against real server processes
 * (the demo community at ×10; on PostgreSQL two servers on one database, the picks and the
 * streams spread over both), this process being the browsers.
 *
 * - 500 participants (BENCH_PARTICIPANTS) pick in the same second (each at a moment of it
 *   drawn at random, as people clicking when picking opens), half of them racing for 20 seats: every contested seat must go to exactly one of those who were told 200, the
 *   rest told 409, no 5xx, nobody on two seats; p99 of a pick ≤ 200 ms.
 * - Meanwhile 1,000 live update streams (BENCH_STREAMS) are open; each keeps its view of the
 *   map as a tab does: a seat event marks it behind, and it reads the changes since the
 *   version it holds (one read at a time). Each view must equal the database's within 1 s
 *   of the last pick.
 * - Then GET /api/lans/{id}/seating of the 1,000-seat plan, unchanged, at 32 connections
 *   from a process of its own: ≥ 0.25 of its floor (the same bytes from memory).
 *
 * BENCH_ENGINES (sqlite,postgres) and BENCH_SECONDS as for bench:api; BENCH_TIMELINE=1 prints
 * the picks' times by tenth of the second they began in (where in the burst they queue).
 */

const options = benchOptionsOf(process.env);
const participantCount = Number(process.env.BENCH_PARTICIPANTS ?? 500);
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const contestedCount = 20;
/** A tab gathers events this long before it reads (gatherMs of the web app's live updates). */
const seatReadPaceMs = Number(process.env.BENCH_PACE_MS ?? 50);
/** A tab that applied seat events itself reads the changes this long after the last (seatSettleMs). */
const seatSettleMs = 2000;
const goals = { pickP99Ms: 200, convergeMs: 1000, unchanged: 0.25 } as const;
const plan = { columns: 40, rows: 25 };

type MapSeat = { id: number; occupant: { userId: number } | null };

type PickResult = { status: number; ms: number; at: number; seatId: number; userId: number };

async function prepareLan(provider: Provider, lanners: readonly Lanner[]) {
  const origin = provider.origin;
  const organiser = await signIn(provider, 'lanadmin', 'lanadmin');
  const lan = await createBenchLan(origin, organiser, {
    name: 'Seat Race Lan',
    description: 'Everyone picks at once.',
  });
  const seats = Array.from({ length: plan.columns * plan.rows }, (_, index) => ({
    label: `${String.fromCharCode(65 + (Math.floor(index / plan.columns) % 26))}${Math.floor(index / (plan.columns * 26)) || ''}${(index % plan.columns) + 1}`,
    x: index % plan.columns,
    y: Math.floor(index / plan.columns),
  }));
  const seating = JSON.parse(
    expectStatus(
      await sendJson(new Browser(), 'PUT', `${origin}/api/lans/${lan.id}/seating`, organiser, {
        plan: {
          opensAt: null,
          locksAt: null,
          published: true,
          width: plan.columns,
          height: plan.rows,
        },
        seats,
        blocks: [],
      }),
      200,
      'PUT /api/lans/{id}/seating',
    ).body.toString(),
  ) as { seats: { id: number; label: string }[] };

  await acceptLanners(provider, organiser, lan.id, lanners);
  return { lanId: lan.id, seatIds: seating.seats.map((seat) => seat.id) };
}

async function pickAtOnce(
  servers: readonly RunningServer[],
  lanners: readonly Lanner[],
  lanId: number,
  seatIds: readonly number[],
  viewsPid: number | undefined,
): Promise<{ picks: PickResult[]; cpu: string }> {
  const contested = seatIds.slice(0, contestedCount);
  const half = Math.floor(lanners.length / 2);
  const originOf = (index: number) => (servers[index % servers.length] as RunningServer).origin;
  // Each picker has the map open: its tab holds a connection to the site, made when the
  // page read what it shows (its seat swaps), as a browser keeps one.
  const tabs = lanners.map(
    (_, index) => new Browser({ localAddress: lannerAddress(index), keepAlive: true }),
  );
  await inTurns([...lanners.keys()], 32, async (index) => {
    const lanner = lanners[index] as Lanner;
    expectStatus(
      await (tabs[index] as Browser).get(
        `${originOf(index)}/api/lans/${lanId}/seat-swaps`,
        bearer(lanner.tokens),
      ),
      200,
      'GET /api/lans/{id}/seat-swaps',
    );
  });
  const secondStart = performance.now() + 50;
  const startedAt: number[] = [];
  const cpuBefore = snapshotCpu();
  try {
    const picks = await Promise.all(
      lanners.map(async (lanner, index) => {
        // Each at its moment of the second: the racers (the first half) and the others mixed.
        const moment = secondStart + ((index * 7919) % lanners.length) * (1000 / lanners.length);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, moment - performance.now())),
        );
        const seatId =
          index < half
            ? (contested[index % contested.length] as number)
            : (seatIds[contestedCount + index] as number);
        const started = performance.now();
        startedAt[index] = started - secondStart;
        let status: number;
        try {
          const answer = await sendJson(
            tabs[index] as Browser,
            'PUT',
            `${originOf(index)}/api/lans/${lanId}/seats/${seatId}/occupant`,
            lanner.tokens,
            { userId: lanner.userId },
          );
          status = answer.status;
        } catch {
          status = 0;
        }
        return {
          status,
          ms: performance.now() - started,
          at: epochNow(),
          seatId,
          userId: lanner.userId,
        };
      }),
    );
    if (process.env.BENCH_TIMELINE) {
      for (let from = 0; from < 1000; from += 100) {
        const inBucket = picks.filter(
          (_, i) => (startedAt[i] ?? 0) >= from && (startedAt[i] ?? 0) < from + 100,
        );
        const times = inBucket.map((pick) => pick.ms);
        console.info(
          `  ${from}-${from + 100} ms: ${inBucket.length} picks, p50 ${Math.round(percentile(times, 50))}, max ${Math.round(Math.max(...times))}`,
        );
      }
    }
    const serverPids = new Set(servers.map((server) => server.pid));
    const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, command) => {
      if (serverPids.has(pid)) return 'servers';
      if (pid === viewsPid) return 'stream views';
      if (pid === process.pid) return 'pickers';
      if (command === 'postgres') return 'database';
      return undefined;
    });
    const elapsed = Math.round(performance.now() - secondStart);
    return {
      picks,
      cpu: cpu.size ? `${describeCpu(cpu)} in ${elapsed} ms (2 cores: ${elapsed * 2} ms)` : '',
    };
  } finally {
    for (const tab of tabs) tab.close();
  }
}

/** What the database holds after the burst, checked against what each picker was told. */
function verify(
  picks: readonly PickResult[],
  seating: { seats: { id: number; occupant: { userId: number } | null }[] },
) {
  const problems: string[] = [];
  const occupantOf = new Map(seating.seats.map((seat) => [seat.id, seat.occupant?.userId]));
  const seated = seating.seats.flatMap((seat) => (seat.occupant ? [seat.occupant.userId] : []));
  if (new Set(seated).size !== seated.length) problems.push('someone holds two seats');
  const contested = new Set(picks.slice(0, Math.floor(picks.length / 2)).map((p) => p.seatId));
  for (const seatId of contested) {
    const winners = picks.filter((pick) => pick.seatId === seatId && pick.status === 200);
    if (winners.length !== 1) problems.push(`seat ${seatId}: ${winners.length} told 200`);
    else if (occupantOf.get(seatId) !== winners[0]?.userId)
      problems.push(`seat ${seatId} is not held by the one told 200`);
  }
  for (const pick of picks.filter((each) => each.status === 200))
    if (occupantOf.get(pick.seatId) !== pick.userId)
      problems.push(`user ${pick.userId} was told 200 but does not hold seat ${pick.seatId}`);
  return problems;
}

async function unchangedLoad(server: RunningServer, lanId: number) {
  const path = `/api/lans/${lanId}/seating`;
  const headers = { accept: 'application/json, application/problem+json, text/plain' };
  const answer = await new Browser().get(`${server.origin}${path}`, headers);
  const floor = await startFloor([
    {
      path,
      status: answer.status,
      headers: headersToRecord(answer.headers),
      body: answer.body.toString('base64'),
    },
  ]);
  const context = { lanId } as ReadContext;
  const spec = {
    read: 'seat map',
    context,
    variant: 'same URL' as const,
    headers,
    connections: options.connections,
    warmUpSeconds: options.warmUpSeconds,
    seconds: options.seconds,
  };
  try {
    const before = await runLoad({ ...spec, origin: floor.origin });
    const result = await runLoad({ ...spec, origin: server.origin });
    const after = await runLoad({ ...spec, origin: floor.origin });
    const floorRps = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    return { result, floorRps, bytes: answer.body.length };
  } finally {
    await floor.stop();
  }
}

async function benchEngine(engine: Engine) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  let views: Awaited<ReturnType<typeof openSeatStreamViews>> | undefined;
  try {
    const env = {
      LANPARTY_DEMO_SCALE: '10',
      // The organiser accepts hundreds of places in a minute.
      WRITES_PER_MINUTE: '100000',
      LIVE_STREAMS_MAX: String(
        engine === 'postgres' ? Math.ceil(streamCount / 2) + 50 : streamCount + 50,
      ),
    };
    const first = await startServerProcess(place, env);
    servers.push(first);
    if (engine === 'postgres')
      servers.push(await startServerProcess(place, { ...env, PUBLIC_URL: first.origin }));
    const provider = await discoverProvider(first.origin);
    console.info(`${engine}: ${participantCount} lanners signing up…`);
    const lanners = await createLanners(provider, participantCount);
    const { lanId, seatIds } = await prepareLan(provider, lanners);

    console.info(`${engine}: ${streamCount} live update streams opening…`);
    const specs: ViewSpec[] = [];
    for (let index = 0; index < streamCount; index += 1) {
      const lanner = lanners[index % lanners.length] as Lanner;
      lanner.tokens = await fresh(provider, lanner.tokens, 240_000);
      const server = servers[index % servers.length] as RunningServer;
      specs.push({ origin: server.origin, authorization: `Bearer ${lanner.tokens.accessToken}` });
    }
    views = await openSeatStreamViews({
      views: specs,
      lanId,
      paceMs: seatReadPaceMs,
      settleMs: seatSettleMs,
    });
    await Promise.all(
      lanners.map(async (lanner) => {
        lanner.tokens = await fresh(provider, lanner.tokens, 120_000);
      }),
    );

    const load = loadavg()[0] ?? 0;
    console.info(`${engine}: ${participantCount} picks in one second…`);
    const { picks, cpu } = await pickAtOnce(servers, lanners, lanId, seatIds, views.pid);
    const lastPickAt = Math.max(...picks.map((pick) => pick.at));
    const truthAnswer = await new Browser().get(`${first.origin}/api/lans/${lanId}/seating`, {});
    const truthMap = JSON.parse(truthAnswer.body.toString()) as { seats: MapSeat[] };
    const problems = verify(picks, truthMap);
    const truth = new Map(truthMap.seats.map((seat) => [seat.id, seat.occupant?.userId ?? null]));

    const lags = (await views.converge(truth, lastPickAt, 15_000)).map(
      (lag) => lag ?? Number.POSITIVE_INFINITY,
    );
    await views.close();
    views = undefined;

    const unchanged = await unchangedLoad(first, lanId);
    const statuses = new Map<number, number>();
    for (const pick of picks) statuses.set(pick.status, (statuses.get(pick.status) ?? 0) + 1);
    return {
      engine,
      servers: servers.length,
      loadBefore: load,
      cpu,
      statuses: [...statuses].sort(([a], [b]) => a - b),
      fiveHundreds: picks.filter((pick) => pick.status >= 500 || pick.status === 0).length,
      p50: percentile(
        picks.map((pick) => pick.ms),
        50,
      ),
      p99: percentile(
        picks.map((pick) => pick.ms),
        99,
      ),
      problems,
      converged: lags.filter((lag) => Number.isFinite(lag)).length,
      withinGoal: lags.filter((lag) => lag <= goals.convergeMs).length,
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
      lagMax: Math.max(...lags),
      unchanged,
    };
  } finally {
    await views?.close();
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never');

let failed = false;
for (const engine of options.engines) {
  const outcome = await benchEngine(engine);
  const ratio = outcome.unchanged.result.requestsPerSecond / outcome.unchanged.floorRps;
  const checks = [
    outcome.problems.length === 0,
    outcome.fiveHundreds === 0,
    outcome.p99 <= goals.pickP99Ms,
    outcome.withinGoal === streamCount,
    ratio >= goals.unchanged && outcome.unchanged.result.p99 <= 50,
  ];
  const meets = checks.every(Boolean);
  failed ||= !meets;
  console.info(
    [
      `\n${engine}, ${outcome.servers} server${outcome.servers > 1 ? 's' : ''} (load average before ${outcome.loadBefore.toFixed(2)})`,
      `  picks: ${participantCount} in one second, ${Math.floor(participantCount / 2)} racing for ${contestedCount} seats: ${outcome.statuses.map(([status, n]) => `${n} × ${status || 'failed'}`).join(', ')}; p50 ${ms(outcome.p50)}, p99 ${ms(outcome.p99)} (goal ≤ ${goals.pickP99Ms} ms)`,
      `  CPU while picking: ${outcome.cpu || 'not measured (no /proc)'}`,
      `  database: ${outcome.problems.length === 0 ? 'every contested seat held by the one told 200, nobody on two seats' : outcome.problems.slice(0, 5).join('; ')}`,
      `  streams: ${outcome.converged} of ${streamCount} show the database's map, ${outcome.withinGoal} within ${goals.convergeMs} ms of the last pick; after it p50 ${ms(outcome.lagP50)}, p99 ${ms(outcome.lagP99)}, slowest ${ms(outcome.lagMax)}`,
      `  GET seating (${plan.columns * plan.rows} seats, ${Math.round(outcome.unchanged.bytes / 1024)} KB as sent), unchanged, ${options.connections} connections: ${Math.round(outcome.unchanged.result.requestsPerSecond)}/s, ${ratio.toFixed(2)} of the floor's ${Math.round(outcome.unchanged.floorRps)}/s, p99 ${outcome.unchanged.result.p99} ms`,
      `  ${meets ? 'meets the goals' : 'MISSES a goal'}`,
    ].join('\n'),
  );
}
process.exitCode = failed ? 1 : 0;
