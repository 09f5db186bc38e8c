import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import type { AppDatabase } from '../../apps/server/src/db/executor.ts';
import {
  addPlaytime,
  ensureGames,
} from '../../apps/server/src/modules/playtime/playtime.repository.ts';
import { type Answer, Browser } from './browser.ts';
import type { Change, PageRead, ReadContext } from './reads.ts';
import { changesOf, readHeaders } from './reads.ts';
import type { FirstReadRow } from './report.ts';
import type { DataPlace } from './server-process.ts';

/**
 * The first read after a change (issue 33's guard): for each read the pages make, `count`
 * times, a real write makes its kept answer stale, then one request asks for it, alone,
 * and its wait is timed from the client (HTTP included). Nothing else is asked meanwhile,
 * so the figure is the first reader's wait for the build, not a queue's.
 *
 * - **subscription**: the demo lan administrator subscribes someone to the upcoming lan
 *   through the API (to its waitlist if it is full) and withdraws them again on the next
 *   change, which raises the `lans` data version every kept read depends on. (The demo
 *   member is already on every lan open at scale 10.) The reads are the member's.
 * - **playtime**: ten minutes of a game added to the member's play day now, through the
 *   collector's own `addPlaytime` (playtime and its rollups, one transaction) on the site's
 *   database, from this process: no API writes playtime. On SQLite a write from another
 *   connection also empties the server's page cache, so the read after it is if anything
 *   slower than after the server's own collector.
 *
 * A read with several changes has them in turn. Before the counted ones, each read is made
 * twice after a change unmeasured, so the server's code for it is warm as on a running site.
 */

/** The server's default community time zone (TZ_COMMUNITY), which the bench's sites keep. */
const communityTimeZone = 'Europe/Amsterdam';
/** A moment for what the write set going (live events, mails) before the reader comes. */
const settleMs = 50;
const warmUps = 2;

type Subscription = { lanId: number; userId: number; id: number | undefined };

/** Tokens of the people who make the changes, renewed as they run out. */
export type People = { member: () => Promise<string>; lanAdministrator: () => Promise<string> };

function expectStatus(answer: Answer, statuses: readonly number[], what: string): Answer {
  if (!statuses.includes(answer.status))
    throw new Error(`${what} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return answer;
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

async function meOf(origin: string, token: string): Promise<number> {
  const me = expectStatus(
    await new Browser().get(`${origin}/api/users/me`, bearer(token)),
    [200],
    'GET /api/users/me',
  );
  return (JSON.parse(me.body.toString()) as { id: number }).id;
}

async function subscribe(origin: string, token: string, lanId: number, userId: number) {
  return new Browser().request(`${origin}/api/subscribers`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ lanId, userId, waitlist: true }),
  });
}

/** The changes, made against the running server and its database. */
class Changes {
  readonly #origin: string;
  readonly #people: People;
  readonly #memberId: number;
  readonly #gameId: number;
  readonly #db: AppDatabase;
  readonly #subscription: Subscription;

  private constructor(
    origin: string,
    people: People,
    memberId: number,
    gameId: number,
    db: AppDatabase,
    subscription: Subscription,
  ) {
    this.#origin = origin;
    this.#people = people;
    this.#memberId = memberId;
    this.#gameId = gameId;
    this.#db = db;
    this.#subscription = subscription;
  }

  /**
   * Finds someone the lan administrator can subscribe to the upcoming lan (and subscribes
   * them), and a game for the member to play.
   */
  static async open(origin: string, place: DataPlace, people: People, context: ReadContext) {
    const token = await people.lanAdministrator();
    const memberId = await meOf(origin, await people.member());
    const db = createDatabase(place.database);
    try {
      const game = await db
        .selectFrom('games')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const users = expectStatus(
        await new Browser().get(
          `${origin}/api/users?sort=nickname&offset=0&limit=100`,
          bearer(token),
        ),
        [200],
        'GET /api/users',
      );
      const candidates = (JSON.parse(users.body.toString()) as { items: { id: number }[] }).items;
      // The first user not on the lan yet (joining its waitlist if it is full).
      for (const { id: userId } of candidates) {
        const answer = await subscribe(origin, token, context.lanId, userId);
        if (answer.status !== 201) continue;
        const { id } = JSON.parse(answer.body.toString()) as { id: number };
        const subscription = { lanId: context.lanId, userId, id };
        return new Changes(origin, people, memberId, game.id, db, subscription);
      }
      throw new Error(
        `No one of ${candidates.length} users could be subscribed to lan ${context.lanId}`,
      );
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }

  async make(change: Change): Promise<void> {
    if (change === 'playtime') {
      const end = new Date();
      const played = {
        userId: this.#memberId,
        gameId: this.#gameId,
        start: new Date(end.getTime() - 10 * 60_000),
        end,
      };
      await this.#db.transaction().execute(async (trx) => {
        await ensureGames(trx, [played.gameId], end);
        await addPlaytime(trx, played, communityTimeZone);
      });
      return;
    }
    const token = await this.#people.lanAdministrator();
    const subscription = this.#subscription;
    if (subscription.id === undefined) {
      const answer = expectStatus(
        await subscribe(this.#origin, token, subscription.lanId, subscription.userId),
        [201],
        'POST /api/subscribers',
      );
      subscription.id = (JSON.parse(answer.body.toString()) as { id: number }).id;
      return;
    }
    expectStatus(
      await new Browser().request(`${this.#origin}/api/subscribers/${subscription.id}`, {
        method: 'DELETE',
        headers: bearer(token),
      }),
      [204],
      'DELETE /api/subscribers/{id}',
    );
    subscription.id = undefined;
  }

  /** Leaves the lan as found (that user not on it) and lets the database go. */
  async close(): Promise<void> {
    try {
      if (this.#subscription.id !== undefined) await this.make('subscription');
    } finally {
      await this.#db.destroy();
    }
  }
}

export type FirstReadOptions = {
  origin: string;
  place: DataPlace;
  reads: readonly PageRead[];
  context: ReadContext;
  people: People;
  /** First reads counted per read. */
  count: number;
  onProgress?: (text: string) => void;
};

/** What each read's first reads after a change took (see the header). */
export async function measureFirstReads(options: FirstReadOptions): Promise<FirstReadRow[]> {
  const { origin, reads, context, people, count } = options;
  const changes = await Changes.open(origin, options.place, people, context);
  try {
    const rows: FirstReadRow[] = [];
    for (const read of reads) {
      const kinds = changesOf(read);
      const samples: { after: Change; ms: number }[] = [];
      let bytes = 0;
      for (let index = -warmUps; index < count; index += 1) {
        options.onProgress?.(`${read.name}, first read ${Math.max(0, index + 1)} of ${count}…`);
        const change = kinds[(index + warmUps) % kinds.length] as Change;
        await changes.make(change);
        await sleep(settleMs);
        const headers = readHeaders(read, await people.member());
        const path = read.url(context);
        const started = performance.now();
        const answer = await new Browser().get(`${origin}${path}`, headers);
        const took = performance.now() - started;
        expectStatus(answer, [200], `${read.name}: GET ${path}`);
        bytes = answer.body.length;
        if (index >= 0) samples.push({ after: change, ms: took });
      }
      rows.push({ read: read.name, changes: kinds, bytes, samples });
    }
    return rows;
  } finally {
    await changes.close();
  }
}
