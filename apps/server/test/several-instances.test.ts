import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type AppDatabase, createDatabase } from '../src/db/database.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/modules/chat/test-support/webhook-receiver.ts';
import { demoSignUps } from '../src/modules/demo/demo-community.ts';
import { demoLanners } from '../src/modules/demo/demo-people.ts';
import { demoAccounts } from '../src/modules/identity/demo-accounts.ts';
import { createLocalAccount } from '../src/modules/identity/local-accounts.service.ts';
import {
  codeAfter,
  exchangeCode,
  type IdentitySite,
  signInWithPassword,
  startAuthorization,
} from '../src/modules/identity/test-support/identity-site.ts';
import { makeJpeg, makePng, multipartBody } from './images.ts';
import { buildLanBody } from './lans.ts';
import { type Balancer, startBalancer } from './load-balancer.ts';
import { createTestSite, type TestSite } from './test-database.ts';

/** One server of the site: its own data folder and connections, the database shared. */
type Instance = IdentitySite & { port: number };

/** Another server's configuration: the same database and schema, a data folder of its own. */
function withOwnDataFolder(config: Config): { config: Config; cleanUp: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-test-'));
  return {
    config: { ...config, dataDir },
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function startInstance(
  config: Config,
  options: { isRunningJobs: boolean; listen: boolean },
): Promise<Instance> {
  const db: AppDatabase = createDatabase(config.database);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { db, isRunningJobs: options.isRunningJobs });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const port = options.listen ? await listenOnFreePort(app) : 0;
  return {
    config,
    db,
    app,
    port,
    // Visitors only know PUBLIC_URL: the load balancer's address.
    origin: config.publicUrl.origin,
    issuer: config.identity.issuer,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Not listening');
  return address.port;
}

const isOnPostgres = process.env.TEST_DATABASE_URL !== undefined;
const password = 'correct horse battery';

describe.skipIf(!isOnPostgres)('two servers on one PostgreSQL database', () => {
  let site: TestSite;
  let second: { config: Config; cleanUp: () => void };
  let balancer: Balancer;
  let receiver: WebhookReceiver;
  let one: Instance;
  let other: Instance;
  let adminId: number;

  beforeAll(async () => {
    balancer = await startBalancer();
    receiver = await startWebhookReceiver();
    site = await createTestSite('postgres', {
      PUBLIC_URL: balancer.origin,
      NODE_ENV: 'test',
      DISCORD_WEBHOOK_URL: receiver.url,
    });
    second = withOwnDataFolder(site.config);
    // Started together, as after a deploy: they must agree on one set of keys.
    [one, other] = await Promise.all([
      startInstance(site.config, { isRunningJobs: true, listen: true }),
      startInstance(second.config, { isRunningJobs: true, listen: true }),
    ]);
    // The site's first account is its administrator.
    const created = await createLocalAccount(
      one.db,
      { username: 'Frag', email: 'frag@example.com', password, passwordRepeat: password },
      { publicUrl: site.config.publicUrl },
    );
    if (!created.isCreated) throw new Error('Could not create the test account');
    adminId = created.userId;
  });

  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
    await balancer?.close();
    await receiver?.close();
    second?.cleanUp();
    await site?.cleanUp();
  });

  it('accepts on one server a token the other issued', async () => {
    balancer.routeTo(one.port);
    const tokens = await signInWithPassword(one, 'frag', password);
    for (const instance of [other, one]) {
      const response = await instance.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: adminId, nickname: 'Frag' });
    }
  });

  it('finishes on one server a sign-in started on the other', async () => {
    balancer.routeTo(one.port);
    const authorization = await startAuthorization(one);
    expect(authorization.signInPage.response.status).toBe(200);

    balancer.routeTo(other.port);
    const before = balancer.requestsTo(other.port);
    const result = await authorization.browser.post(
      `${other.origin}${authorization.interactionPath}/login`,
      { username: 'frag', password },
    );
    expect(result.response.status).toBe(303);
    const code = await codeAfter(authorization, result);
    const { status, body } = await exchangeCode(other, authorization, code);
    expect(status).toBe(200);
    expect(balancer.requestsTo(other.port)).toBeGreaterThan(before + 2);

    const me = await one.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('serves from one server an avatar uploaded to the other', async () => {
    balancer.routeTo(one.port);
    const { access_token: token } = await signInWithPassword(one, 'frag', password);
    const png = makePng();
    const upload = multipartBody('image', 'avatar.png', 'image/png', png);
    const put = await one.app.inject({
      method: 'PUT',
      url: `/api/assets/user-${adminId}.png`,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
      payload: upload.payload,
    });
    expect(put.statusCode).toBeLessThan(300);

    const get = await other.app.inject({ method: 'GET', url: `/api/assets/user-${adminId}.png` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
  });

  it('serves on both servers the widths of the new avatar once it is uploaded to one', async () => {
    balancer.routeTo(one.port);
    const { access_token: token } = await signInWithPassword(one, 'frag', password);
    const headers = { authorization: `Bearer ${token}` };
    const upload = async (bytes: Buffer) => {
      const form = multipartBody('image', 'avatar.jpg', 'image/jpeg', bytes);
      const put = await one.app.inject({
        method: 'PUT',
        url: `/api/assets/user-${adminId}.jpg`,
        headers: { ...form.headers, ...headers },
        payload: form.payload,
      });
      expect(put.statusCode).toBe(204);
      const me = await other.app.inject({ method: 'GET', url: '/api/users/me', headers });
      return me.json().avatarVersion as string;
    };
    const getAt = (instance: Instance, version: string) =>
      instance.app.inject({
        method: 'GET',
        url: `/api/assets/user-${adminId}?v=${version}&w=64`,
        headers: { accept: 'image/avif,image/webp,*/*' },
      });

    const first = await upload(await makeJpeg({ width: 300, height: 300 }));
    // The other server makes the 64 px AVIF; both then serve that one.
    const made = await getAt(other, first);
    expect((await getAt(one, first)).headers.etag).toBe(made.headers.etag);
    expect(made.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const second = await upload(await makeJpeg({ width: 200, height: 100 }));
    expect(second).not.toBe(first);
    const remade = await getAt(other, second);
    expect(remade.headers.etag).not.toBe(made.headers.etag);
    expect(await sharp(remade.rawPayload).metadata()).toMatchObject({ width: 64, height: 32 });
    expect((await getAt(one, second)).headers.etag).toBe(remade.headers.etag);
    // The old version's address is answered the new image, and not kept.
    const stale = await getAt(one, first);
    expect(stale.headers.etag).toBe(remade.headers.etag);
    expect(stale.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const kept = await one.db
      .selectFrom('asset_variants')
      .select(['format', 'width'])
      .where('asset_id', '=', `user-${adminId}`)
      .execute();
    expect(kept).toEqual([{ format: 'avif', width: 64 }]);
  });

  it('posts each lan announcement to the chat once while both servers run their jobs', async () => {
    balancer.routeTo(one.port);
    const { access_token: token } = await signInWithPassword(one, 'frag', password);
    // A slow receiver keeps each delivery open while the other server's worker polls.
    receiver.setDelayMs(700);
    const names = ['Spring lan', 'Summer lan', 'Autumn lan'];
    for (const [index, name] of names.entries()) {
      // Made on either server: the announcement is queued with the change, wherever.
      const server = index % 2 === 0 ? one : other;
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/lans',
        headers: { authorization: `Bearer ${token}` },
        payload: buildLanBody({ name }),
      });
      expect(created.statusCode).toBe(201);
    }
    await expect.poll(() => receiver.posts.length, { timeout: 15_000 }).toBe(names.length);
    // Both workers poll every 2 s: give a duplicate time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const titles = receiver.posts.map((post) => JSON.stringify(post.body));
    expect(receiver.posts).toHaveLength(names.length);
    for (const name of names)
      expect(titles.filter((title) => title.includes(name))).toHaveLength(1);
  });
});

describe.skipIf(!isOnPostgres)('two demo sites starting at once on one empty database', () => {
  it('both come up and the demo community exists once', async () => {
    const site = await createTestSite('postgres', { LANPARTY_DEMO: '1' }, { from: 'empty' });
    const second = withOwnDataFolder(site.config);
    const instances: Instance[] = [];
    try {
      const started = await Promise.allSettled([
        startInstance(site.config, { isRunningJobs: false, listen: false }),
        startInstance(second.config, { isRunningJobs: false, listen: false }),
      ]);
      for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;

      const db = instances[0]?.db as AppDatabase;
      const count = async (table: 'users' | 'lans' | 'local_accounts') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('local_accounts')).toBe(demoAccounts.length);
      expect(await count('users')).toBe(
        demoAccounts.length + demoLanners.length + demoSignUps.length,
      );
      // Eighteen past lans, an open one, a full one, a nearly full one and a draft.
      expect(await count('lans')).toBe(22);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      second.cleanUp();
      await site.cleanUp();
    }
  }, 60_000);
});
