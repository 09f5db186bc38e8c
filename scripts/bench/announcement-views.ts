import { fork } from 'node:child_process';
import { Agent, type IncomingMessage, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { liveEventReader } from './event-stream.ts';
import { epochNow, getJson, lowestPriority } from './seat-stream-views.ts';

/**
 * The open lan pages and screens of bench:screen, in a process of their own (as the seat
 * maps of bench:seats, seat-stream-views.ts): the hall's browsers and TVs. Unlike the seat
 * maps, at the usual priority: a page here parses one event and reads one small answer
 * per announcement (about a tenth of a core for all thousand), and at the lowest priority,
 * while the servers and the read load keep both cores busy, they waited for the CPU in
 * this machine longer than for the servers — time no browser on a computer of its own
 * waits. BENCH_VIEWS_IDLE=1 runs them at the lowest priority all the same. Each follows its stream as the web app does (lib/live-updates): an
 * `announcement` event of its lan gathers for 50 ms, then the lan's announcements are read
 * again (one read at a time; an event during a read reads once more after it). A view has
 * an announcement when a read of it answers it: the moment a page or a screen shows it.
 */

/** A lan page's stream (GET /api/events, signed in) or a screen's (by its token). */
export type AnnouncementViewSpec = { origin: string; path: string; authorization?: string };
type Start = { views: AnnouncementViewSpec[]; lanId: number };
type Wait = { ids: number[]; timeoutMs: number };
/**
 * Per view, per announcement asked about: when (ms since the epoch) it showed it, and when
 * the event came that made the read that showed it; null when it never did.
 */
export type SeenAt = ([shownAt: number, heardAt: number] | null)[][];

/** The web app's gathering of events before it refetches (live-updates.tsx). */
const gatherMs = 50;

class View {
  readonly seenAt = new Map<number, [number, number]>();
  /** When the first event since the last read began came. */
  #heardAt = 0;
  #reading = false;
  #again = false;
  #gathering: ReturnType<typeof setTimeout> | undefined;
  #stream: IncomingMessage | undefined;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly opened: Promise<void>;
  readonly spec: AnnouncementViewSpec;
  readonly lanId: number;

  constructor(spec: AnnouncementViewSpec, lanId: number) {
    this.spec = spec;
    this.lanId = lanId;
    this.opened = this.#open();
  }

  #open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers = this.spec.authorization ? { authorization: this.spec.authorization } : {};
      const outgoing = request(
        `${this.spec.origin}${this.spec.path}`,
        { headers, agent: false },
        (incoming) => {
          if (incoming.statusCode !== 200) {
            reject(new Error(`GET ${this.spec.path} answered ${incoming.statusCode}`));
            incoming.resume();
            return;
          }
          this.#stream = incoming;
          incoming.setEncoding('utf8');
          incoming.on('data', (text: string) => this.#hear(text));
          incoming.on('error', () => {});
          this.#read().then(resolve, reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  #hear = liveEventReader((_name, event) => {
    if (
      event?.kind === 'resync' ||
      (event?.kind === 'announcement' && event.lanId === this.lanId)
    ) {
      if (this.#heardAt === 0) this.#heardAt = epochNow();
      this.#gathering ??= setTimeout(() => {
        this.#gathering = undefined;
        void this.#catchUp();
      }, gatherMs);
    }
  });

  async #catchUp() {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#again = false;
        await this.#read().catch(() => {});
      } while (this.#again);
    } finally {
      this.#reading = false;
    }
  }

  async #read() {
    const heardAt = this.#heardAt;
    this.#heardAt = 0;
    const items = await getJson<{ id: number }[]>(
      this.#agent,
      this.spec.origin,
      `/api/lans/${this.lanId}/announcements`,
    );
    const at = epochNow();
    for (const item of items)
      if (!this.seenAt.has(item.id)) this.seenAt.set(item.id, [at, heardAt || at]);
  }

  close() {
    clearTimeout(this.#gathering);
    this.#stream?.destroy();
    this.#agent.destroy();
  }
}

async function runViews(start: Start) {
  const views: View[] = [];
  for (const [index, spec] of start.views.entries()) {
    views.push(new View(spec, start.lanId));
    if (index % 100 === 99) await Promise.all(views.map((view) => view.opened));
  }
  await Promise.all(views.map((view) => view.opened));
  process.send?.({ opened: views.length });
  process.on('message', async (message: Wait | 'close') => {
    if (message === 'close') {
      for (const view of views) view.close();
      process.send?.('closed', () => process.exit(0));
      return;
    }
    const deadline = epochNow() + message.timeoutMs;
    const hasAll = (view: View) => message.ids.every((id) => view.seenAt.has(id));
    while (epochNow() < deadline && !views.every(hasAll))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const seenAt: SeenAt = views.map((view) =>
      message.ids.map((id) => view.seenAt.get(id) ?? null),
    );
    process.send?.({ seenAt });
  });
}

if (process.env.BENCH_ANNOUNCEMENT_VIEWS === '1')
  process.once('message', (start: Start) => void runViews(start));

/** Opens the views in a process of their own; resolves once each has read the announcements. */
export async function openAnnouncementViews(start: Start): Promise<{
  pid: number;
  /** When each view showed each of `ids`, waiting at most `timeoutMs` for all. */
  seen: (ids: number[], timeoutMs: number) => Promise<SeenAt>;
  close: () => Promise<void>;
}> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ANNOUNCEMENT_VIEWS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid && process.env.BENCH_VIEWS_IDLE === '1') lowestPriority(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The views' process exited (${code})`)));
  });
  failed.catch(() => {});
  const message = <T>() =>
    Promise.race([
      new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T))),
      failed,
    ]);
  child.send(start);
  await message<{ opened: number }>();
  return {
    pid: child.pid ?? 0,
    async seen(ids, timeoutMs) {
      const answer = message<{ seenAt: SeenAt }>();
      child.send({ ids, timeoutMs } satisfies Wait);
      return (await answer).seenAt;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send('close');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
        if (child.exitCode === null) child.kill();
      }
      await exited;
    },
  };
}
