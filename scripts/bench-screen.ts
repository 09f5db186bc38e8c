import { loadavg } from 'node:os';
import { type AnnouncementViewSpec, openAnnouncementViews } from './bench/announcement-views.ts';
import { createBenchLan } from './bench/bench-lan.ts';
import { Browser } from './bench/browser.ts';
import { headersToRecord, runLoad, startFloor } from './bench/children.ts';
import { cpuBetween, describeCpu, snapshotCpu } from './bench/cpu-account.ts';
import { createLanners, expectStatus, type Lanner, sendJson } from './bench/lanners.ts';
import { benchOptionsOf, type Engine } from './bench/options.ts';
import { type ReadContext, readHeaders, readNamed } from './bench/reads.ts';
import { percentile, goals as readGoals } from './bench/report.ts';
import { soak } from './bench/screen-soak.ts';
import { epochNow } from './bench/seat-stream-views.ts';
import { createDataPlace, type RunningServer, startServerProcess } from './bench/server-process.ts';
import { discoverProvider, fresh, type Provider, signIn, type Tokens } from './bench/sign-in.ts';

/**
 * `npm run bench:screen` (issue 35): announcements reaching the hall, against real server
 * processes (the demo community at ×10; on PostgreSQL two servers on one database), this
 * process being the organiser.
 *
 * - 1,000 open streams (BENCH_STREAMS): 900 lan pages (GET /api/events, signed in) and 100
 *   screens (20 screens of the lan, 5 windows each, by their tokens), spread over the
 *   servers, in a process of their own at the lowest priority (announcement-views.ts). Each
 *   reads the lan's announcements again on an `announcement` event, as the web app does.
 * - The organiser posts BENCH_ANNOUNCEMENTS announcements (10), one every 2 s: from each
 *   POST's answer until each page and screen has read it, p99 ≤ 1 s.
 * - Meanwhile, from a process of its own, the lan page's own read (GET /api/lans/{id}) at
 *   32 connections: within bench:api's goals (p99 ≤ 50 ms, ≥ 0.25 of its floor).
 *
 * BENCH_ENGINES and BENCH_SECONDS as for bench:api. BENCH_SOAK_MINUTES=30 instead runs the
 * soak (screen-soak.ts): a screen in Chromium for that long, an announcement every 10 s,
 * the page's and the server's heap after the first minute and at the end (within 10 %).
 */

const options = benchOptionsOf(process.env);
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const announcementCount = Number(process.env.BENCH_ANNOUNCEMENTS ?? 10);
const screensPerLan = 20;
const windowsPerScreen = 5;
const goals = { reachP99Ms: 1000 } as const;

async function prepareLan(provider: Provider) {
  const origin = provider.origin;
  const organiser = await signIn(provider, 'lanadmin', 'lanadmin');
  const lan = await createBenchLan(origin, organiser, {
    name: 'Screen Lan',
    description: 'A thousand pages and screens.',
  });
  const tokens: string[] = [];
  for (let index = 0; index < screensPerLan; index += 1) {
    const made = expectStatus(
      await sendJson(new Browser(), 'POST', `${origin}/api/lans/${lan.id}/screens`, organiser, {
        name: `Screen ${index + 1}`,
      }),
      201,
      'POST /api/lans/{id}/screens',
    );
    const { url } = JSON.parse(made.body.toString()) as { url: string };
    tokens.push(url.slice(url.lastIndexOf('/') + 1));
  }
  return { lanId: lan.id, organiser, tokens };
}

/**
 * A load of the lan page's own read (GET /api/lans/{id}) from a process of its own, on the
 * server or on its floor (the same answer from memory): each is run while announcements
 * go out to the open pages and screens, so the floor bears what the server's run bears.
 */
async function lanReadLoad(server: RunningServer, lanId: number, tokens: Tokens, seconds: number) {
  const read = readNamed('a lan');
  const context = { lanId, lanIds: [lanId] } as ReadContext;
  const headers = readHeaders(read, tokens.accessToken);
  const spec = {
    read: read.name,
    context,
    variant: 'same URL' as const,
    headers,
    connections: options.connections,
    warmUpSeconds: 1,
    seconds,
  };
  const answer = await new Browser().get(`${server.origin}${read.url(context)}`, headers);
  const floor = await startFloor([
    {
      path: read.url(context),
      status: answer.status,
      headers: headersToRecord(answer.headers),
      body: answer.body.toString('base64'),
    },
  ]);
  return {
    onServer: () => runLoad({ ...spec, origin: server.origin }),
    onFloor: () => runLoad({ ...spec, origin: floor.origin }),
    stop: () => floor.stop(),
  };
}

