import { WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { createOidcClient } from './create-oidc-client.ts';

const issuer = 'http://192.168.1.10:3000/oidc';
const origin = 'http://192.168.1.10:3000';

function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function base64UrlSha256(text: string, subtle: SubtleCrypto = crypto.subtle) {
  const hash = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The provider's token endpoint, answering a code with tokens for `sub`. */
function stubTokenEndpoint(sub: string) {
  return stubFetch({
    'POST /oidc/token': () =>
      jsonResponse({
        access_token: 'access',
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: 'refresh',
        id_token: idToken({
          iss: issuer,
          aud: 'lanparty-web',
          sub,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 300,
        }),
      }),
    'GET /oidc/.well-known/openid-configuration': () =>
      jsonResponse({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        end_session_endpoint: `${issuer}/session/end`,
      }),
  });
}

function createClient() {
  return createOidcClient(
    { issuer, clientId: 'lanparty-web', audience: 'lanparty-api', scope: 'openid' },
    origin,
    { authorizationEndpoint: `${issuer}/auth` },
  );
}

describe('signing in', () => {
  it('is finished by oidc-client-ts when the visitor is back: state, verifier and return path', async () => {
    const client = createClient();
    const { url } = await client.createSigninRequest({
      state: { returnTo: '/stats/leader-board' },
      request_type: 'si:r',
    });
    const sent = new URL(url).searchParams;
    const { requests } = stubTokenEndpoint('steam-1');

    const response = await client.processSigninResponse(
      `${origin}/?code=the-code&state=${sent.get('state')}`,
    );

    expect(response.access_token).toBe('access');
    expect(response.refresh_token).toBe('refresh');
    expect(response.profile.sub).toBe('steam-1');
    expect(response.userState).toEqual({ returnTo: '/stats/leader-board' });
    const exchange = requests.find((request) => request.url.pathname === '/oidc/token');
    const body = new URLSearchParams(String(exchange?.body));
    expect(body.get('grant_type')).toBe('authorization_code');
    expect(body.get('code')).toBe('the-code');
    expect(body.get('redirect_uri')).toBe(`${origin}/`);
    expect(await base64UrlSha256(body.get('code_verifier') ?? '')).toBe(sent.get('code_challenge'));
    // The state is used once: the same answer again is refused.
    await expect(
      client.processSigninResponse(`${origin}/?code=the-code&state=${sent.get('state')}`),
    ).rejects.toThrow('No matching state');
  });

  it('refuses an answer to a sign-in this browser did not start', async () => {
    stubTokenEndpoint('steam-1');
    await expect(
      createClient().processSigninResponse(
        `${origin}/?code=the-code&state=0123456789abcdef0123456789abcdef`,
      ),
    ).rejects.toThrow('No matching state');
  });

  it('forgets what oidc-client-ts’s default store kept in earlier versions, and nothing else', async () => {
    const earlier = new WebStorageStateStore({ store: localStorage });
    await earlier.set('user:earlier', JSON.stringify({ refresh_token: 'old' }));
    localStorage.setItem('lanparty.viewer-roles', '[]');
    const client = createClient();
    const { url } = await client.createSigninRequest({ state: {}, request_type: 'si:r' });
    stubTokenEndpoint('steam-1');

    await client.processSigninResponse(
      `${origin}/?code=c&state=${new URL(url).searchParams.get('state')}`,
    );

    expect(await earlier.getAllKeys()).toEqual([]);
    expect(Object.keys(localStorage)).toEqual(['lanparty.viewer-roles']);
  });
});

describe('signing in on a plain-http site', () => {
  it('starts and finishes a sign-in without the browser’s crypto.subtle', async () => {
    const webCrypto = globalThis.crypto;
    // A page from http://192.168.1.10 has random values and nothing more of crypto.
    vi.stubGlobal('crypto', { getRandomValues: webCrypto.getRandomValues.bind(webCrypto) });
    const { requests } = stubFetch({
      'GET /oidc/.well-known/openid-configuration': () =>
        jsonResponse({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
        }),
      'POST /oidc/token': () =>
        jsonResponse({
          access_token: 'access',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken({
            iss: issuer,
            aud: 'lanparty-web',
            sub: 'user-1',
            iat: Math.floor(Date.now() / 1000),
            exp: Math.floor(Date.now() / 1000) + 300,
          }),
        }),
    });
    const client = createOidcClient(
      { issuer, clientId: 'lanparty-web', audience: 'lanparty-api', scope: 'openid' },
      origin,
      { authorizationEndpoint: `${issuer}/auth` },
    );

    const { url } = await client.createSigninRequest({
      state: { returnTo: '/admin/lans/3/check-in' },
      request_type: 'si:r',
    });
    const state = new URL(url).searchParams.get('state');
    const response = await client.processSigninResponse(`${origin}/?code=c0de&state=${state}`);

    expect(response.access_token).toBe('access');
    expect(response.userState).toEqual({ returnTo: '/admin/lans/3/check-in' });
    const exchange = requests.find((request) => request.url.pathname === '/oidc/token');
    const verifier = new URLSearchParams(String(exchange?.body)).get('code_verifier') ?? '';
    const challenge = await webCrypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    const expected = btoa(String.fromCharCode(...new Uint8Array(challenge)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(new URL(url).searchParams.get('code_challenge')).toBe(expected);
  });
});

describe('with a signed-in user', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const profile = { sub: 'steam-1', iss: issuer, aud: 'lanparty-web', exp: now(), iat: now() };

  it('renews with the refresh token at the token endpoint', async () => {
    const { requests } = stubTokenEndpoint('steam-1');
    const response = await createClient().useRefreshToken({
      state: { refresh_token: 'refresh-1', session_state: null, scope: 'openid', profile },
    });
    expect(response.access_token).toBe('access');
    expect(response.refresh_token).toBe('refresh');
    const exchange = requests.find((request) => request.url.pathname === '/oidc/token');
    const body = new URLSearchParams(String(exchange?.body));
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('refresh_token')).toBe('refresh-1');
  });

  it('signs out at the end-session endpoint, back at the site', async () => {
    stubTokenEndpoint('steam-1');
    const { url } = await createClient().createSignoutRequest({ id_token_hint: 'id-1' });
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe(`${issuer}/session/end`);
    expect(address.searchParams.get('id_token_hint')).toBe('id-1');
    expect(address.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
  });
});
