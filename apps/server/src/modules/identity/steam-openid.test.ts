import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpenIdOptions, type FakeSteam, startFakeSteam } from '../../../test/fake-steam.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { parseKeyValueForm, steamSignInUrl, verifySteamAnswer } from './steam-openid.ts';
import { openTestDatabase } from './test-support/identity-site.ts';

const returnTo = 'https://lan.example/oidc/interaction/abc/steam/callback';

describe('steamSignInUrl', () => {
  it('asks Steam for checkid_setup with identifier_select and our return address', () => {
    const url = new URL(
      steamSignInUrl({
        openIdUrl: 'https://steamcommunity.com/openid/login',
        returnTo,
        realm: 'https://lan.example',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://steamcommunity.com/openid/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': returnTo,
      'openid.realm': 'https://lan.example',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
  });
});

describe('parseKeyValueForm', () => {
  it('reads one key:value per line', () => {
    expect(parseKeyValueForm('ns:http://specs.openid.net/auth/2.0\nis_valid:true\n')).toEqual({
      ns: 'http://specs.openid.net/auth/2.0',
      is_valid: 'true',
    });
  });
});

describe.each(testEngines)('verifySteamAnswer on %s', (engine) => {
  let steam: FakeSteam;
  let db: AppDatabase;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    steam = await startFakeSteam();
    ({ db, cleanUp } = await openTestDatabase(engine));
  });

  afterAll(async () => {
    await steam?.close();
    await cleanUp?.();
  });

  afterEach(() => {
    steam.openId = defaultOpenIdOptions();
  });

  const verify = (answer: URLSearchParams, options: { openIdUrl?: string } = {}) =>
    verifySteamAnswer(Object.fromEntries(answer), {
      db,
      openIdUrl: options.openIdUrl ?? steam.openIdUrl,
      returnTo,
    });

  it('accepts an answer Steam confirms and gives the SteamID64', async () => {
    const before = steam.checkAuthenticationCount;
    expect(await verify(steam.answerFor(returnTo))).toEqual({
      isValid: true,
      steamId: '76561197960287930',
    });
    expect(steam.checkAuthenticationCount).toBe(before + 1);
  });

  it('refuses a replayed answer', async () => {
    const answer = steam.answerFor(returnTo);
    expect((await verify(answer)).isValid).toBe(true);
    expect(await verify(answer)).toEqual({
      isValid: false,
      reason: 'the response nonce was used before (replay)',
    });
  });

  it('refuses an answer naming another endpoint than the configured one', async () => {
    const result = await verify(steam.answerFor(returnTo), {
      openIdUrl: 'https://steamcommunity.com/openid/login',
    });
    expect(result).toEqual({ isValid: false, reason: 'op_endpoint is not the configured one' });
  });

  it('refuses a claimed id changed after Steam signed the answer', async () => {
    const answer = steam.answerFor(returnTo);
    const forged = 'https://steamcommunity.com/openid/id/76561198000000001';
    answer.set('openid.claimed_id', forged);
    answer.set('openid.identity', forged);
    expect(await verify(answer)).toEqual({
      isValid: false,
      reason: 'Steam answered is_valid:false',
    });
  });

  it('refuses when Steam answers is_valid:false', async () => {
    steam.openId.isAlwaysInvalid = true;
    expect(await verify(steam.answerFor(returnTo))).toMatchObject({ isValid: false });
  });

  it('refuses a stale nonce without asking Steam', async () => {
    steam.openId.nonceOffsetMs = -6 * 60 * 1000;
    const before = steam.checkAuthenticationCount;
    expect(await verify(steam.answerFor(returnTo))).toEqual({
      isValid: false,
      reason: 'response_nonce is stale',
    });
    expect(steam.checkAuthenticationCount).toBe(before);
  });

  it('refuses a claimed id that is not a SteamID64', async () => {
    steam.openId.steamId = '12345';
    expect(await verify(steam.answerFor(returnTo))).toEqual({
      isValid: false,
      reason: 'claimed_id is not a SteamID64',
    });
  });

  it('refuses an answer for another return address', async () => {
    const answer = steam.answerFor('https://lan.example/oidc/interaction/other/steam/callback');
    expect(await verify(answer)).toEqual({
      isValid: false,
      reason: 'return_to is not this sign-in',
    });
  });

  it('refuses an answer whose signature does not cover the claimed id', async () => {
    steam.openId.signed = 'signed,op_endpoint,identity,return_to,response_nonce,assoc_handle';
    expect(await verify(steam.answerFor(returnTo))).toEqual({
      isValid: false,
      reason: 'not signed: claimed_id',
    });
  });

  it('refuses a cancelled sign-in and a repeated parameter', async () => {
    expect(await verify(new URLSearchParams({ 'openid.mode': 'cancel' }))).toMatchObject({
      isValid: false,
    });
    const repeated = await verifySteamAnswer(
      { 'openid.mode': ['id_res', 'id_res'] },
      { db, openIdUrl: steam.openIdUrl, returnTo },
    );
    expect(repeated).toMatchObject({ isValid: false });
  });
});
