import type { Seating } from '@lanparty/contract';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiSite } from '../../../test/api-site.ts';
import { hubWithoutPoll, listen, openStream, until } from '../../../test/event-streams.ts';
import { buildLanBody, insertPastLan } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { createEventHub } from './event-hub.ts';
import type { HubEvent } from './events.repository.ts';

const noLog = { warn() {}, error() {} } as never;

describe.each(testEngines)('live updates on %s', (engine) => {
  // One administrator makes the lans and grants the roles.
  const { site, api } = setUpOrganiserSite(engine, {
    adminRoles: ['LanAdministrator', 'MemberAdministrator'],
  });
  const { admin, createLan } = api;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(site.app);
  });

  it('answers 401 without a token, and a stream with a retry hint with one', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, lanner);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('private, no-store');
    stream.close();
  });

  it('tells of a lan, a subscription and a user change: ids and kinds only', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner'], { email: 'x@example.com' });
    const stream = await openStream(baseUrl, lanner);
    const lan = await createLan();
    expect((await stream.next((e) => e.event === 'lan')).data).toEqual({ lanId: lan.id });

    const subscribed = await api.subscribe(lan.id, lanner);
    const subscriber = await stream.next((e) => e.event === 'subscriber');
    expect(subscriber.data).toEqual({ lanId: lan.id, subscriberId: subscribed.id });

    const granted = await site.app.inject({
      method: 'PUT',
      url: `/api/users/${lanner.user.id}`,
      headers: admin.headers,
      payload: { roles: ['Lanner', 'Member'] },
    });
    expect(granted.statusCode).toBe(200);
    expect((await stream.next((e) => e.event === 'user')).data).toEqual({
      userId: lanner.user.id,
    });
    // Nothing personal travels: no e-mail, no nickname.
    expect(JSON.stringify(stream.events)).not.toContain('example.com');
    expect(JSON.stringify(stream.events)).not.toContain(lanner.user.nickname);
    stream.close();
  });

  it('sends a burst of changes together, not one write each', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, lanner);
    // Begun 60 ms apart, further apart than the hub's reads after NOTIFY (PostgreSQL); not
    // each after the answer to the one before, which on a busy machine may come later than
    // the stream's write gap.
    const lans = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 60)).then(() => createLan()),
      ),
    );
    for (const lan of lans)
      await stream.next((e) => e.event === 'lan' && (e.data as { lanId: number }).lanId === lan.id);
    // A stream writes at most once in streamWriteGapMs: six changes come in far fewer writes.
    const writes = stream.chunks.filter((chunk) => chunk.includes('event: lan'));
    expect(writes.length).toBeLessThan(lans.length);
    stream.close();
  });

  it('tells seats changed together as one seats event, each seat with who sits there now', async () => {
    const lan = await createLan();
    const saved = await api.request(admin, 'PUT', `/api/lans/${lan.id}/seating`, {
      plan: { opensAt: null, locksAt: null, published: true, width: 2, height: 1 },
      seats: [
        { label: 'A1', x: 0, y: 0 },
        { label: 'A2', x: 1, y: 0 },
      ],
      blocks: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const seatIdOf = (label: string) =>
      (saved.json() as Seating).seats.find((seat) => seat.label === label)?.id as number;
    const [a1, a2] = [seatIdOf('A1'), seatIdOf('A2')];
    const { who: lanner } = await api.ticket(lan.id, 'accepted');
    const pick = (seatId: number) =>
      api.request(lanner, 'PUT', `/api/lans/${lan.id}/seats/${seatId}/occupant`, {
        userId: lanner.user.id,
      });
    const stream = await openStream(baseUrl, lanner);

    expect((await pick(a1)).statusCode).toBe(200);
    const picked = await stream.next((e) => e.event === 'seat');
    expect(picked.data).toEqual({ lanId: lan.id, seatId: a1, occupantId: lanner.user.id });
    // A move frees one seat and takes another in one transaction: one event for both.
    expect((await pick(a2)).statusCode).toBe(200);
    const moved = await stream.next((e) => e.event === 'seats');
    expect(moved.data).toEqual({
      lanId: lan.id,
      seats: [
        [a1, null],
        [a2, lanner.user.id],
      ],
    });
    stream.close();

    // Resumed from before the pick, what it missed comes as one run too, in order.
    const resumed = await openStream(baseUrl, lanner, Number(picked.id) - 1);
    const replayed = await resumed.next((e) => e.event === 'seats');
    expect(replayed).toMatchObject({
      id: moved.id,
      data: {
        lanId: lan.id,
        seats: [
          [a1, lanner.user.id],
          [a1, null],
          [a2, lanner.user.id],
        ],
      },
    });
    resumed.close();
  });

  it('never tells one user of another user’s change', async () => {
    const watcher = await signInAs(site.db, site.issuer, ['Lanner']);
    const other = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, watcher);
    await site.app.inject({
      method: 'PUT',
      url: `/api/users/${other.user.id}`,
      headers: admin.headers,
      payload: { roles: ['Lanner', 'Member'] },
    });
    // A later lan change arrives, so the stream was listening all along.
    const lan = await createLan();
    await stream.next((e) => e.event === 'lan' && (e.data as { lanId: number }).lanId === lan.id);
    expect(
      stream.events.filter((e) => e.event === 'user'),
      String(watcher.user.id),
    ).toEqual([]);
    stream.close();
  });

  it('tells everyone of what anyone sees of a user changing (history hidden, roles), nothing of the rest', async () => {
    const watcher = await signInAs(site.db, site.issuer, ['Lanner']);
    const other = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, watcher);
    const isOthers = (e: { event?: string; data: unknown }) =>
      e.event === 'lanner' && (e.data as { userId: number }).userId === other.user.id;

    const hidden = await api.request(other, 'PUT', '/api/users/me/history-visibility', {
      showsHistory: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await stream.next(isOthers)).data).toEqual({ userId: other.user.id });

    // What only they and administrators see: no event for anyone else.
    await site.db
      .updateTable('users')
      .set({ city: 'Delft', first_name: 'Ann', email: 'ann@example.org' })
      .where('id', '=', other.user.id)
      .execute();
    const lan = await createLan();
    await stream.next((e) => e.event === 'lan' && (e.data as { lanId: number }).lanId === lan.id);
    expect(stream.events.filter(isOthers)).toHaveLength(1);

    // A role moves them from one list to another.
    const granted = await site.app.inject({
      method: 'PUT',
      url: `/api/users/${other.user.id}`,
      headers: admin.headers,
      payload: { roles: ['Lanner', 'Member'] },
    });
    expect(granted.statusCode).toBe(200);
    await until(
      () => (stream.events.filter(isOthers).length > 1 ? true : undefined),
      () => 'a lanner event for the role',
    );
    expect(JSON.stringify(stream.events)).not.toContain('Delft');
    stream.close();
  });

  it('replays what a stream missed after its Last-Event-ID, and resyncs a forgotten one', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const first = await openStream(baseUrl, lanner);
    const lan = await createLan();
    const seen = await first.next((e) => e.event === 'lan');
    first.close();
    const missed = await createLan();
    const resumed = await openStream(baseUrl, lanner, Number(seen.id));
    const replayed = await resumed.next(
      (e) => e.event === 'lan' && (e.data as { lanId: number }).lanId === missed.id,
    );
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    expect(resumed.events.some((e) => (e.data as { lanId?: number }).lanId === lan.id)).toBe(false);
    resumed.close();

    await site.db.deleteFrom('events').execute();
    await createLan();
    const stale = await openStream(baseUrl, lanner, Number(seen.id));
    await stale.next((e) => e.event === 'resync');
    stale.close();
  });

  it('answers 429 past five streams of one user, and 400 for a bad Last-Event-ID', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const streams = [];
    for (let index = 0; index < 5; index += 1) {
      const stream = await openStream(baseUrl, lanner);
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const sixth = await fetch(`${baseUrl}/api/events`, { headers: lanner.headers });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('30');
    expect(((await sixth.json()) as { detail: string }).detail).toMatch(
      /too many live update streams/,
    );
    for (const stream of streams) stream.close();

    const bad = await fetch(`${baseUrl}/api/events`, {
      headers: { ...lanner.headers, 'last-event-id': '+1' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('the stream limit of a server', () => {
  it('refuses a stream past the total, whoever asks', async () => {
    const hub = createEventHub({
      db: {} as never,
      database: { kind: 'sqlite', file: ':memory:' },
      log: noLog,
      limits: { perUser: 5, total: 2 },
    });
    const stream = (userId: number) => ({
      reader: { userId, canSeeHiddenLans: false },
      send() {},
      resync() {},
      end() {},
    });
    // Opening starts reading from a database this test does not have: stop it at once.
    const first = hub.open(stream(1));
    const second = hub.open(stream(2));
    expect(hub.open(stream(3))).toEqual({ refused: 'total' });
    if ('close' in first) first.close();
    if ('close' in second) second.close();
    await hub.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('live updates across two servers', () => {
  /**
   * Holds the connect of the hub's listening client (the one client with a `notification`
   * listener; the pool's clients pass) until `release`; `held()` waits until it is held.
   */
  function holdListener() {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isHeld = false;
    const connect = pg.Client.prototype.connect;
    vi.spyOn(pg.Client.prototype, 'connect').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      if (this.listenerCount('notification') === 0) return connect.apply(this, args as never);
      isHeld = true;
      return released.then(() => connect.apply(this, [] as never));
    } as never);
    return {
      release,
      held: () =>
        until(
          () => isHeld || undefined,
          () => 'no stream started the hub',
        ),
    };
  }
  afterEach(() => vi.restoreAllMocks());

  it('is ready once it listens, and tells of what changed while it connected', async () => {
    const site = await startApiSite('postgres');
    const hub = hubWithoutPoll(site.db, site.config.database);
    const listener = holdListener();
    try {
      const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
      const told: HubEvent[] = [];
      const isTold = (lanId: number) =>
        until(
          () => told.find((event) => event.kind === 'lan' && event.lanId === lanId),
          () => `not told of lan ${lanId}: ${JSON.stringify(told)}`,
        );
      const opened = hub.open({
        reader: { userId: admin.user.id, canSeeHiddenLans: true },
        send: (event) => told.push(event),
        resync() {},
        end() {},
      });
      if ('refused' in opened) throw new Error(`refused: ${opened.refused}`);
      let isReady = false;
      void opened.ready.then(() => {
        isReady = true;
      });
      await listener.held();
      // Straight into the database while the listener connects: its NOTIFY reaches no one.
      const meanwhile = await insertPastLan(site.db, { name: 'meanwhile', daysAgo: -9 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(isReady).toBe(false);
      listener.release();
      await opened.ready;
      // The hub looks once it listens.
      await isTold(meanwhile.id);
      // At once after ready: the lan's trigger records it and notifies the listener.
      await isTold((await insertPastLan(site.db, { name: 'right after', daysAgo: -10 })).id);
      opened.close();
    } finally {
      listener.release();
      await hub.close();
      await site.close();
    }
  });

  it('frees the place of a stream whose client left while the hub got ready', async () => {
    const site = await startApiSite('postgres');
    const listener = holdListener();
    try {
      const baseUrl = await listen(site.app);
      const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
      // Five, the most one user may hold, each gone before its stream is answered.
      const leaving = Array.from({ length: 5 }, () => {
        const controller = new AbortController();
        const response = fetch(`${baseUrl}/api/events`, {
          headers: lanner.headers,
          signal: controller.signal,
        }).catch(() => undefined);
        return { controller, response };
      });
      await listener.held();
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const { controller } of leaving) controller.abort();
      for (const { response } of leaving) expect(await response).toBeUndefined();
      listener.release();
      // Their places are free again: five more streams, all answered.
      const streams = [];
      for (let index = 0; index < 5; index += 1) streams.push(await openStream(baseUrl, lanner));
      expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);
      for (const stream of streams) stream.close();
    } finally {
      listener.release();
      await site.close();
    }
  });

  it('tells a stream on one server of a change made on the other', async () => {
    const site = await startApiSite('postgres');
    const otherDb = createDatabase(site.config.database);
    const other = await buildApp(site.config, { db: otherDb, isRunningJobs: false });
    // The other server's hub: only NOTIFY can tell it in time.
    const otherHub = hubWithoutPoll(otherDb, site.config.database);
    try {
      const baseUrl = await listen(other);
      const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
      const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
      const stream = await openStream(baseUrl, lanner);
      const told: HubEvent[] = [];
      const opened = otherHub.open({
        reader: { userId: lanner.user.id, canSeeHiddenLans: false },
        send: (event) => told.push(event),
        resync() {},
        end() {},
      });
      if ('refused' in opened) throw new Error(`refused: ${opened.refused}`);
      await opened.ready;
      const created = await site.app.inject({
        method: 'POST',
        url: '/api/lans',
        headers: admin.headers,
        payload: buildLanBody({ isActive: true }),
      });
      const lanId = created.json().id;
      await stream.next((e) => e.event === 'lan' && (e.data as { lanId: number }).lanId === lanId);
      await until(
        () => told.find((event) => event.kind === 'lan' && event.lanId === lanId),
        () => `the other server's hub was not told of lan ${lanId}`,
      );
      opened.close();
      stream.close();
    } finally {
      await otherHub.close();
      await other.close();
      await otherDb.destroy();
      await site.close();
    }
  });
});
