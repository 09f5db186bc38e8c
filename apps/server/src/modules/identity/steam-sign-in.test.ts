import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpenIdOptions, type FakeSteam, startFakeSteam } from '../../../test/fake-steam.ts';
import { testEngines } from '../../../test/test-database.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import {
  codeAfter,
  exchangeCode,
  type IdentitySite,
  startAuthorization,
  startIdentitySite,
} from './test-support/identity-site.ts';

describe.each(testEngines)('sign in through Steam on %s', (engine) => {
  let steam: FakeSteam;
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };

  beforeAll(async () => {
    steam = await startFakeSteam('test-key');
    steam.players.set('76561197960287930', {
      steamid: '76561197960287930',
      personaname: 'Gordon',
    });
    site = await startIdentitySite(engine, {
      STEAM_OPENID_URL: steam.openIdUrl,
      STEAM_API_URL: steam.url,
      STEAM_API_KEY: 'test-key',
    });
  });

  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
    await steam?.close();
  });

  /** Starts a sign-in and presses "Sign in through Steam", stopping at Steam's answer. */
  async function goToSteam() {
    const authorization = await startAuthorization(site);
    const start = await authorization.browser.get(
      `${site.origin}${authorization.interactionPath}/steam`,
    );
    expect(start.response.status).toBe(303);
    const atSteam = await authorization.browser.get(start.response.headers.get('location') ?? '');
    const callback = new URL(atSteam.response.headers.get('location') ?? '');
    return { authorization, callback };
  }

  it('creates the user with the Steam id and persona name and signs them in', async () => {
    const { authorization, callback } = await goToSteam();
    expect(callback.href).toContain(`${site.issuer}/interaction/`);
    const result = await authorization.browser.get(callback.href);
    const code = await codeAfter(authorization, result);
    const { body } = await exchangeCode(site, authorization, code);
    const idToken = decodeJwt(body.id_token);
    expect(idToken.steam_id).toBe('76561197960287930');
    expect(idToken.name).toBe('Gordon');
    expect(decodeJwt(body.access_token).steam_id).toBe('76561197960287930');

    const user = await site.db
      .selectFrom('users')
      .selectAll()
      .where('steam_id', '=', '76561197960287930')
      .executeTakeFirstOrThrow();
    expect(user.subject).toBe(idToken.sub);
    expect(user.nickname).toBe('Gordon');
    // The first account of an empty site runs it.
    expect((await findRoles(site.db, [user.id])).get(user.id)).toEqual(['SystemAdministrator']);
  });

  it('signs the same person in again without a second user', async () => {
    const { authorization, callback } = await goToSteam();
    const code = await codeAfter(authorization, await authorization.browser.get(callback.href));
    const { body } = await exchangeCode(site, authorization, code);
    expect(decodeJwt(body.id_token).steam_id).toBe('76561197960287930');
    const users = await site.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('names a new user after the end of their Steam id when Steam has no name', async () => {
    // Steam knows no player with this id: GetPlayerSummaries leaves it out.
    steam.openId.steamId = '76561198012345678';
    try {
      const { authorization, callback } = await goToSteam();
      await codeAfter(authorization, await authorization.browser.get(callback.href));
      const user = await site.db
        .selectFrom('users')
        .selectAll()
        .where('steam_id', '=', '76561198012345678')
        .executeTakeFirstOrThrow();
      expect(user.nickname).toBe('steam-45678');
      expect((await findRoles(site.db, [user.id])).get(user.id)).toEqual([]);
    } finally {
      steam.openId = defaultOpenIdOptions();
    }
  });

  it('sends a refused answer back to the sign-in page with a clear error', async () => {
    const { authorization, callback } = await goToSteam();
    const forged = 'https://steamcommunity.com/openid/id/76561198099999999';
    callback.searchParams.set('openid.claimed_id', forged);
    callback.searchParams.set('openid.identity', forged);
    const refused = await authorization.browser.get(callback.href);
    expect(refused.response.status).toBe(303);
    const page = await authorization.browser.follow(refused);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('Steam did not confirm your sign-in. Please try again.');
    const forgedUser = await site.db
      .selectFrom('users')
      .select('id')
      .where('steam_id', '=', '76561198099999999')
      .executeTakeFirst();
    expect(forgedUser).toBeUndefined();
  });

  it('refuses the same answer a second time', async () => {
    const { authorization, callback } = await goToSteam();
    const first = await authorization.browser.get(callback.href);
    expect(first.response.headers.get('location')).toContain('/oidc/auth/');
    const replay = await authorization.browser.get(callback.href);
    expect(replay.response.headers.get('location')).toContain('?error=steam');
  });
});
