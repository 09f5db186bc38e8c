import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchLan } from './bench-lan.ts';
import { Browser } from './browser.ts';
import { expectStatus, sendJson } from './lanners.ts';
import {
  createDataPlace,
  findBenchPort,
  type RunningServer,
  startServerProcess,
} from './server-process.ts';
import { discoverProvider, fresh, signIn } from './sign-in.ts';

/**
 * bench:screen's soak (issue 35): one screen in Chromium at 1280×720 for `minutes`, every
 * slide 5 s, an announcement every 10 s (the five newest kept, as an organiser tidies up), and the heap
 * in use after a full garbage collection, of the page (DevTools protocol) and of the server
 * (its inspector), after the first minute and every five minutes after. A screen that runs
 * for a day must not grow: the end within 10 % of the first minute, both.
 */

const allowedGrowth = 0.1;
const postEveryMs = 10_000;

/**
 * The heap in use, after a full GC, of what a DevTools protocol address inspects: a Node
 * process (`--inspect`) or a Chromium page. Only the Runtime and HeapProfiler domains are
 * used: a tool that also follows the page's network (Playwright does) keeps a record of
 * every request in the page's heap, which grows with every announcement read.
 */
async function openHeapReader(address: string) {
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  let snapshotChunks: string[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      method?: string;
      params?: { chunk?: string };
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    else if (message.method === 'HeapProfiler.addHeapSnapshotChunk')
      snapshotChunks.push(message.params?.chunk ?? '');
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, (result) => resolve(result as T));
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async heapUsed() {
      await send('HeapProfiler.collectGarbage');
      return (await send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    /**
     * The heap in use without the code the runtime compiled (a heap snapshot's `code`
     * nodes: bytecode, machine code, feedback): in a page's first minutes V8 compiles its
     * hot functions, which grows the heap once, up to the size of the program; what is left
     * is the page's data, which a leak would grow.
     */
    async dataHeapUsed() {
      await send('HeapProfiler.collectGarbage');
      snapshotChunks = [];
      await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      const snapshot = JSON.parse(snapshotChunks.join('')) as {
        snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
        nodes: number[];
      };
      snapshotChunks = [];
      const fields = snapshot.snapshot.meta.node_fields;
      const typeAt = fields.indexOf('type');
      const sizeAt = fields.indexOf('self_size');
      const code = snapshot.snapshot.meta.node_types[0].indexOf('code');
      let bytes = 0;
      for (let node = 0; node < snapshot.nodes.length; node += fields.length)
        if (snapshot.nodes[node + typeAt] !== code) bytes += snapshot.nodes[node + sizeAt] ?? 0;
      return bytes;
    },
    /** The value of an expression in the page (or process). */
    async evaluate<T>(expression: string): Promise<T> {
      const answer = await send<{ result: { value: T } }>('Runtime.evaluate', {
        expression,
        returnByValue: true,
      });
      return answer.result.value;
    },
    close: () => socket.close(),
  };
}

/** The server's inspector address, from what it writes as it starts. */
async function inspectorOf(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const address = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
    if (address) return address;
    if (Date.now() > deadline) throw new Error('The server opened no inspector');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Chromium showing `url` at 1280×720, as a TV's browser in kiosk mode: started here, not
 * by a test tool, and read only through its page's DevTools address.
 */
async function openScreenBrowser(url: string) {
  const port = await findBenchPort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lanparty-soak-'));
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      '--window-size=1280,720',
      url,
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  let address: string | undefined;
  while (!address) {
    if (Date.now() > deadline) throw new Error('Chromium opened no DevTools address');
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
        type: string;
        url: string;
        webSocketDebuggerUrl: string;
      }[];
      address = targets.find(
        (target) => target.type === 'page' && target.url === url,
      )?.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    if (!address) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    address,
    async close() {
      chromium.kill();
      await new Promise((resolve) => chromium.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export async function soak(minutes: number, postgresUrl: string): Promise<boolean> {
  const place = createDataPlace('sqlite', postgresUrl);
  let server: RunningServer | undefined;
  let browser: Awaited<ReturnType<typeof openScreenBrowser>> | undefined;
  try {
    server = await startServerProcess(place, { WRITES_PER_MINUTE: '100000' }, undefined, [
      '--inspect=127.0.0.1:0',
    ]);
    const inspector = await openHeapReader(await inspectorOf(server));
    const provider = await discoverProvider(server.origin);
    let organiser = await signIn(provider, 'lanadmin', 'lanadmin');
    const origin = server.origin;
    const lan = await createBenchLan(origin, organiser, {
      name: 'Soak Lan',
      description: 'A screen that runs for a day.',
      daysAhead: 30,
      maximumSubcribers: 100,
    });
    const screen = JSON.parse(
      expectStatus(
        // Every slide within the first minute (5 s each), so the heap measured then holds
        // the code of all of them: what grows after it is what a day would add.
        await sendJson(new Browser(), 'POST', `${origin}/api/lans/${lan.id}/screens`, organiser, {
          name: 'Soak TV',
          rotationSeconds: 5,
        }),
        201,
        'POST /api/lans/{id}/screens',
      ).body.toString(),
    ) as { url: string };

    browser = await openScreenBrowser(screen.url);
    const page = await openHeapReader(browser.address);
    const pageHeap = () => page.heapUsed();
    const shown = (text: string) =>
      page.evaluate<boolean>(`document.body.innerText.includes(${JSON.stringify(text)})`);

    const kept: number[] = [];
    const began = Date.now();
    let posted = 0;
    let lastText = '';
    const samples: { minute: number; page: number; pageData: number; server: number }[] = [];
    const sample = async () => {
      const minute = Math.round((Date.now() - began) / 60_000);
      const entry = {
        minute,
        page: await pageHeap(),
        pageData: await page.dataHeapUsed(),
        server: await inspector.heapUsed(),
      };
      samples.push(entry);
      console.info(
        `  minute ${minute}: page ${megabytes(entry.page)} (without compiled code ${megabytes(entry.pageData)}), server ${megabytes(entry.server)}`,
      );
    };
    console.info(`soak: a screen for ${minutes} minutes, an announcement every 10 s…`);
    while (Date.now() - began < minutes * 60_000) {
      organiser = await fresh(provider, organiser);
      posted += 1;
      lastText = `Announcement ${posted}: the next round starts in five minutes.`;
      const made = expectStatus(
        await sendJson(
          new Browser(),
          'POST',
          `${origin}/api/lans/${lan.id}/announcements`,
          organiser,
          {
            text: lastText,
            pinned: posted % 7 === 0,
          },
        ),
        201,
        'POST /api/lans/{id}/announcements',
      );
      kept.push((JSON.parse(made.body.toString()) as { id: number }).id);
      while (kept.length > 5) {
        const old = kept.shift() as number;
        await new Browser().request(`${origin}/api/lans/${lan.id}/announcements/${old}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${organiser.accessToken}` },
        });
      }
      const elapsed = Date.now() - began;
      const minute = Math.floor(elapsed / 60_000);
      if (minute >= 1 && samples.length === 0) await sample();
      else if (minute >= 5 && minute % 5 === 0 && samples.at(-1)?.minute !== minute) await sample();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, postEveryMs - (Date.now() - began - elapsed))),
      );
    }
    const lastPostedAt = Date.now();
    while (!(await shown(lastText)) && Date.now() - lastPostedAt < 5000)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const isLastShown = await shown(lastText);
    await sample();
    inspector.close();
    page.close();
    const first = samples[0];
    const last = samples.at(-1);
    if (!first || !last) return false;
    const growth = (from: number, to: number) => (to - from) / from;
    const pageGrowth = growth(first.page, last.page);
    const pageDataGrowth = growth(first.pageData, last.pageData);
    const serverGrowth = growth(first.server, last.server);
    const meets = isLastShown && pageDataGrowth <= allowedGrowth && serverGrowth <= allowedGrowth;
    console.info(
      [
        `\nsoak, sqlite: ${posted} announcements over ${minutes} minutes; the screen ${isLastShown ? 'showed' : 'DID NOT show'} the last.`,
        `  page heap: ${megabytes(first.page)} after minute ${first.minute}, ${megabytes(last.page)} at minute ${last.minute} (${(pageGrowth * 100).toFixed(1)} %, compiled code included)`,
        `  page heap without compiled code: ${megabytes(first.pageData)} after minute ${first.minute}, ${megabytes(last.pageData)} at minute ${last.minute} (${(pageDataGrowth * 100).toFixed(1)} %)`,
        `  server heap: ${megabytes(first.server)} after minute ${first.minute}, ${megabytes(last.server)} at minute ${last.minute} (${(serverGrowth * 100).toFixed(1)} %)`,
        `  ${meets ? 'meets the goal' : 'MISSES the goal'} (growth ≤ ${allowedGrowth * 100} % of the page's data and of the server's heap)`,
      ].join('\n'),
    );
    return meets;
  } finally {
    await browser?.close();
    await server?.stop();
    await place.remove();
  }
}
