import { acceptLanners, createBenchLan } from './bench/bench-lan.ts';
import { cpuBetween, describeCpu, snapshotCpu } from './bench/cpu-account.ts';
import { checkDeadline, checkRace, checkReadBack, readOrders } from './bench/food-checks.ts';
import { openRound, race, renewAll, rush } from './bench/food-rush.ts';
import { createLanners } from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import { formatCount, percentile } from './bench/report.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, refresh, signIn } from './bench/sign-in.ts';

/**
 * `npm run bench:food` (issue 54 §4, rules that hold under a rush): 300 participants
 * (BENCH_LANNERS, Accepted) of a lan and a food round a lan administrator opens with its
 * deadline about 70 s ahead (by the server's clock). In the round's last minute
 * (BENCH_RUSH_SECONDS, 60) everyone places and changes their order, each person 3–5
 * changes one after another (PUT my-order, now and then a DELETE), spread over the minute,
 * each person's last change in a burst in the final 5 s, crowding towards the deadline (about
 * a fifth of the people in its last 250 ms); a quarter of them try once more at or just after
 * the deadline (up to 1.5 s). On PostgreSQL two servers share the database and each person's
 * changes alternate between them (SQLite: one server). The load comes from this process,
 * the servers each run in a process of their own.
 *
 * Goals: no 5xx; p99 of the accepted order writes (200 / 204) ≤ 200 ms; every change sent at
 * or after the deadline answered 409, every change answered before it accepted; each order
 * the organiser reads back afterwards exactly the last accepted body of its person (none where
 * that was a DELETE); the round's totals (amount, outstanding, quantity and amount per item
 * and choices) the sum of its orders.
 *
 * Then the limit a person under a race, on a second round (the first is closed by then) with
 * maxPerPerson 3 (the items of a whole order, every line's quantity summed; a PUT replaces
 * the whole order): half the people order one item first, then each person fires 4 PUTs at
 * once, split between the servers, each of 2–3 items on other lines (any two together would
 * be over the limit), and one of 4 items (over it). Every PUT within the limit answered 200,
 * the one over it 400, and each stored order exactly one of its person's bodies, at most 3
 * items; totals again the sum.
 *
 * BENCH_QUICK=1 or `-- --quick`: SQLite, 30 people, a 10 s rush, to check the script works.
 * BENCH_SEED: the seed of the people's choices (1). BENCH_PG_SERVERS: servers on PostgreSQL (2).
 * BENCH_TIMELINE=1: the accepted writes' latencies in the rush's last seconds, 250 ms at a time.
 *
 * The rush and the race: scripts/bench/food-rush.ts; what they are held to: bench/food-checks.ts.
 */

const isQuickFlag = process.argv.includes('--quick');
const options = benchOptionsOf(isQuickFlag ? { ...process.env, BENCH_QUICK: '1' } : process.env);
const personCount = options.lanners;
const rushSeconds = Number(process.env.BENCH_RUSH_SECONDS ?? (options.isQuick ? 10 : 60));
/** From opening the round to the rush's start: the deadline is this plus the rush ahead. */
const leadSeconds = 10;
/** Each person's last change before the deadline falls in these final seconds. */
const burstSeconds = Math.min(5, rushSeconds / 4);
/** How long after the deadline the late attempts come. */
const lateMs = 1_500;
const postgresServers = Number(process.env.BENCH_PG_SERVERS ?? 2);
const raceLimit = 3;
const raceWithin = 4;
const goals = { p99Ms: 200 } as const;
if (!Number.isInteger(postgresServers) || postgresServers < 1)
  throw new Error(
    `BENCH_PG_SERVERS: a whole number of at least 1 (got "${process.env.BENCH_PG_SERVERS}")`,
  );
if (!Number.isFinite(rushSeconds) || rushSeconds < 4)
  throw new Error(`BENCH_RUSH_SECONDS: at least 4 (got "${process.env.BENCH_RUSH_SECONDS}")`);

