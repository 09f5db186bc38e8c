import { execFileSync, fork } from 'node:child_process';
import { Agent, type IncomingMessage, request } from 'node:http';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type SeatEvent, seatEventsOf } from '@lanparty/contract/rules';
import { liveEventReader } from './event-stream.ts';

/**
 * The open seat maps of bench:seats, in a process of their own at the lowest priority: a
 * thousand tabs' streams and reads are the hall's browsers, each on a computer of its own,
 * not the measurer's and not the server's. In the process that times the picks they made
 * its event loop the slowest part of the run (a pick's time was mostly the wait for the
 * bench's own turn); at the servers' priority, parsing a thousand streams' events took a
 * core of the two the servers and the database share. At the lowest priority (SCHED_IDLE)
 * they get what the servers leave, and all of it once the picks are over, when their lag
 * counts. The bytes the servers write to them are the servers' cost, as in a hall.
 *
 * Each view keeps the map as the web app does (lib/lans/follow-seat-changes.ts): read whole
 * once; a `seat` event (or each seat of a `seats` event) that names someone the map knows (its people and occupants) is
 * applied as it comes, and `settleMs` after the last one the changes since the version held
 * are read once; an event it cannot apply, or one that comes while a read is under way,
 * makes it read the changes (one read at a time, at most one per `paceMs`); a `seating`
 * (plan) event or a resync reads it whole.
 */

export type ViewSpec = { origin: string; authorization: string };
type Start = { views: ViewSpec[]; lanId: number; paceMs: number; settleMs: number };
type Truth = { truth: [number, number | null][]; lastPickAt: number; timeoutMs: number };
/** Per view: ms from the last pick until it showed the truth, or null when it never did. */
export type Lags = (number | null)[];

type MapSeat = { id: number; occupant: { userId: number } | null };

/** Now, in ms since the epoch: comparable between threads. */
const now = () => performance.timeOrigin + performance.now();

