import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { markGamesChecked } from '../playtime/steam-profiles.repository.ts';

describe.each(testEngines)('the playtime status on the profile, on %s', (engine) => {
  let site: ApiSite;
  let siteWithoutKey: ApiSite;
  beforeAll(async () => {
    site = await startApiSite(engine, {
      STEAM_API_KEY: 'test-key',
      STEAM_API_URL: 'http://127.0.0.1:9',
    });
    siteWithoutKey = await startApiSite(engine);
  });
  afterAll(async () => {
    await site?.close();
    await siteWithoutKey?.close();
  });

  const status = async (target: ApiSite, headers: Record<string, string> = {}) => {
    const response = await target.app.inject({
      method: 'GET',
      url: '/api/users/me/playtime-status',
      headers,
    });
    return { code: response.statusCode, body: response.json() };
  };

  it('needs a signed-in user', async () => {
    expect((await status(site)).code).toBe(401);
  });

  it('tells a user without a Steam id that nothing is recorded', async () => {
    const user = await signInAs(site.db, site.issuer, ['Lanner']);
    expect((await status(site, user.headers)).body).toEqual({
      isCollecting: false,
      hasSteamId: false,
      isGameDetailsPrivate: false,
      gamesCheckedAt: null,
      showsOnScreens: true,
    });
  });

  it('flags game details that Steam keeps private', async () => {
    const user = await signInAs(site.db, site.issuer, ['Lanner'], {
      steamId: '76561197960287930',
    });
    expect((await status(site, user.headers)).body).toMatchObject({
      isCollecting: true,
      hasSteamId: true,
      isGameDetailsPrivate: false,
    });
    const checkedAt = new Date('2026-11-01T12:00:00.000Z');
    await markGamesChecked(site.db, user.user.id, checkedAt, true);
    expect((await status(site, user.headers)).body).toEqual({
      isCollecting: true,
      hasSteamId: true,
      isGameDetailsPrivate: true,
      gamesCheckedAt: checkedAt.toISOString(),
      showsOnScreens: true,
    });
  });

  it('records nothing on a site without a Steam Web API key', async () => {
    const user = await signInAs(siteWithoutKey.db, siteWithoutKey.issuer, ['Lanner'], {
      steamId: '76561197960287931',
    });
    expect((await status(siteWithoutKey, user.headers)).body).toMatchObject({
      isCollecting: false,
      hasSteamId: true,
    });
  });
});
