import { acceptLanners, createBenchLan } from './bench/bench-lan.ts';
import { Browser } from './bench/browser.ts';
import { createLanners, expectStatus, sendJson } from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import { percentile } from './bench/report.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, signIn, type Tokens } from './bench/sign-in.ts';

/**
 * `npm run bench:door` (issue 53 §5): the door when the hall's internet comes back. 286
 * tickets (BENCH_TICKETS) of Accepted participants; two door phones scanned 200 each offline
 * in the last half hour, the first the first 70 %, the second the last 70 % (114 scanned at
 * both, the first door earlier at every other one), each taking the money (`paid`). Both phones
 * sync at once, each its queue in order, one check-in at a time, as the web app does (on
 * PostgreSQL each phone to a server of its own, two servers on one database). Goals: every
 * check-in answered 200, p99 ≤ 100 ms, and the database holding exactly the tickets
 * scanned, each present once, checked in at its earliest scan by the door that made it.
 * Then both phones sync again (an answer lost): nothing moves.
 */

const options = benchOptionsOf(process.env);
const ticketCount = Number(process.env.BENCH_TICKETS ?? 286);
const goals = { p99Ms: 100 } as const;

type Scan = { index: number; code: string; scannedAt: Date };
type Participant = {
  subscriberId: number;
  nickname: string;
  checkInCode: string | null;
  present: boolean | null;
  checkedInAt: string | null;
  checkedInBy: string | null;
};

async function participantsOf(origin: string, tokens: Tokens, lanId: number) {
  const answer = expectStatus(
    await new Browser().get(`${origin}/api/lans/${lanId}/participants`, {
      authorization: `Bearer ${tokens.accessToken}`,
    }),
    200,
    'GET /api/lans/{id}/participants',
  );
  return (JSON.parse(answer.body.toString()) as { participants: Participant[] }).participants;
}

/** One phone's queue sent in order, one at a time: each check-in's status and time. */
async function sync(origin: string, tokens: Tokens, lanId: number, scans: readonly Scan[]) {
  const phone = new Browser({ keepAlive: true });
  const answers: { status: number; ms: number }[] = [];
  try {
    for (const scan of scans) {
      const started = performance.now();
      const answer = await sendJson(
        phone,
        'POST',
        `${origin}/api/lans/${lanId}/check-ins`,
        tokens,
        {
          code: scan.code,
          paid: true,
          scannedAt: scan.scannedAt.toISOString(),
        },
      );
      answers.push({ status: answer.status, ms: performance.now() - started });
    }
  } finally {
    phone.close();
  }
  return answers;
}