export function getJson<T>(agent: Agent, origin: string, path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        if (incoming.statusCode !== 200)
          reject(new Error(`GET ${path} answered ${incoming.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString()) as T);
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

class View {
  /** Who sits on each seat, as this view shows it. */
  readonly occupants = new Map<number, number | null>();
  version = -1;
  changedAt = 0;
  #behind = false;
  #wholeAsked = false;
  #reading = false;
  #lastReadAt = 0;
  #settle: ReturnType<typeof setTimeout> | undefined;
  /** Whom the map can name: its people and whoever it showed on a seat. */
  readonly #known = new Set<number>();
  #stream: IncomingMessage | undefined;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly opened: Promise<void>;
  readonly spec: ViewSpec;
  readonly lanId: number;
  readonly paceMs: number;

  readonly settleMs: number;

  constructor(spec: ViewSpec, lanId: number, paceMs: number, settleMs: number) {
    this.spec = spec;
    this.lanId = lanId;
    this.paceMs = paceMs;
    this.settleMs = settleMs;
    this.opened = this.#open();
  }

  #open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        `${this.spec.origin}/api/events`,
        { headers: { authorization: this.spec.authorization }, agent: false },
        (incoming) => {
          if (incoming.statusCode !== 200) {
            reject(new Error(`GET /api/events answered ${incoming.statusCode}`));
            incoming.resume();
            return;
          }
          this.#stream = incoming;
          incoming.setEncoding('utf8');
          incoming.on('data', (text: string) => this.#hear(text));
          incoming.on('error', () => {});
          this.#readWhole().then(resolve, reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  /** The stream's messages as the web app reads them (`liveEventReader`). */
  #hear = liveEventReader((name, event) => {
    if (name === 'seating' || name === 'resync') this.markBehind(true);
    else if (name === 'seat' || name === 'seats') {
      // As the web app reads it: the contract's reader, a run as its seats one by one.
      if (!event) this.markBehind(false);
      else for (const seatEvent of seatEventsOf(event)) this.#seatEvent(seatEvent);
    }
  });

  /** As followSeatEvents: applied at once when it can be, read otherwise, settled later. */
  #seatEvent(event: SeatEvent) {
    if (event.lanId !== this.lanId) return;
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => this.markBehind(false), this.settleMs);
    const { seatId, occupantId } = event;
    const canApply =
      occupantId !== undefined &&
      this.occupants.has(seatId) &&
      (occupantId === null || this.#known.has(occupantId));
    if (canApply && this.occupants.get(seatId) !== occupantId) {
      this.occupants.set(seatId, occupantId);
      this.changedAt = now();
    }
    if (!canApply || this.#reading) this.markBehind(false);
  }

  markBehind(whole: boolean) {
    this.#behind = true;
    this.#wholeAsked ||= whole;
    if (this.#reading) return;
    this.#reading = true;
    setTimeout(() => void this.#catchUp().catch(() => {}), this.#wait());
  }

  /** How long until the next read may begin: one per `paceMs` at most. */
  #wait(): number {
    return Math.max(0, this.#lastReadAt + this.paceMs - now());
  }

  async #catchUp() {
    try {
      while (this.#behind) {
        this.#behind = false;
        const whole = this.#wholeAsked;
        this.#wholeAsked = false;
        this.#lastReadAt = now();
        if (whole) await this.#readWhole();
        else await this.#readChanges();
        if (this.#behind) await new Promise((resolve) => setTimeout(resolve, this.#wait()));
      }
    } finally {
      this.#reading = false;
    }
  }

  #show(seats: readonly MapSeat[], version: number) {
    let changed = false;
    for (const seat of seats) {
      const occupant = seat.occupant?.userId ?? null;
      if (occupant !== null) this.#known.add(occupant);
      if (this.occupants.get(seat.id) !== occupant) changed = true;
      this.occupants.set(seat.id, occupant);
    }
    this.version = version;
    if (changed) this.changedAt = now();
  }

  async #readWhole() {
    const map = await getJson<{
      seats: MapSeat[];
      people: { userId: number }[];
      version: number;
    }>(this.#agent, this.spec.origin, `/api/lans/${this.lanId}/seating`);
    for (const person of map.people) this.#known.add(person.userId);
    this.#show(map.seats, map.version);
  }

  async #readChanges() {
    const changes = await getJson<{ version: number; planChanged: boolean; seats: MapSeat[] }>(
      this.#agent,
      this.spec.origin,
      `/api/lans/${this.lanId}/seating/changes?since=${this.version}`,
    );
    if (changes.planChanged) await this.#readWhole();
    else this.#show(changes.seats, changes.version);
  }

  /** Whether this view shows who sits where as the database holds it. */
  shows(truth: ReadonlyMap<number, number | null>): boolean {
    if (truth.size !== this.occupants.size) return false;
    for (const [seatId, occupant] of truth)
      if (this.occupants.get(seatId) !== occupant) return false;
    return true;
  }

  close() {
    clearTimeout(this.#settle);
    this.#stream?.destroy();
    this.#agent.destroy();
  }
}

async function runViews(start: Start) {
  const views: View[] = [];
  for (const [index, spec] of start.views.entries()) {
    views.push(new View(spec, start.lanId, start.paceMs, start.settleMs));
    if (index % 100 === 99) await Promise.all(views.map((view) => view.opened));
  }
  await Promise.all(views.map((view) => view.opened));
  process.send?.({ opened: views.length });
  process.once('message', async ({ truth: entries, lastPickAt, timeoutMs }: Truth) => {
    const truth = new Map(entries);
    const deadline = now() + timeoutMs;
    while (now() < deadline && views.some((view) => !view.shows(truth)))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const lags: Lags = views.map((view) =>
      view.shows(truth) ? Math.max(0, view.changedAt - lastPickAt) : null,
    );
    for (const view of views) view.close();
    process.send?.({ lags }, () => process.exit(0));
  });
}

if (process.env.BENCH_SEAT_VIEWS === '1')
  process.once('message', (start: Start) => void runViews(start));

/**
 * The views' process gets the CPU only when nothing else wants it: Linux's SCHED_IDLE
 * (`chrt --idle`), where a niced process still took a fifth of a core from the servers
 * during the picks; the lowest nice value where chrt is missing.
 */
export function lowestPriority(pid: number): void {
  setPriority(pid, 19);
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(pid)], { stdio: 'ignore' });
  } catch {
    // No chrt (or not Linux): the nice value stands.
  }
}

/**
 * Opens the views in a process of their own; resolves once each has read the map.
 * `converge` hands them the database's map and the moment of the last pick, and answers
 * each view's lag.
 */
export async function openSeatStreamViews(start: Start): Promise<{
  /** The views' process, for the CPU account. */
  pid: number;
  converge: (
    truth: Map<number, number | null>,
    lastPickAt: number,
    timeoutMs: number,
  ) => Promise<Lags>;
  close: () => Promise<void>;
}> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_SEAT_VIEWS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid) lowestPriority(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The stream views' process exited (${code})`)));
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
    async converge(truth, lastPickAt, timeoutMs) {
      const answer = message<{ lags: Lags }>();
      child.send({ truth: [...truth], lastPickAt, timeoutMs } satisfies Truth);
      return (await answer).lags;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

/** Now in ms since the epoch, as the views count it. */
export const epochNow = now;
