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
