import { type IncomingMessage, request } from 'node:http';
import {
  type PushReceiver,
  startPushReceiver,
} from '../apps/server/src/modules/notices/test-support/push-receiver.ts';
import { createBenchLan } from './bench/bench-lan.ts';
import { Browser } from './bench/browser.ts';
import { liveEventReader } from './bench/event-stream.ts';
import { createLanners, expectStatus, inTurns, type Lanner, sendJson } from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import { percentile } from './bench/report.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, signIn } from './bench/sign-in.ts';

/**
 * `npm run bench:notices` (issue 53 §5): one status sweep's notices. 300 lanners
 * (BENCH_LANNERS) have signed up for a lan, each with its live stream open and its browser
 * subscribed to a local push service (push-receiver.ts: it decrypts each push, and answers
 * the first push to a tenth of the browsers 429 with Retry-After: 1). A lan administrator
 * accepts all 300 at once (16 at a time; on PostgreSQL half through each of two servers,
 * whose outbox workers share the pushes). Goals: every notice on its person's stream within
 * 1 s of its accept's answer, every push handed to its browser (decrypted, 201) within 5 s,
 * none twice.
 */

const options = benchOptionsOf(process.env);
const lannerCount = Number(process.env.BENCH_LANNERS ?? 300);
const goals = { noticeMs: 1_000, pushMs: 5_000 } as const;
const limitedShare = 0.1;

