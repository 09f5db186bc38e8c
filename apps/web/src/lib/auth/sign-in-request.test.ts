import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStaleSignIns, createSignInRequest, takePendingSignIn } from './sign-in-request.ts';

const issuer = 'https://id.example/oidc';
const settings = {
  clientId: 'lanparty-web',
  scope: 'openid profile',
  redirectUri: 'https://lan.example/',
  authorizationEndpoint: `${issuer}/auth`,
};

async function sha256Url(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(hash)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

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

  it('keeps the verifier and the state given back for the way back, to be taken once', async () => {
    const { url } = await createSignInRequest(
      { ...settings, now: () => 1_000 },
      { state: { returnTo: '/stats/leader-board' }, requestType: 'si:r' },
    );
    const pending = takePendingSignIn(stateOf(url));
    expect(pending).toEqual({
      id: stateOf(url),
      codeVerifier: expect.stringMatching(/^[0-9a-f]{96}$/),
      data: { returnTo: '/stats/leader-board' },
      requestType: 'si:r',
      created: 1_000,
    });
    expect(await sha256Url(pending?.codeVerifier ?? '')).toBe(
      new URL(url).searchParams.get('code_challenge'),
    );
    expect(takePendingSignIn(stateOf(url))).toBeNull();
    expect(takePendingSignIn('0123456789abcdef0123456789abcdef')).toBeNull();
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
    const pending = takePendingSignIn(stateOf(url));
    expect(await sha256Url(pending?.codeVerifier ?? '')).toBe(sent.get('code_challenge'));
  });
});

describe('stale sign-ins', () => {
  it('are forgotten after 15 minutes, and broken ones at once; fresh ones and other entries stay', async () => {
    const now = 1_000_000;
    const stale = await createSignInRequest(
      { ...settings, now: () => now - 901 },
      { state: 1, requestType: 'si:r' },
    );
    const fresh = await createSignInRequest(
      { ...settings, now: () => now - 60 },
      { state: 2, requestType: 'si:r' },
    );
    localStorage.setItem('lanparty.sign-in:broken', '{not json');
    localStorage.setItem('lanparty.other', JSON.stringify({ created: 1 }));

    clearStaleSignIns({ now: () => now });

    expect(Object.keys(localStorage)).toHaveLength(2);
    expect(localStorage.getItem('lanparty.other')).not.toBeNull();
    expect(takePendingSignIn(stateOf(stale.url))).toBeNull();
    expect(takePendingSignIn(stateOf(fresh.url))?.data).toBe(2);
  });
});
