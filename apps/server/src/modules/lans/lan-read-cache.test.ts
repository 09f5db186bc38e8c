import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { type AppDatabase, createDatabase } from '../../db/database.ts';
import { replaceRoles } from '../accounts/accounts.repository.ts';

/*
 * The public lan reads are kept as JSON until the data under them changes. These tests
 * read through a second server instance on the same database, so only the database's
 * version can tell it that the first one wrote something.
 */
describe.each(testEngines)('cached lan reads on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine);
  const { admin } = api;
  let otherDb: AppDatabase;
  let other: FastifyInstance;

  beforeAll(async () => {
    otherDb = createDatabase(site.config.database);
    other = await buildApp(site.config, { db: otherDb, isRunningJobs: false });
    await other.ready();
  });
  // Runs before the helper closes the site.
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
  });

  const createLan = async (overrides: Record<string, unknown> = {}) =>
    (await api.createLan({ maximumSubcribers: 20, ...overrides })).id;

  const readOther = async (url: string, headers: Record<string, string> = {}) => {
    const response = await other.inject({ method: 'GET', url, headers });
    return {
      status: response.statusCode,
      body: response.json(),
      type: response.headers['content-type'],
    };
  };

  it('shows a subscription, a nickname and a role made on another instance at once', async () => {
    const lanId = await createLan();
    const lanner = await signInAs(site.db, site.issuer, ['Lanner'], { nickname: 'Before' });
    const before = await readOther(`/api/lans/${lanId}`);
    expect(before.status).toBe(200);
    expect(before.type).toBe('application/json; charset=utf-8');
    expect(before.body.subscribers).toEqual([]);

    const subscribed = await site.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers: lanner.headers,
      payload: { lanId, userId: lanner.user.id },
    });
    expect(subscribed.statusCode).toBe(201);
    const afterSubscribe = await readOther(`/api/lans/${lanId}`);
    expect(afterSubscribe.body.subscribers).toMatchObject([
      { status: 'Pending', user: { nickname: 'Before', roles: ['Lanner'] } },
    ]);

    await site.db
      .updateTable('users')
      .set({ nickname: 'After' })
      .where('id', '=', lanner.user.id)
      .execute();
    await replaceRoles(site.db, lanner.user.id, ['Lanner', 'Member']);
    expect((await readOther(`/api/lans/${lanId}/subscribers`)).body.items).toMatchObject([
      { user: { nickname: 'After', roles: ['Lanner', 'Member'] } },
    ]);
    expect((await readOther(`/api/lans/${lanId}`)).body.subscribers).toMatchObject([
      { user: { nickname: 'After', roles: ['Lanner', 'Member'] } },
    ]);
  });

  it('drops a lan from the list as soon as it is deleted elsewhere', async () => {
    const lanId = await createLan({ name: 'Short-lived lan' });
    const listed = await readOther('/api/lans?limit=100');
    expect(listed.body.items.map((lan: { id: number }) => lan.id)).toContain(lanId);
    const deleted = await site.app.inject({
      method: 'DELETE',
      url: `/api/lans/${lanId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await readOther('/api/lans?limit=100');
    expect(after.body.items.map((lan: { id: number }) => lan.id)).not.toContain(lanId);
    expect((await readOther(`/api/lans/${lanId}`)).status).toBe(404);
  });

  it('keeps an inactive lan read by an administrator a 404 to everyone else', async () => {
    const lanId = await createLan({ isActive: false });
    expect((await readOther(`/api/lans/${lanId}`, admin.headers)).status).toBe(200);
    expect((await readOther(`/api/lans/${lanId}/subscribers`, admin.headers)).status).toBe(200);
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    for (const headers of [{}, lanner.headers]) {
      expect((await readOther(`/api/lans/${lanId}`, headers)).status).toBe(404);
      expect((await readOther(`/api/lans/${lanId}/subscribers`, headers)).status).toBe(404);
    }
  });

  it('counts a lan in its subscribers’ stats once it has ended, without any write', async () => {
    const endsIn = 1500;
    const lanId = await createLan({
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + endsIn).toISOString(),
    });
    const ended = Date.now() + endsIn;
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const subscribed = await site.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers: lanner.headers,
      payload: { lanId, userId: lanner.user.id },
    });
    const id = subscribed.json().id;
    for (const change of ['status:paid', 'present:true']) {
      const response = await site.app.inject({
        method: 'PUT',
        url: `/api/subscribers/${id}/${change}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
    }
    const statsOf = async () =>
      (await readOther(`/api/lans/${lanId}`)).body.subscribers[0].user.stats.numberOfLans;
    expect(await statsOf()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, ended - Date.now() + 50));
    expect(await statsOf()).toBe(1);
  });
});