async function benchEngine(engine: Engine) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  try {
    const env = { WRITES_PER_MINUTE: '100000' };
    const first = await startServerProcess(place, env);
    servers.push(first);
    if (engine === 'postgres')
      servers.push(await startServerProcess(place, { ...env, PUBLIC_URL: first.origin }));
    const provider = await discoverProvider(first.origin);
    console.info(`${engine}: ${ticketCount} lanners signing up and accepted…`);
    const lanners = await createLanners(provider, ticketCount);
    let organiser = await signIn(provider, 'lanadmin', 'lanadmin');
    const lan = await createBenchLan(first.origin, organiser, {
      name: 'Door Sync Lan',
      description: 'The hall’s internet came back.',
    });
    organiser = await acceptLanners(provider, organiser, lan.id, lanners);
    const secondPhone = await signIn(provider, 'lanadmin', 'lanadmin');
    const codes = (await participantsOf(first.origin, organiser, lan.id)).map((each) => ({
      id: each.subscriberId,
      code: each.checkInCode ?? '',
    }));
    const start = Date.now() - 30 * 60_000;
    const overlapFrom = Math.round(ticketCount * 0.3);
    const overlapTo = Math.round(ticketCount * 0.7);
    const step = (30 * 60_000) / ticketCount;
    const doorA: Scan[] = codes.slice(0, overlapTo).map((each, index) => ({
      index,
      code: each.code,
      scannedAt: new Date(
        start + index * step + (index >= overlapFrom && index % 2 ? step / 2 : 0),
      ),
    }));
    const doorB: Scan[] = codes.slice(overlapFrom).map((each, offset) => ({
      index: overlapFrom + offset,
      code: each.code,
      scannedAt: new Date(start + (overlapFrom + offset) * step + step / 4),
    }));
    organiser = await fresh(provider, organiser);
    const originB = (servers[1] ?? first).origin;
    console.info(`${engine}: two phones sync ${doorA.length} and ${doorB.length} scans at once…`);
    const began = performance.now();
    const [answersA, answersB] = await Promise.all([
      sync(first.origin, organiser, lan.id, doorA),
      sync(originB, secondPhone, lan.id, doorB),
    ]);
    const elapsed = performance.now() - began;
    const answers = [...answersA, ...answersB];

    // The earliest scan of each ticket, and which phone made it.
    const earliest = new Map<number, number>();
    for (const scan of [...doorA, ...doorB]) {
      const was = earliest.get(scan.index);
      if (was === undefined || scan.scannedAt.getTime() < was)
        earliest.set(scan.index, scan.scannedAt.getTime());
    }
    const check = async () => {
      const problems: string[] = [];
      const stored = await participantsOf(first.origin, organiser, lan.id);
      const byId = new Map(stored.map((each) => [each.subscriberId, each]));
      codes.forEach((ticket, index) => {
        const row = byId.get(ticket.id);
        const at = earliest.get(index);
        if (at === undefined) return;
        if (row?.present !== true) problems.push(`ticket ${index} not present`);
        else if (Date.parse(row.checkedInAt ?? '') !== at)
          problems.push(`ticket ${index} checked in at ${row.checkedInAt}, not its earliest scan`);
      });
      const present = stored.filter((each) => each.present === true).length;
      if (present !== earliest.size) problems.push(`${present} present, ${earliest.size} scanned`);
      return problems;
    };
    const problems = await check();
    await Promise.all([
      sync(first.origin, organiser, lan.id, doorA),
      sync(originB, secondPhone, lan.id, doorB),
    ]);
    const afterRetry = await check();
    return {
      engine,
      servers: servers.length,
      count: answers.length,
      statuses: [...new Set(answers.map((answer) => answer.status))],
      fiveHundreds: answers.filter((answer) => answer.status >= 500 || answer.status === 0).length,
      p50: percentile(
        answers.map((answer) => answer.ms),
        50,
      ),
      p99: percentile(
        answers.map((answer) => answer.ms),
        99,
      ),
      elapsed,
      problems,
      afterRetry,
      distinct: earliest.size,
    };
  } finally {
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

let failed = false;
for (const engine of options.engines) {
  const outcome = await benchEngine(engine);
  const meets =
    outcome.problems.length === 0 &&
    outcome.afterRetry.length === 0 &&
    outcome.statuses.every((status) => status === 200) &&
    outcome.p99 <= goals.p99Ms;
  failed ||= !meets;
  console.info(
    [
      `\n${engine}, ${outcome.servers} server${outcome.servers > 1 ? 's' : ''}`,
      `  ${outcome.count} queued check-ins of ${outcome.distinct} tickets synced by two phones at once in ${Math.round(outcome.elapsed)} ms: statuses ${outcome.statuses.join(', ')}; p50 ${Math.round(outcome.p50)} ms, p99 ${Math.round(outcome.p99)} ms (goal ≤ ${goals.p99Ms} ms)`,
      `  database: ${outcome.problems.length === 0 ? 'every ticket scanned present once, at its earliest scan' : outcome.problems.slice(0, 5).join('; ')}`,
      `  synced again: ${outcome.afterRetry.length === 0 ? 'nothing moved' : outcome.afterRetry.slice(0, 5).join('; ')}`,
      `  ${meets ? 'meets the goals' : 'MISSES a goal'}`,
    ].join('\n'),
  );
}
process.exitCode = failed ? 1 : 0;
