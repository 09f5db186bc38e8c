import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng, uploadImage } from '../../../test/images.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { listUsers } from '../users/users.repository.ts';
import { presentPublicUsers } from '../users/users.service.ts';

/** Counts the queries that read the assets table, to see a list costs one, not one per user. */
function countingAssetQueries(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  return {
    plugin: {
      transformQuery: ({ node }) => {
        if (JSON.stringify(node).includes('"name":"assets"')) count += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    },
    count: () => count,
  };
}

describe.each(testEngines)('avatar and banner versions in the API on %s', (engine) => {
  // One administrator makes the lan, uploads its banner and reads every user.
  const { site, api } = setUpOrganiserSite(engine, {
    adminRoles: ['LanAdministrator', 'MemberAdministrator'],
  });
  const { admin } = api;
  let lanner: SignedIn;
  let other: SignedIn;
  let lanId: number;

  const getJson = async (url: string, who: SignedIn = admin) => {
    const response = await site.app.inject({ method: 'GET', url, headers: who.headers });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  const masterVersionOf = async (assetId: string) => {
    const row = await site.db
      .selectFrom('assets')
      .select('etag')
      .where('asset_id', '=', assetId)
      .executeTakeFirstOrThrow();
    return row.etag.replaceAll('"', '');
  };

  beforeAll(async () => {
    lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    other = await signInAs(site.db, site.issuer, ['Lanner']);
    lanId = (await api.createLan()).id;
    await api.subscribe(lanId, lanner);
  });

  it('says null for a user without an avatar and a lan without a banner', async () => {
    const users = await getJson(`/api/users?userIds=${lanner.user.id},${other.user.id}`);
    expect(users.items.map((user: { avatarVersion: unknown }) => user.avatarVersion)).toEqual([
      null,
      null,
    ]);
    expect((await getJson('/api/users/me', lanner)).avatarVersion).toBeNull();
    const lan = await getJson(`/api/lans/${lanId}`);
    expect(lan.bannerVersion).toBeNull();
    expect(lan.subscribers[0].user.avatarVersion).toBeNull();
  });

  it('gives every answer that shows the user or the lan the new version after an upload', async () => {
    // Read first, so the answers are kept: an upload must make them stale.
    await getJson(`/api/users?userIds=${lanner.user.id},${other.user.id}`);
    await getJson(`/api/lans?limit=5`);
    const avatar = await uploadImage(site.app, `user-${lanner.user.id}.png`, makePng(), {
      headers: lanner.headers,
    });
    expect(avatar.statusCode).toBe(204);
    const banner = await uploadImage(site.app, `lan-${lanId}.jpg`, await makeJpeg(), {
      headers: admin.headers,
    });
    expect(banner.statusCode).toBe(204);
    const avatarVersion = await masterVersionOf(`user-${lanner.user.id}`);
    const bannerVersion = await masterVersionOf(`lan-${lanId}`);

    const users = await getJson(`/api/users?userIds=${lanner.user.id},${other.user.id}`);
    expect(
      users.items.map((user: { id: number; avatarVersion: unknown }) => [
        user.id,
        user.avatarVersion,
      ]),
    ).toEqual([
      [lanner.user.id, avatarVersion],
      [other.user.id, null],
    ]);
    expect((await getJson('/api/users/me', lanner)).avatarVersion).toBe(avatarVersion);
    expect((await getJson(`/api/users/${lanner.user.id}`)).avatarVersion).toBe(avatarVersion);
    const lan = await getJson(`/api/lans/${lanId}`);
    expect(lan.bannerVersion).toBe(bannerVersion);
    expect(lan.subscribers[0].user.avatarVersion).toBe(avatarVersion);
    const list = await getJson('/api/lans?limit=5');
    expect(list.items.find((item: { id: number }) => item.id === lanId).bannerVersion).toBe(
      bannerVersion,
    );

    // The version names the image: its address with it is kept for a year.
    const image = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${lanner.user.id}?v=${avatarVersion}&w=64`,
    });
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('reads the avatars of a whole list in one query', async () => {
    const users = await Promise.all(
      Array.from({ length: 20 }, () => signInAs(site.db, site.issuer, ['Lanner'])),
    );
    for (const user of users.slice(0, 5)) {
      await uploadImage(site.app, `user-${user.user.id}.png`, makePng(), {
        headers: user.headers,
      });
    }
    const counter = countingAssetQueries();
    const db = site.db.withPlugin(counter.plugin);
    const { rows } = await listUsers(db, {
      userIds: users.map((user) => user.user.id),
      offset: 0,
      limit: 100,
    });
    expect(rows).toHaveLength(20);
    const presented = await presentPublicUsers(db, rows);
    expect(counter.count()).toBe(1);
    expect(presented.filter((user) => user.avatarVersion !== null)).toHaveLength(5);
  });
});