async function benchEngine(engine: Engine) {
  const place = createDataPlace(engine, options.postgresUrl);
  const servers: RunningServer[] = [];
  let views: Awaited<ReturnType<typeof openAnnouncementViews>> | undefined;
  try {
    const env = {
      LANPARTY_DEMO_SCALE: '10',
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
    const { lanId, organiser: signedIn, tokens } = await prepareLan(provider);
    let organiser = signedIn;
    const screenStreams = Math.min(streamCount / 10, screensPerLan * windowsPerScreen);
    const pageStreams = streamCount - screenStreams;
    console.info(`${engine}: ${Math.ceil(pageStreams / 5)} lanners signing up…`);
    const lanners = await createLanners(provider, Math.ceil(pageStreams / 5));

    console.info(`${engine}: ${pageStreams} lan pages and ${screenStreams} screens opening…`);
    const specs: AnnouncementViewSpec[] = [];
    for (let index = 0; index < streamCount; index += 1) {
      const origin = (servers[index % servers.length] as RunningServer).origin;
      if (index < screenStreams) {
        const token = tokens[index % tokens.length] as string;
        specs.push({ origin, path: `/api/screens/${token}/events` });
      } else {
        const lanner = lanners[index % lanners.length] as Lanner;
        lanner.tokens = await fresh(provider, lanner.tokens, 240_000);
        specs.push({
          origin,
          path: '/api/events',
          authorization: `Bearer ${lanner.tokens.accessToken}`,
        });
      }
    }
    views = await openAnnouncementViews({ views: specs, lanId });

    const load = loadavg()[0] ?? 0;
    const windowSeconds = announcementCount * 2 + 1;
    const lanRead = await lanReadLoad(first, lanId, organiser, windowSeconds);
    /** Posts the announcements, one every 2 s: when each POST answered, and its time. */
    const announce = async () => {
      const posted = new Map<number, number>();
      const postTimes: number[] = [];
      // The load's warm-up second first; in it one announcement not counted, as the load's
      // warm-up is not: the first storm of reads after a server starts meets code the
      // runtime has not compiled yet, which a site running through a lan has long done.
      organiser = await fresh(provider, organiser);
      await sendJson(
        new Browser(),
        'POST',
        `${first.origin}/api/lans/${lanId}/announcements`,
        organiser,
        {
          text: 'Welcome: the doors are open.',
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 1200));
      for (let index = 0; index < announcementCount; index += 1) {
        organiser = await fresh(provider, organiser);
        const started = performance.now();
        const answer = expectStatus(
          await sendJson(
            new Browser(),
            'POST',
            `${first.origin}/api/lans/${lanId}/announcements`,
            organiser,
            { text: `Announcement ${index + 1}: the finals begin in the main hall.` },
          ),
          201,
          'POST /api/lans/{id}/announcements',
        );
        postTimes.push(performance.now() - started);
        posted.set((JSON.parse(answer.body.toString()) as { id: number }).id, epochNow());
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      return { posted, postTimes };
    };
    console.info(`${engine}: the lan read's floor while announcements go out…`);
    const [floor] = await Promise.all([lanRead.onFloor(), announce()]);
    console.info(`${engine}: ${announcementCount} announcements, one every 2 s, and the lan read…`);
    const cpuBefore = snapshotCpu();
    const [lanReadAnswer, { posted, postTimes }] = await Promise.all([
      lanRead.onServer(),
      announce(),
    ]);
    await lanRead.stop();
    const ids = [...posted.keys()];
    const seenAt = await views.seen(ids, 15_000);
    const serverPids = new Set(servers.map((server) => server.pid));
    const viewsPid = views.pid;
    const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, command) => {
      if (serverPids.has(pid)) return 'servers';
      if (pid === viewsPid) return 'pages and screens';
      if (pid === process.pid) return 'organiser';
      if (command === 'postgres') return 'database';
      return 'the lan read’s load';
    });
    await views.close();
    views = undefined;

    const postedAt = (index: number) => posted.get(ids[index] as number) as number;
    const reach = (from: number, to: number) =>
      seenAt
        .slice(from, to)
        .flatMap((row) =>
          row.map((seen, index) =>
            seen === null ? Number.POSITIVE_INFINITY : seen[0] - postedAt(index),
          ),
        );
    // Where the time went: until the event came, and from it until the read answered.
    const heard = seenAt.flatMap((row) =>
      row.flatMap((seen, index) => (seen === null ? [] : [seen[1] - postedAt(index)])),
    );
    const read = seenAt.flatMap((row) =>
      row.flatMap((seen) => (seen === null ? [] : [seen[0] - seen[1]])),
    );
    const byAnnouncement = ids.map((_, index) =>
      percentile(
        seenAt.map((row) => {
          const seen = row[index];
          return seen ? seen[0] - postedAt(index) : Number.POSITIVE_INFINITY;
        }),
        99,
      ),
    );
    return {
      engine,
      servers: servers.length,
      loadBefore: load,
      cpu: cpu.size ? describeCpu(cpu) : '',
      screens: reach(0, screenStreams),
      heard,
      read,
      byAnnouncement,
      pages: reach(screenStreams, streamCount),
      screenStreams,
      pageStreams,
      postP99: percentile(postTimes, 99),
      lanRead: lanReadAnswer,
      floorRps: floor.requestsPerSecond,
    };
  } finally {
    await views?.close();
    for (const server of servers) await server.stop();
    await place.remove();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never');

async function benchReach() {
  let failed = false;
  for (const engine of options.engines) {
    const outcome = await benchEngine(engine);
    const all = [...outcome.screens, ...outcome.pages];
    const p99 = percentile(all, 99);
    const ratio = outcome.lanRead.requestsPerSecond / outcome.floorRps;
    const lanReadMeets =
      outcome.lanRead.p99 <= readGoals.p99Ms &&
      ratio >= readGoals.unchanged &&
      outcome.lanRead.errors + outcome.lanRead.non2xx === 0;
    const meets = p99 <= goals.reachP99Ms && all.every(Number.isFinite) && lanReadMeets;
    failed ||= !meets;
    const line = (what: string, values: number[]) =>
      `${what}: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, slowest ${ms(Math.max(...values))}, ${values.filter((value) => value <= goals.reachP99Ms).length} of ${values.length} within ${goals.reachP99Ms} ms`;
    console.info(
      [
        `\n${engine}, ${outcome.servers} server${outcome.servers > 1 ? 's' : ''} (load average before ${outcome.loadBefore.toFixed(2)})`,
        `  ${announcementCount} announcements to ${outcome.pageStreams} lan pages and ${outcome.screenStreams} screens (POST p99 ${ms(outcome.postP99)}), from the POST's answer until each showed it:`,
        `    all ${line('', all).slice(2)} (goal p99 ≤ ${goals.reachP99Ms} ms)`,
        `    ${line('lan pages', outcome.pages)}`,
        `    ${line('screens', outcome.screens)}`,
        `    the event came after p50 ${ms(percentile(outcome.heard, 50))}, p99 ${ms(percentile(outcome.heard, 99))}; its read answered after p50 ${ms(percentile(outcome.read, 50))}, p99 ${ms(percentile(outcome.read, 99))}`,
        `    p99 by announcement: ${outcome.byAnnouncement.map((value: number) => Math.round(value)).join(', ')} ms`,
        `  CPU meanwhile: ${outcome.cpu || 'not measured (no /proc)'}`,
        `  GET /api/lans/{id} meanwhile, ${options.connections} connections: ${Math.round(outcome.lanRead.requestsPerSecond)}/s, ${ratio.toFixed(2)} of the floor's ${Math.round(outcome.floorRps)}/s, p99 ${outcome.lanRead.p99} ms, ${outcome.lanRead.errors + outcome.lanRead.non2xx} failed (goals: p99 ≤ ${readGoals.p99Ms} ms, ≥ ${readGoals.unchanged} of floor)`,
        `  ${meets ? 'meets the goals' : 'MISSES a goal'}`,
      ].join('\n'),
    );
  }
  process.exitCode = failed ? 1 : 0;
}

const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 0);
if (soakMinutes > 0) process.exitCode = (await soak(soakMinutes, options.postgresUrl)) ? 0 : 1;
else await benchReach();
