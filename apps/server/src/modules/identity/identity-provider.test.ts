import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { createLocalAccount } from './local-accounts.service.ts';
import { loadOrCreateSigningKeys } from './signing-keys.ts';
import {
  codeAfter,
  exchangeCode,
  type IdentitySite,
  postToken,
  signInWithPassword,
  startAuthorization,
  startIdentitySite,
} from './test-support/identity-site.ts';
import { TestBrowser } from './test-support/test-browser.ts';

const password = 'correct horse battery';

describe.each(testEngines)('the embedded identity provider on %s', (engine) => {
  let site: IdentitySite & { site: { cleanUp: () => Promise<void>; dataDir: string } };

  beforeAll(async () => {
    site = await startIdentitySite(engine);
    await createLocalAccount(
      site.db,
      { username: 'Frag', email: 'frag@example.com', password, passwordRepeat: password },
      { publicUrl: site.config.publicUrl },
    );
  });

  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });

  it('publishes a discovery document for the issuer at PUBLIC_URL/oidc', async () => {
    const response = await fetch(`${site.issuer}/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    });
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(site.issuer);
    expect(discovery.authorization_endpoint).toBe(`${site.issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${site.issuer}/token`);
    expect(discovery.end_session_endpoint).toBe(`${site.issuer}/session/end`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'offline_access']),
    );
  });

  it('publishes only public signing keys', async () => {
    const response = await fetch(`${site.issuer}/jwks`);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    const { publicJwks } = await loadOrCreateSigningKeys({
      db: site.db,
      dataDir: site.config.dataDir,
    });
    expect(keys).toHaveLength(1);
    expect(keys[0]?.kid).toBe(publicJwks[0]?.kid);
    expect(keys[0]?.d).toBeUndefined();
  });

  it('signs in with authorization code and PKCE and issues a JWT for the API', async () => {
    const authorization = await startAuthorization(site);
    expect(authorization.signInPage.response.status).toBe(200);
    expect(authorization.interactionPath).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect(authorization.signInPage.body).toContain('<title>Sign in – Lanparty</title>');

    const result = await authorization.browser.post(
      `${site.origin}${authorization.interactionPath}/login`,
      { username: 'frag', password },
    );
    expect(result.response.status).toBe(303);
    const code = await codeAfter(authorization, result);
    const { status, body } = await exchangeCode(site, authorization, code);
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeLessThanOrEqual(300);

    const { publicJwks } = await loadOrCreateSigningKeys({
      db: site.db,
      dataDir: site.config.dataDir,
    });
    const { payload, protectedHeader } = await jwtVerify(
      body.access_token,
      createLocalJWKSet({ keys: publicJwks }),
      { issuer: site.issuer, audience: 'lanparty-api', algorithms: ['RS256'] },
    );
    expect(protectedHeader.kid).toBe(publicJwks[0]?.kid);
    expect(payload.aud).toBe('lanparty-api');
    expect(payload.client_id).toBe('lanparty-web');
    expect(payload.preferred_username).toBe('Frag');
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);

    const idToken = decodeJwt(body.id_token);
    expect(idToken.sub).toBe(payload.sub);
    expect(idToken.preferred_username).toBe('Frag');
    expect(idToken.name).toBe('Frag');
    expect(idToken.steam_id).toBeUndefined();

    const user = await site.db
      .selectFrom('users')
      .select('subject')
      .where('nickname', '=', 'Frag')
      .executeTakeFirstOrThrow();
    expect(payload.sub).toBe(user.subject);
  });

  it('renews with the refresh token, which can be used once', async () => {
    const tokens = await signInWithPassword(site, 'Frag', password);
    expect(tokens.refresh_token).toBeTruthy();
    const renewed = await postToken(site, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    });
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.access_token).aud).toBe('lanparty-api');
    expect(renewed.body.refresh_token).not.toBe(tokens.refresh_token);

    const reused = await postToken(site, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('refuses a code without the PKCE verifier', async () => {
    const authorization = await startAuthorization(site);
    const result = await authorization.browser.post(
      `${site.origin}${authorization.interactionPath}/login`,
      { username: 'Frag', password },
    );
    const code = await codeAfter(authorization, result);
    const { status, body } = await postToken(site, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: authorization.redirectUri,
      code_verifier: 'x'.repeat(43),
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = new TestBrowser();
    const url = new URL(`${site.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: 'lanparty-web',
      redirect_uri: `${site.origin}/`,
      response_type: 'code',
      scope: 'openid',
      state: 'abc',
    }).toString();
    const result = await browser.get(url.href);
    const location = new URL(result.response.headers.get('location') ?? '', site.origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('re-renders the sign-in page for a wrong password, keeping the username', async () => {
    const authorization = await startAuthorization(site);
    const result = await authorization.browser.post(
      `${site.origin}${authorization.interactionPath}/login`,
      { username: 'Frag', password: 'not the password' },
    );
    expect(result.response.status).toBe(200);
    expect(result.body).toContain('The username or password is not correct.');
    expect(result.body).toContain('value="Frag"');
    expect(result.body).not.toContain('not the password');
    expect(result.body).toContain('aria-describedby="sign-in-error"');
  });

  it('gives the same answer for an unknown username', async () => {
    const authorization = await startAuthorization(site);
    const result = await authorization.browser.post(
      `${site.origin}${authorization.interactionPath}/login`,
      { username: 'nobody', password },
    );
    expect(result.response.status).toBe(200);
    expect(result.body).toContain('The username or password is not correct.');
  });

  it('limits sign-in attempts per address and username', async () => {
    const authorization = await startAuthorization(site);
    const attempt = (username: string) =>
      authorization.browser.post(`${site.origin}${authorization.interactionPath}/login`, {
        username,
        password: 'guess',
      });
    for (let count = 0; count < 10; count += 1) {
      expect((await attempt('Limited')).response.status).toBe(200);
    }
    const refused = await attempt('limited');
    expect(refused.response.status).toBe(429);
    expect(refused.body).toContain('Too many sign-in attempts');
    expect((await attempt('someone-else')).response.status).toBe(200);
  });

  it('serves pages that need no inline script or style', async () => {
    const { signInPage } = await startAuthorization(site);
    expect(signInPage.body).toContain('lang="en-US"');
    expect(signInPage.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(signInPage.body).not.toContain('style=');
    expect(signInPage.body).toMatch(/<label for="username">Username<\/label>/);
    expect(signInPage.body).toMatch(/<label for="password">Password<\/label>/);
    expect(signInPage.body).toContain('>Sign in</button>');
    expect(signInPage.body).toContain('Sign in through Steam');
    const csp = signInPage.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    const stylesheet = /href="([^"]+sign-in\.css[^"]*)"/.exec(signInPage.body)?.[1];
    const css = await fetch(new URL(stylesheet ?? '', site.origin));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers an expired or foreign interaction with a page that leads back', async () => {
    const response = await fetch(`${site.origin}/oidc/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('signs out through end_session, confirming by itself for our app, and revokes tokens', async () => {
    const tokens = await signInWithPassword(site, 'Frag', password);
    const { browser } = tokens.authorization;
    const url = new URL(`${site.issuer}/session/end`);
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: site.config.publicUrl.href,
    }).toString();
    const page = await browser.get(url.href);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('Sign out of Lanparty?');
    expect(page.body).toContain('sign-out.js');
    expect(page.body).toContain('data-auto-submit');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await browser.post(`${site.issuer}/session/end/confirm`, {
      xsrf,
      logout: 'yes',
    });
    expect(confirmed.response.status).toBe(303);
    expect(confirmed.response.headers.get('location')).toBe(site.config.publicUrl.href);

    const renewed = await postToken(site, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    });
    expect(renewed.body.error).toBe('invalid_grant');
  });

  it('signs an account its owner just erased out onto the page that says so', async () => {
    await createLocalAccount(
      site.db,
      { username: 'Leaver', email: 'leaver@example.com', password, passwordRepeat: password },
      { publicUrl: site.config.publicUrl },
    );
    const tokens = await signInWithPassword(site, 'Leaver', password);
    const erased = await fetch(`${site.origin}/api/users/me`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password }),
    });
    expect(erased.status, await erased.text()).toBe(204);

    const { browser } = tokens.authorization;
    const erasedPage = new URL('/account-erased', site.config.publicUrl).href;
    const url = new URL(`${site.issuer}/session/end`);
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: erasedPage,
    }).toString();
    const page = await browser.get(url.href);
    expect(page.response.status, page.body).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await browser.post(`${site.issuer}/session/end/confirm`, {
      xsrf,
      logout: 'yes',
    });
    expect(confirmed.response.status).toBe(303);
    expect(confirmed.response.headers.get('location')).toBe(erasedPage);

    // Another page of ours is no place to be sent after a sign-out.
    url.searchParams.set('post_logout_redirect_uri', new URL('/profile', erasedPage).href);
    expect((await browser.get(url.href)).response.status).toBe(400);
  });

  it('serves the same signing key after a restart', async () => {
    const kidOf = async (issuer: string) =>
      ((await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }).keys[0]?.kid;
    const before = await kidOf(site.issuer);
    const restarted = await startIdentitySite(engine, {}, site.site as never);
    try {
      expect(await kidOf(restarted.issuer)).toBe(before);
    } finally {
      await restarted.close();
    }
  });
});
