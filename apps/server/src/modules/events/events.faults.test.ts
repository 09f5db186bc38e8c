import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startApiSite } from '../../../test/api-site.ts';
import {
  hubWithoutPoll,
  listen,
  openStream,
  type StreamEvent,
  until,
} from '../../../test/event-streams.ts';
import { buildLanBody, insertPastLan } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { type AppDatabase, createDatabase } from '../../db/database.ts';
import type { HubEvent } from './events.repository.ts';

/** `count` events of one user committed at once, as a flood of profile saves would write. */
async function writeUserEvents(db: AppDatabase, userId: number, count: number): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let written = 0; written < count; written += 500) {
      const rows = Array.from({ length: Math.min(500, count - written) }, () => ({
        kind: 'user' as const,
        user_id: userId,
        is_hidden: false,
        creation_date: now,
      }));
      await trx.insertInto('events').values(rows).execute();
    }
  });
}

const isLan = (lanId: number) => (event: StreamEvent) =>
  event.event === 'lan' && (event.data as { lanId: number }).lanId === lanId;

const aboutLan = (lanId: number) => (event: StreamEvent) =>
  (event.data as { lanId?: number }).lanId === lanId;

describe.each(testEngines)('live updates under strain on %s', (engine) => {
  // A SystemAdministrator, who sees hidden lans too, makes and changes the lans.
  const { site, api } = setUpOrganiserSite(engine, { adminRoles: ['SystemAdministrator'] });
  const { admin } = api;
  const createLan = (isActive = true) => api.createLan({ isActive });
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(site.app);
  });

  const updateLan = async (lanId: number, changes: Record<string, unknown>) => {
    const lan = await site.app.inject({ url: `/api/lans/${lanId}`, headers: admin.headers });
    const response = await site.app.inject({
      method: 'PUT',
      url: `/api/lans/${lanId}`,
      headers: admin.headers,
      payload: { ...(lan.json() as Record<string, unknown>), ...changes },
    });
    expect(response.statusCode).toBe(200);
  };

  it('tells of a change made after a burst of thousands, with the burst, in order', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, lanner);
    // Far more than one read of the events table takes, all within the last seconds.
    await writeUserEvents(site.db, lanner.user.id, 2500);
    const lan = await createLan();
    await stream.next(isLan(lan.id), 10_000);
    const ids = stream.events.map((event) => Number(event.id));
    expect(stream.events.filter((event) => event.event === 'user')).toHaveLength(2500);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    stream.close();
  });

  it('sends one resync to a stream rather than let it wait for 10,000 events', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const other = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, lanner);
    await writeUserEvents(site.db, other.user.id, 12_000);
    await stream.next((event) => event.event === 'resync', 10_000);
    const lan = await createLan();
    await stream.next(isLan(lan.id), 10_000);
    expect(stream.events.filter((event) => event.event === 'resync')).toHaveLength(1);
    stream.close();
  });

  it('tells of an inactive lan only the streams of those who may see it', async () => {
    const visitor = await signInAs(site.db, site.issuer, []);
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const lanAdmin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    const streams = {
      visitor: await openStream(baseUrl, visitor),
      lanner: await openStream(baseUrl, lanner),
      lanAdmin: await openStream(baseUrl, lanAdmin),
      admin: await openStream(baseUrl, admin),
    };
    const hidden = await createLan(false);
    await updateLan(hidden.id, { name: 'Still hidden' });
    // Once visible, then hidden again: everyone who saw it hears that it changed, once.
    const shown = await createLan();
    const subscribed = await api.subscribe(shown.id, lanner);
    await updateLan(shown.id, { isActive: false });
    const withdrawn = await api.request(admin, 'DELETE', `/api/subscribers/${subscribed.id}`);
    expect(withdrawn.statusCode).toBe(204);
    const last = await createLan();

    for (const stream of Object.values(streams)) await stream.next(isLan(last.id));
    await streams.lanAdmin.next(
      (event) => event.event === 'subscriber' && aboutLan(shown.id)(event),
    );
    for (const stream of [streams.lanAdmin, streams.admin]) {
      expect(stream.events.filter(aboutLan(hidden.id)).length).toBeGreaterThanOrEqual(2);
    }
    for (const stream of [streams.visitor, streams.lanner]) {
      expect(stream.events.filter(aboutLan(hidden.id))).toEqual([]);
      // Made inactive (heard), then its subscription withdrawn while hidden (not heard).
      expect(stream.events.filter(aboutLan(shown.id)).map((event) => event.event)).toEqual([
        'lan',
        'subscriber',
        'lan',
      ]);
    }
    for (const stream of Object.values(streams)) stream.close();
  });

  it('tells a stream of inactive lans from when its reader becomes a lan administrator', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const stream = await openStream(baseUrl, lanner);
    const hidden = await createLan(false);
    const granted = await site.app.inject({
      method: 'PUT',
      url: `/api/users/${lanner.user.id}`,
      headers: admin.headers,
      payload: { roles: ['Lanner', 'LanAdministrator'] },
    });
    expect(granted.statusCode).toBe(200);
    await stream.next((event) => event.event === 'user');
    // The roles are read again as the user event passes; a change after that is theirs.
    for (let attempt = 0; attempt < 50 && !stream.events.some(isLan(hidden.id)); attempt += 1) {
      await updateLan(hidden.id, { name: `Renamed ${attempt}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stream.events.filter(isLan(hidden.id)).length).toBeGreaterThan(0);
    stream.close();
  });

  it('answers HEAD at once, with the headers and no place among the streams', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    expect((await fetch(`${baseUrl}/api/events`, { method: 'HEAD' })).status).toBe(401);
    for (let index = 0; index < 6; index += 1) {
      const head = await fetch(`${baseUrl}/api/events`, {
        method: 'HEAD',
        headers: lanner.headers,
        signal: AbortSignal.timeout(5000),
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await head.text()).toBe('');
    }
    const streams = [];
    for (let index = 0; index < 5; index += 1) streams.push(await openStream(baseUrl, lanner));
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);
    for (const stream of streams) stream.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a lost listening connection', () => {
  it('is connected again, and what changed is told without the poll', async () => {
    const site = await startApiSite('postgres');
    const hub = hubWithoutPoll(site.db, site.config.database);
    try {
      const told: HubEvent[] = [];
      const opened = hub.open({
        reader: { userId: 1, canSeeHiddenLans: true },
        send: (event) => told.push(event),
        resync() {},
        end() {},
      });
      if ('refused' in opened) throw new Error(`refused: ${opened.refused}`);
      await opened.ready;
      const isTold = (lanId: number) =>
        until(
          () => told.find((event) => event.kind === 'lan' && event.lanId === lanId),
          () => `not told of lan ${lanId}: ${JSON.stringify(told)}`,
        );
      await isTold((await insertPastLan(site.db, { name: 'before', daysAgo: -9 })).id);

      const killed = await sql<{ killed: boolean }>`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where application_name = ${`lanparty events ${site.config.database.kind === 'postgres' ? site.config.database.schema : ''}`}`.execute(
        site.db,
      );
      expect(killed.rows).toEqual([{ killed: true }]);
      await isTold((await insertPastLan(site.db, { name: 'after the kill', daysAgo: -9 })).id);
      // And listening as before: a change after it is told by NOTIFY.
      await isTold((await insertPastLan(site.db, { name: 'later', daysAgo: -9 })).id);
      opened.close();
    } finally {
      await hub.close();
      await site.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server that stops under open streams', () => {
  it('tells its streams to come back soon, and the other server tells what they missed', async () => {
    const site = await startApiSite('postgres');
    const stoppingDb = createDatabase(site.config.database);
    const stopping = await buildApp(site.config, { db: stoppingDb, isRunningJobs: false });
    try {
      const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
      const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
      const stream = await openStream(await listen(stopping), lanner);
      const before = await site.app.inject({
        method: 'POST',
        url: '/api/lans',
        headers: admin.headers,
        payload: buildLanBody(),
      });
      const seen = await stream.next(isLan(before.json().id));
      await stopping.close();
      // Ended with a short retry: the client comes back within 2 s, wherever it lands.
      expect(Number((await stream.ended()).match(/retry: (\d+)\n\n$/)?.[1])).toBeLessThanOrEqual(
        2000,
      );
      const missed = await site.app.inject({
        method: 'POST',
        url: '/api/lans',
        headers: admin.headers,
        payload: buildLanBody(),
      });
      const resumed = await openStream(await listen(site.app), lanner, Number(seen.id));
      await resumed.next(isLan(missed.json().id));
      resumed.close();
    } finally {
      await stopping.close();
      await stoppingDb.destroy();
      await site.close();
    }
  });
});