/** A lanner's live stream, as the web app opens it: the time each `notice` event came. */
function openStream(origin: string, authorization: string, heard: (at: number) => void) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(
      `${origin}/api/events`,
      { headers: { authorization }, agent: false },
      (incoming) => {
        if (incoming.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${incoming.statusCode}`));
          incoming.resume();
          return;
        }
        const hear = liveEventReader((name) => {
          if (name === 'notice') heard(performance.now());
        });
        incoming.setEncoding('utf8');
        incoming.on('data', hear);
        incoming.on('error', () => {});
        resolve(incoming);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function benchEngine(engine: Engine, receiver: PushReceiver) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  const streams: IncomingMessage[] = [];
  try {
    const env = { WRITES_PER_MINUTE: '100000' };
    const first = await startServerProcess(place, env);
    servers.push(first);
    if (engine === 'postgres')
      servers.push(await startServerProcess(place, { ...env, PUBLIC_URL: first.origin }));
    const origins = servers.map((server) => server.origin);
    const provider = await discoverProvider(first.origin);
    console.info(
      `${engine}: ${lannerCount} lanners sign up, subscribe their browsers, open their streams…`,
    );
    const lanners = await createLanners(provider, lannerCount);
    let organiser = await signIn(provider, 'lanadmin', 'lanadmin');
    const lan = await createBenchLan(first.origin, organiser, {
      name: 'Notice Sweep Lan',
      description: 'Everyone accepted at once.',
    });
    receiver.reset();
    receiver.limitFirstPushes(limitedShare, 1);
    const heardAt: (number | undefined)[] = new Array(lanners.length);
    const subscriptions = await inTurns(lanners, 16, async (lanner: Lanner, index) => {
      lanner.tokens = await fresh(provider, lanner.tokens);
      const origin = origins[index % origins.length] as string;
      const browser = receiver.browser();
      expectStatus(
        await sendJson(
          lanner.browser,
          'POST',
          `${origin}/api/users/me/push-subscriptions`,
          lanner.tokens,
          browser.subscription,
        ),
        201,
        'POST /api/users/me/push-subscriptions',
      );
      streams.push(
        await openStream(origin, `Bearer ${lanner.tokens.accessToken}`, (at) => {
          heardAt[index] ??= at;
        }),
      );
      const made = expectStatus(
        await sendJson(lanner.browser, 'POST', `${origin}/api/subscribers`, lanner.tokens, {
          lanId: lan.id,
          userId: lanner.userId,
        }),
        201,
        'POST /api/subscribers',
      );
      return { id: (JSON.parse(made.body.toString()) as { id: number }).id, browser: browser.name };
    });
    // Nothing heard before the sweep counts: the streams opened with nothing new.
    heardAt.fill(undefined);
    organiser = await fresh(provider, organiser);
    console.info(`${engine}: the organiser accepts ${lannerCount} at once…`);
    const acceptedAt: number[] = new Array(lanners.length);
    const statuses: number[] = [];
    const began = performance.now();
    await inTurns(subscriptions, 16, async ({ id }, index) => {
      const origin = origins[index % origins.length] as string;
      const answer = await sendJson(
        new Browser(),
        'PUT',
        `${origin}/api/subscribers/${id}/status:accepted`,
        organiser,
        {},
      );
      acceptedAt[index] = performance.now();
      statuses.push(answer.status);
    });
    const sweepMs = performance.now() - began;
    // Wait for every push (the 429s retried after their second), at most 20 s.
    const pushedAt = new Map<string, number[]>();
    const deadline = performance.now() + 20_000;
    const byBrowser = new Map(subscriptions.map((each, index) => [each.browser, index]));
    const delivered = () => receiver.pushes.filter((push) => push.status === 201);
    while (delivered().length < lannerCount && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // anything sent twice comes too
    const origin0 = performance.timeOrigin;
    for (const push of delivered()) {
      const list = pushedAt.get(push.browser) ?? [];
      list.push(push.receivedAt - origin0);
      pushedAt.set(push.browser, list);
    }
    const noticeLags: number[] = [];
    const pushLags: number[] = [];
    let missingNotices = 0;
    let missingPushes = 0;
    let doubled = 0;
    let wrongText = 0;
    for (const [browser, index] of byBrowser) {
      const accepted = acceptedAt[index] as number;
      const heard = heardAt[index];
      if (heard === undefined) missingNotices += 1;
      else noticeLags.push(Math.max(0, heard - accepted));
      const pushes = pushedAt.get(browser) ?? [];
      if (pushes.length === 0) missingPushes += 1;
      else pushLags.push(Math.max(0, (pushes[0] as number) - accepted));
      if (pushes.length > 1) doubled += pushes.length - 1;
    }
    for (const push of delivered()) {
      const text = (push.payload as { text?: string } | undefined)?.text;
      if (text !== 'You have a place at Notice Sweep Lan.') wrongText += 1;
    }
    return {
      engine,
      servers: servers.length,
      statuses: [...new Set(statuses)],
      sweepMs,
      noticeP99: percentile(noticeLags, 99),
      noticeMax: Math.max(0, ...noticeLags),
      pushP99: percentile(pushLags, 99),
      pushMax: Math.max(0, ...pushLags),
      limited: receiver.pushes.filter((push) => push.status === 429).length,
      missingNotices,
      missingPushes,
      doubled,
      wrongText,
    };
  } finally {
    for (const stream of streams) stream.destroy();
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

const receiver = await startPushReceiver();
let failed = false;
try {
  for (const engine of options.engines) {
    const outcome = await benchEngine(engine, receiver);
    const meets =
      outcome.statuses.every((status) => status === 200) &&
      outcome.missingNotices === 0 &&
      outcome.missingPushes === 0 &&
      outcome.doubled === 0 &&
      outcome.wrongText === 0 &&
      outcome.noticeMax <= goals.noticeMs &&
      outcome.pushMax <= goals.pushMs;
    failed ||= !meets;
    console.info(
      [
        `\n${engine}, ${outcome.servers} server${outcome.servers > 1 ? 's' : ''}`,
        `  ${lannerCount} accepted in ${Math.round(outcome.sweepMs)} ms (statuses ${outcome.statuses.join(', ')})`,
        `  notices on their streams: ${lannerCount - outcome.missingNotices}/${lannerCount}, p99 ${Math.round(outcome.noticeP99)} ms, slowest ${Math.round(outcome.noticeMax)} ms (goal ≤ ${goals.noticeMs} ms)`,
        `  pushes decrypted by their browsers: ${lannerCount - outcome.missingPushes}/${lannerCount} (${outcome.limited} answered 429 first), p99 ${Math.round(outcome.pushP99)} ms, slowest ${Math.round(outcome.pushMax)} ms (goal ≤ ${goals.pushMs} ms)`,
        `  sent twice: ${outcome.doubled}; wrong text: ${outcome.wrongText}`,
        `  ${meets ? 'meets the goals' : 'MISSES a goal'}`,
      ].join('\n'),
    );
  }
} finally {
  await receiver.close();
}
process.exitCode = failed ? 1 : 0;
