import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { clearStaleSignIns, createSignInRequest } from './sign-in-request.ts';

const issuer = 'https://id.example/oidc';
const settings = {
  authority: issuer,
  clientId: 'lanparty-web',
  scope: 'openid profile',
  redirectUri: 'https://lan.example/',
  authorizationEndpoint: `${issuer}/auth`,
};

/** An ID token as the provider sends it; oidc-client-ts reads its claims, unsigned here. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

async function sha256Url(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

afterEach(() => localStorage.clear());

describe('the sign-in request', () => {
  it('asks for an authorization code with PKCE, for this client, back at the site', async () => {
    const { url } = await createSignInRequest(settings, {
      state: { returnTo: '/stats' },
      requestType: 'si:r',
    });
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe(`${issuer}/auth`);
    const query = Object.fromEntries(address.searchParams);
    expect(query).toEqual({
      client_id: 'lanparty-web',
      redirect_uri: 'https://lan.example/',
      response_type: 'code',
      scope: 'openid profile',
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    // A new state and verifier each time.
    const again = new URL(
      (await createSignInRequest(settings, { state: {}, requestType: 'si:r' })).url,
    );
    expect(again.searchParams.get('state')).not.toBe(query.state);
    expect(again.searchParams.get('code_challenge')).not.toBe(query.code_challenge);
  });

  it('is finished by oidc-client-ts when the visitor is back: state, verifier and return path', async () => {
    const { url } = await createSignInRequest(settings, {
      state: { returnTo: '/stats/leader-board' },
      requestType: 'si:r',
    });
    const sent = new URL(url).searchParams;
    const { requests } = stubFetch({
      'POST /oidc/token': () =>
        jsonResponse({
          access_token: 'access',
          token_type: 'Bearer',
          expires_in: 300,
          refresh_token: 'refresh',
          id_token: idToken({
            iss: issuer,
            aud: 'lanparty-web',
            sub: 'steam-1',
            iat: Math.floor(Date.now() / 1000),
            exp: Math.floor(Date.now() / 1000) + 300,
          }),
        }),
    });
    const client = new OidcClient({
      authority: issuer,
      client_id: 'lanparty-web',
      redirect_uri: 'https://lan.example/',
      scope: 'openid profile',
      response_type: 'code',
      loadUserInfo: false,
      stateStore: new WebStorageStateStore({ store: localStorage }),
      metadata: {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
      },
    });

    const response = await client.processSigninResponse(
      `https://lan.example/?code=the-code&state=${sent.get('state')}`,
    );

    expect(response.access_token).toBe('access');
    expect(response.profile.sub).toBe('steam-1');
    expect(response.userState).toEqual({ returnTo: '/stats/leader-board' });
    const body = new URLSearchParams(String(requests[0]?.body));
    expect(body.get('grant_type')).toBe('authorization_code');
    expect(body.get('code')).toBe('the-code');
    expect(await sha256Url(body.get('code_verifier') ?? '')).toBe(sent.get('code_challenge'));
    // The state is used once: it is gone from storage.
    expect(localStorage.getItem(`oidc.${sent.get('state')}`)).toBeNull();
  });
});

describe('the sign-in request on a plain-http page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is made without crypto.subtle and crypto.randomUUID, which only secure pages have', async () => {
    const webCrypto = globalThis.crypto;
    // What a browser gives a page from http://192.168.1.10: random values, nothing more.
    vi.stubGlobal('crypto', { getRandomValues: webCrypto.getRandomValues.bind(webCrypto) });
    const { url } = await createSignInRequest(settings, { state: {}, requestType: 'si:r' });
    vi.unstubAllGlobals();

    const sent = new URL(url).searchParams;
    expect(sent.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.get('code_challenge_method')).toBe('S256');
    const stored = JSON.parse(localStorage.getItem(`oidc.${sent.get('state')}`) ?? '{}');
    expect(stored.code_verifier).toMatch(/^[0-9a-f]{96}$/);
    expect(await sha256Url(stored.code_verifier)).toBe(sent.get('code_challenge'));
  });
});

describe('stale sign-ins', () => {
  it('are forgotten after 15 minutes; the stored user and fresh ones stay', async () => {
    const now = 1_000_000;
    await createSignInRequest(
      { ...settings, now: () => now - 901 },
      { state: 1, requestType: 'si:r' },
    );
    await createSignInRequest(
      { ...settings, now: () => now - 60 },
      { state: 2, requestType: 'si:r' },
    );
    localStorage.setItem(`oidc.user:${issuer}:lanparty-web`, JSON.stringify({ access_token: 'a' }));
    localStorage.setItem('oidc.broken', '{not json');
    localStorage.setItem('lanparty.other', JSON.stringify({ created: 1 }));

    clearStaleSignIns({ now: () => now });

    const kept = Object.keys(localStorage).sort();
    expect(kept).toHaveLength(3);
    expect(kept).toContain(`oidc.user:${issuer}:lanparty-web`);
    expect(kept).toContain('lanparty.other');
    const pending = kept.find((key) => /^oidc\.[0-9a-f]{32}$/.test(key)) ?? '';
    expect(JSON.parse(localStorage.getItem(pending) ?? '{}').data).toBe(2);
  });
});
