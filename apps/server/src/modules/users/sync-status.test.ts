import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { type FakeSteam, startFakeSteam } from '../../../test/fake-steam.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('GET /api/users/me/sync-status on %s', (engine) => {
  let site: ApiSite;
  let steam: FakeSteam;

  beforeAll(async () => {
    steam = await startFakeSteam();
    site = await startApiSite(engine, { STEAM_API_URL: steam.url, STEAM_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await site?.close();
    await steam?.close();
  });

  const sync = (headers: { authorization: string }) =>
    site.app.inject({ method: 'GET', url: '/api/users/me/sync-status', headers });

  it('takes a changed persona name and avatar and answers Updated, then Unchanged', async () => {
    const me = await signInAs(site.db, site.issuer, ['Lanner'], {
      nickname: 'old name',
      steamId: '76561197960287930',
    });
    steam.players.set('76561197960287930', {
      steamid: '76561197960287930',
      personaname: 'Gabe',
      avatarfull: 'https://avatars.steamstatic.com/abc_full.jpg',
    });
    const first = await sync(me.headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe('Updated');
    const profile = await site.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: me.headers,
    });
    expect(profile.json().nickname).toBe('Gabe');
    expect((await sync(me.headers)).body).toBe('Unchanged');
  });

  it('answers Unchanged for a user without a Steam id, without asking Steam', async () => {
    const me = await signInAs(site.db, site.issuer, []);
    const asked = steam.requests.length;
    expect((await sync(me.headers)).body).toBe('Unchanged');
    expect(steam.requests.length).toBe(asked);
  });

  it('answers Unchanged when Steam fails, so signing in goes on', async () => {
    const me = await signInAs(site.db, site.issuer, [], { steamId: '76561197960287931' });
    steam.failWith = 503;
    try {
      const response = await sync(me.headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('Unchanged');
    } finally {
      steam.failWith = undefined;
    }
  });

  it('answers Unchanged when Steam does not know the id', async () => {
    const me = await signInAs(site.db, site.issuer, [], { steamId: '76561197960287999' });
    expect((await sync(me.headers)).body).toBe('Unchanged');
  });
});