type Outcome = Awaited<ReturnType<typeof benchEngine>>;

async function benchEngine(engine: Engine) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  try {
    const env = { WRITES_PER_MINUTE: '100000' };
    const first = await startServerProcess(place, env);
    servers.push(first);
    if (engine === 'postgres')
      for (let more = 1; more < postgresServers; more += 1)
        servers.push(await startServerProcess(place, { ...env, PUBLIC_URL: first.origin }));
    const origins = servers.map((server) => server.origin);
    const provider = await discoverProvider(first.origin);
    console.info(`${engine}: ${personCount} lanners signing up and accepted…`);
    const lanners = await createLanners(provider, personCount);
    let organiser = await signIn(provider, 'lanadmin', 'lanadmin');
    const lan = await createBenchLan(first.origin, organiser, {
      name: 'Food Rush Lan',
      description: 'Everyone orders in the last minute.',
    });
    organiser = await acceptLanners(provider, organiser, lan.id, lanners);
    await renewAll(provider, lanners, Number.POSITIVE_INFINITY);
    organiser = await refresh(provider, organiser);

    // The deadline on a whole second, the rush's first change leadSeconds from now.
    const deadline = Math.ceil((Date.now() + (leadSeconds + rushSeconds) * 1000) / 1000) * 1000;
    const round = await openRound(first.origin, organiser, lan.id, {
      supplier: 'Pizzeria Rush',
      closesAt: new Date(deadline),
      maxPerPerson: null,
    });
    console.info(
      `${engine}: round ${round.id} closes at ${new Date(deadline).toISOString()}; the rush of its last ${rushSeconds} s starts in ${Math.round((deadline - rushSeconds * 1000 - Date.now()) / 1000)} s…`,
    );
    const seed = Number(process.env.BENCH_SEED ?? 1);
    const cpuBefore = snapshotCpu();
    const began = performance.now();
    const rushed = await rush(
      lanners,
      origins,
      round,
      { deadline, rushSeconds, burstSeconds, lateMs },
      seed,
    );
    const rushMs = performance.now() - began;
    if (process.env.BENCH_TIMELINE)
      for (let from = deadline - burstSeconds * 1000; from < deadline; from += 250) {
        const times = rushed.attempts
          .filter((each) => each.sentAt >= from && each.sentAt < from + 250)
          .filter((each) => each.status === 200 || each.status === 204)
          .map((each) => each.ms);
        console.info(
          `  ${from - deadline} ms: ${times.length} accepted, p50 ${Math.round(percentile(times, 50))} ms, max ${Math.round(Math.max(0, ...times))} ms`,
        );
      }
    const serverPids = new Set(servers.map((server) => server.pid));
    const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, command) => {
      if (serverPids.has(pid)) return 'servers';
      if (pid === process.pid) return 'load';
      if (command === 'postgres') return 'database';
      return undefined;
    });

    // The rush, checked.
    const { attempts } = rushed;
    const { accepted, late, lateWrong, early, earlyRefused, straddling, unexpected, closedText } =
      checkDeadline(attempts, deadline);

    organiser = await fresh(provider, organiser);
    const stored = await readOrders(first.origin, organiser, round.id);
    const { readProblems, totalsProblems } = checkReadBack(
      stored,
      lanners,
      rushed.lastAccepted,
      round.byId,
    );

    // The race, on a second round with maxPerPerson.
    await renewAll(provider, lanners, 150_000);
    organiser = await fresh(provider, organiser, 150_000);
    const raceRound = await openRound(first.origin, organiser, lan.id, {
      supplier: 'Burger Race',
      closesAt: new Date(Date.now() + 15 * 60_000),
      maxPerPerson: raceLimit,
    });
    console.info(
      `${engine}: the race: ${personCount} people each fire ${raceWithin + 1} PUTs at once on a round with maxPerPerson ${raceLimit}…`,
    );
    const raced = await race(lanners, origins, raceRound, seed, {
      limit: raceLimit,
      within: raceWithin,
    });
    const raceAnswers = raced.flatMap((each) => each.answers);
    organiser = await fresh(provider, organiser);
    const raceStored = await readOrders(first.origin, organiser, raceRound.id);
    const raceChecked = checkRace(raced, raceStored, lanners, raceRound.byId, {
      limit: raceLimit,
      within: raceWithin,
    });

    const fiveHundreds =
      attempts.filter((each) => each.status >= 500 || each.status === 0).length +
      raceAnswers.filter((each) => each.status >= 500 || each.status === 0).length;
    const latencies = accepted.map((each) => each.ms);
    const burstFrom = deadline - burstSeconds * 1000;
    const statusCounts = new Map<number, number>();
    for (const each of attempts)
      statusCounts.set(each.status, (statusCounts.get(each.status) ?? 0) + 1);
    return {
      engine,
      servers: servers.length,
      rushMs,
      cpu: cpu.size ? `${describeCpu(cpu)} in ${Math.round(rushMs)} ms` : '',
      attempts: attempts.length,
      puts: attempts.filter((each) => each.kind === 'put').length,
      deletes: attempts.filter((each) => each.kind === 'delete').length,
      inBurst: attempts.filter(
        (each) => each.sentAt >= deadline - burstSeconds * 1000 && each.sentAt < deadline,
      ).length,
      inLastSecond: attempts.filter(
        (each) => each.sentAt >= deadline - 1000 && each.sentAt < deadline,
      ).length,
      statuses: [...statusCounts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} × ${formatCount(count)}`)
        .join(', '),
      accepted: accepted.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: Math.max(0, ...latencies),
      allP99: percentile(
        attempts.map((each) => each.ms),
        99,
      ),
      /** The accepted writes sent before the burst, and in it: where the slow ones are. */
      spreadP99: percentile(
        accepted.filter((each) => each.sentAt < burstFrom).map((each) => each.ms),
        99,
      ),
      burstP50: percentile(
        accepted.filter((each) => each.sentAt >= burstFrom).map((each) => each.ms),
        50,
      ),
      burstP99: percentile(
        accepted.filter((each) => each.sentAt >= burstFrom).map((each) => each.ms),
        99,
      ),
      fiveHundreds,
      unexpected: unexpected.map((each) => `${each.kind} ${each.status} ${each.detail}`),
      late: late.length,
      lateWrong: lateWrong.map(
        (each) => `${each.kind} sent ${each.sentAt - deadline} ms after: ${each.status}`,
      ),
      closedText: closedText.length,
      early: early.length,
      earlyRefused: earlyRefused.map(
        (each) => `${each.kind} answered ${deadline - each.answeredAt} ms before: ${each.status}`,
      ),
      straddling: straddling.length,
      straddlingAccepted: straddling.filter((each) => each.status === 200 || each.status === 204)
        .length,
      answerMismatches: rushed.answerMismatches,
      orders: stored.orders.length,
      withoutOrder: lanners.length - stored.orders.length,
      amount: stored.totals.amount,
      groups: stored.totals.items.length,
      readProblems,
      totalsProblems,
      raceAnswers: raceAnswers.length,
      raceWithin: raceChecked.within,
      raceOver: raceChecked.over,
      raceP99: percentile(
        raceAnswers.map((each) => each.ms),
        99,
      ),
      raceMaxItems: raceChecked.maxItems,
      raceOrders: raceStored.orders.length,
      raceProblems: raceChecked.raceProblems,
      raceTotals: raceChecked.raceTotals,
    };
  } finally {
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

const listed = (problems: readonly string[]) =>
  `${problems.length}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`;

function report(outcome: Outcome): boolean {
  const p99Met = outcome.p99 <= goals.p99Ms;
  const checks = {
    fiveHundreds: outcome.fiveHundreds === 0,
    unexpected: outcome.unexpected.length === 0,
    late: outcome.lateWrong.length === 0 && outcome.closedText === 0,
    early: outcome.earlyRefused.length === 0,
    answers: outcome.answerMismatches.length === 0,
    readBack: outcome.readProblems.length === 0,
    totals: outcome.totalsProblems.length === 0,
    race: outcome.raceProblems.length === 0 && outcome.raceTotals.length === 0,
  };
  const meets = p99Met && Object.values(checks).every(Boolean);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.info(
    [
      `\n${outcome.engine}, ${outcome.servers} server${outcome.servers > 1 ? 's' : ''}, ${personCount} participants`,
      `  rush: ${formatCount(outcome.attempts)} changes (${formatCount(outcome.puts)} PUT, ${formatCount(outcome.deletes)} DELETE) in the round's last ${rushSeconds} s and just after, ${formatCount(outcome.inBurst)} in its last ${burstSeconds} s, ${formatCount(outcome.inLastSecond)} in its last second; statuses ${outcome.statuses}`,
      `  accepted order writes (${formatCount(outcome.accepted)}): p50 ${ms(outcome.p50)}, p95 ${ms(outcome.p95)}, p99 ${ms(outcome.p99)}, max ${ms(outcome.max)} — goal p99 ≤ ${goals.p99Ms} ms ${p99Met ? 'met' : 'MISSED'} (every answer: p99 ${ms(outcome.allP99)})`,
      `    before the burst p99 ${ms(outcome.spreadP99)}; in the last ${burstSeconds} s p50 ${ms(outcome.burstP50)}, p99 ${ms(outcome.burstP99)}`,
      ...(outcome.cpu ? [`  CPU during the rush: ${outcome.cpu}`] : []),
      `  5xx (and connection errors): ${outcome.fiveHundreds}${checks.unexpected ? '' : `; other unexpected answers ${listed(outcome.unexpected)}`}`,
      `  after the deadline: ${outcome.late} changes sent at or after it, ${checks.late ? 'every one answered 409 “closed at …”' : `WRONG ${listed(outcome.lateWrong)}${outcome.closedText ? `; ${outcome.closedText} 409s without “closed at”` : ''}`}`,
      `  before the deadline: ${outcome.early} answered before it, ${checks.early ? 'every one accepted' : `REFUSED ${listed(outcome.earlyRefused)}`}; ${outcome.straddling} sent before and answered after it (${outcome.straddlingAccepted} accepted, the rest 409: the server's clock decides)`,
      `  each accepted PUT's answer the order sent: ${checks.answers ? 'yes' : listed(outcome.answerMismatches)}`,
      `  read back by the organiser: ${outcome.orders} orders, ${outcome.withoutOrder} people without (last accepted a DELETE or none) — ${checks.readBack ? 'each exactly the last accepted body of its person' : `WRONG ${listed(outcome.readProblems)}`}`,
      `  totals: €${outcome.amount.toFixed(2)} in ${outcome.groups} item/choices groups — ${checks.totals ? 'the amount and every quantity and amount the sum of the orders' : `WRONG ${listed(outcome.totalsProblems)}`}`,
      `  maxPerPerson ${raceLimit} under a race (a second round): ${formatCount(outcome.raceWithin)} PUTs within the limit and ${formatCount(outcome.raceOver)} over it, ${raceWithin + 1} at once a person (p99 ${ms(outcome.raceP99)}); ${outcome.raceOrders} orders, at most ${outcome.raceMaxItems} items — ${checks.race ? 'every PUT within answered 200, every one over 400, each order one of its person’s bodies, totals the sum' : `WRONG ${listed([...outcome.raceProblems, ...outcome.raceTotals])}`}`,
      `  ${meets ? 'meets the goals' : 'MISSES a goal'}`,
    ].join('\n'),
  );
  return meets;
}

let failed = false;
if (options.isQuick) console.info('bench:food --quick: a check of the script, not a measure');
for (const engine of options.engines) failed = !report(await benchEngine(engine)) || failed;
process.exitCode = failed ? 1 : 0;
