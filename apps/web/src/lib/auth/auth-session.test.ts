import { signedInHintCookie } from '@lanparty/contract/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthSession,
  createAuthSession,
  type OidcClientPort,
  SESSION_PREFIX,
  type SessionUser,
} from './auth-session.ts';

const USER_KEY = `${SESSION_PREFIX}https://id.example/oidc:lanparty-web`;
/** Seconds since the epoch on the fake clock. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    session_state: null,
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    token_type: 'Bearer',
    scope: 'openid profile offline_access',
    profile: { sub: '7', iss: 'https://id.example/oidc', aud: 'lanparty-web', exp: 0, iat: 0 },
    expires_at: nowSeconds() + 300,
    ...overrides,
  };
}

function storeUser(user: SessionUser) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

function fakeClient(overrides: Partial<Record<keyof OidcClientPort, unknown>> = {}) {
  return {
    settings: { authority: 'https://id.example/oidc', client_id: 'lanparty-web' },
    createSigninRequest: vi.fn(async () => ({ url: 'https://id.example/oidc/auth?client_id=x' })),
    processSigninResponse: vi.fn(async () => ({
      ...buildUser(),
      userState: { returnTo: '/lanners?page=2' },
    })),
    useRefreshToken: vi.fn(async () => ({ ...buildUser({ access_token: 'access-2' }) })),
    createSignoutRequest: vi.fn(async () => ({ url: 'https://id.example/oidc/session/end' })),
    clearStaleState: vi.fn(async () => {}),
    ...overrides,
  } as unknown as OidcClientPort & Record<string, ReturnType<typeof vi.fn>>;
}

function createSession(client: OidcClientPort) {
  const redirect = vi.fn();
  const reload = vi.fn();
  const forget = vi.fn(async (_door: boolean) => {});
  const session = createAuthSession({ client, redirect, reload, now: nowSeconds, forget });
  return { session, redirect, reload, forget };
}

/** The provider's refusal as oidc-client-ts throws it: an ErrorResponse with its `error`. */
const refusal = (error: string) => Object.assign(new Error(error), { error });

/**
 * What another tab of the site does to the shared localStorage, and the `storage` event
 * the browser then fires in this tab (never in the tab that wrote).
 */
async function inOtherTab(write: () => void, key: string | null = USER_KEY) {
  const oldValue = key === null ? null : localStorage.getItem(key);
  write();
  const newValue = key === null ? null : localStorage.getItem(key);
  window.dispatchEvent(
    new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }),
  );
  await vi.advanceTimersByTimeAsync(0);
}

function at(url: string): Location {
  return new URL(url) as unknown as Location;
}

function statusOf(session: AuthSession) {
  return session.getStatus().kind;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-08T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the auth session', () => {
  it('signs in a stored user whose token is still valid, from the app’s own localStorage entry', async () => {
    storeUser(buildUser());
    const { session } = createSession(fakeClient());
    await session.start(at('http://localhost:3000/lans/upcoming'));
    expect(statusOf(session)).toBe('signed-in');
    expect(session.getAccessToken()).toBe('access-1');
  });

  it('is signed out without a stored user, and then redirects to sign in with the path asked for', async () => {
    const client = fakeClient();
    const { session, redirect } = createSession(client);
    await session.start(at('http://localhost:3000/lanners'));
    expect(statusOf(session)).toBe('signed-out');
    expect(session.getAccessToken()).toBeNull();

    await session.signInRedirect('/profile/email-verification/abc');
    expect(client.createSigninRequest).toHaveBeenCalledWith({
      state: { returnTo: '/profile/email-verification/abc' },
      request_type: 'si:r',
    });
    expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/auth?client_id=x');
  });

  it.each([
    ['not JSON', '{access'],
    ['without an access token', JSON.stringify({ profile: {} })],
  ])('is signed out when the stored entry is %s', async (_, stored) => {
    localStorage.setItem(USER_KEY, stored);
    const { session } = createSession(fakeClient());
    await session.start(at('http://localhost:3000/'));
    expect(statusOf(session)).toBe('signed-out');
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('finishes the callback: stores the user, and replaces code and state by the path asked for', async () => {
    const client = fakeClient();
    const { session } = createSession(client);
    window.history.replaceState(null, '', '/?code=c0de&state=st4te');
    await session.start(window.location);
    expect(client.processSigninResponse).toHaveBeenCalledWith(
      'http://localhost:3000/?code=c0de&state=st4te',
    );
    expect(statusOf(session)).toBe('signed-in');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/lanners?page=2');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({
      access_token: 'access-1',
    });
  });

  it('fails, and leaves the callback address, when the callback is refused', async () => {
    const client = fakeClient({
      processSigninResponse: vi.fn(async () => {
        throw new Error('No matching state found in storage');
      }),
    });
    const { session } = createSession(client);
    window.history.replaceState(null, '', '/?code=old&state=gone');
    await session.start(window.location);
    expect(statusOf(session)).toBe('failed');
    expect(window.location.search).toBe('');
  });

  it('renews with the refresh token 20 s before the access token expires', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() + 60 }));
    const client = fakeClient();
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));

    await vi.advanceTimersByTimeAsync(39_000);
    expect(client.useRefreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(client.useRefreshToken).toHaveBeenCalledWith({
      state: expect.objectContaining({ refresh_token: 'refresh-1' }),
    });
    expect(session.getAccessToken()).toBe('access-2');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({
      access_token: 'access-2',
    });
  });

  it('keeps the refresh token when the provider does not send a new one', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() + 10 }));
    const client = fakeClient({
      useRefreshToken: vi.fn(async () => ({
        access_token: 'access-2',
        token_type: 'Bearer',
        refresh_token: undefined,
        expires_at: nowSeconds() + 300,
      })),
    });
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getAccessToken()).toBe('access-2');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({
      access_token: 'access-2',
      refresh_token: 'refresh-1',
      id_token: 'id-1',
    });
  });

  it('takes the session another tab renewed instead of renewing again', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() + 60 }));
    const client = fakeClient();
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    storeUser(buildUser({ access_token: 'from-other-tab', expires_at: nowSeconds() + 600 }));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(client.useRefreshToken).not.toHaveBeenCalled();
    expect(session.getAccessToken()).toBe('from-other-tab');
  });

  it('ends the session when the token runs out after renewing failed', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() + 60 }));
    const client = fakeClient({
      useRefreshToken: vi.fn(async () => {
        throw refusal('invalid_grant');
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { session, forget } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(client.useRefreshToken).toHaveBeenCalledOnce();
    expect(statusOf(session)).toBe('signed-in');

    await vi.advanceTimersByTimeAsync(20_000);
    expect(statusOf(session)).toBe('signed-out');
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    // The reads kept for offline go with the session; a door's unsynced scans stay.
    expect(forget).toHaveBeenCalledWith(false);
    expect(forget).not.toHaveBeenCalledWith(true);
  });

  it('stays signed in offline when the provider cannot be reached, and renews once it can', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() + 60 }));
    let isOnline = false;
    const client = fakeClient({
      useRefreshToken: vi.fn(async () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return { ...buildUser({ access_token: 'access-2' }) };
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { session, forget } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    // Ten minutes offline, long past the token's end: still signed in, no token to send.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(statusOf(session)).toBe('signed-in');
    expect(session.getAccessToken()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).not.toBeNull();
    expect(forget).not.toHaveBeenCalled();
    const tries = vi.mocked(client.useRefreshToken).mock.calls.length;
    expect(tries).toBeGreaterThanOrEqual(19);
    expect(tries).toBeLessThanOrEqual(21);

    isOnline = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(session.getAccessToken()).toBe('access-2');
  });

  it('starts signed in offline with a token that ran out while the app was closed', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() - 3600 }));
    const client = fakeClient({
      useRefreshToken: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    expect(statusOf(session)).toBe('signed-in');
    expect(session.getAccessToken()).toBeNull();
  });

  it('signs out when the provider refuses the refresh token of a stored user', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() - 3600 }));
    const client = fakeClient({
      useRefreshToken: vi.fn().mockRejectedValue(refusal('invalid_grant')),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    expect(statusOf(session)).toBe('signed-out');
  });

  it('renews a stored user whose token expired while the site was closed', async () => {
    storeUser(buildUser({ expires_at: nowSeconds() - 5 }));
    const client = fakeClient();
    const { session } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    expect(client.useRefreshToken).toHaveBeenCalledOnce();
    expect(statusOf(session)).toBe('signed-in');
  });

  it('signs out at the provider’s end-session endpoint with the ID token, forgetting the user', async () => {
    storeUser(buildUser());
    const client = fakeClient();
    const { session, redirect, forget } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    await session.signOut();
    expect(client.createSignoutRequest).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    // A shared computer keeps nobody's ticket: the reads and the door's data go.
    expect(forget).toHaveBeenCalledWith(true);
    expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/session/end');
  });

  it('signs out to a page of the site it is asked for, and sends nobody to sign in meanwhile', async () => {
    storeUser(buildUser());
    const client = fakeClient();
    const { session, redirect } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    await session.signOut('https://lan.example.org/account-erased');
    expect(client.createSignoutRequest).toHaveBeenCalledWith({
      id_token_hint: 'id-1',
      post_logout_redirect_uri: 'https://lan.example.org/account-erased',
    });
    expect(redirect).toHaveBeenCalledWith('https://id.example/oidc/session/end');
    // The erased account's calls are refused as the provider's page loads: no sign-in.
    await session.endSession();
    await session.signInRedirect();
    expect(client.createSigninRequest).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledOnce();
  });

  it('sends nobody to sign in while it forgets what was kept for offline on signing out', async () => {
    storeUser(buildUser());
    const client = fakeClient();
    const { session, forget } = createSession(client);
    let forgotten = () => {};
    // Forgetting the door's data on signing out takes a while; the reads' is at once.
    forget.mockImplementation(async (door) => {
      if (door) await new Promise<void>((resolve) => (forgotten = resolve));
    });
    await session.start(at('http://localhost:3000/'));
    const signingOut = session.signOut('https://lan.example.org/account-erased');
    // The erased account's calls are refused meanwhile: the session ends, nobody signs in.
    await session.endSession();
    await session.signInRedirect();
    expect(client.createSigninRequest).not.toHaveBeenCalled();
    forgotten();
    await signingOut;
    expect(client.createSignoutRequest).toHaveBeenCalled();
  });

  it('signs out on this device when the end-session request cannot be made (offline)', async () => {
    storeUser(buildUser());
    const client = fakeClient({
      createSignoutRequest: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    const { session, redirect } = createSession(client);
    await session.start(at('http://localhost:3000/'));
    await session.signOut();
    expect(statusOf(session)).toBe('signed-out');
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('forgets the user when the API refuses the token', async () => {
    storeUser(buildUser());
    const { session } = createSession(fakeClient());
    await session.start(at('http://localhost:3000/'));
    const listener = vi.fn();
    session.subscribe(listener);
    await session.endSession();
    expect(statusOf(session)).toBe('signed-out');
    expect(listener).toHaveBeenCalled();
  });
});

describe('the auth session across tabs', () => {
  async function signedInFollowingOtherTabs() {
    storeUser(buildUser());
    const client = fakeClient();
    const { session, redirect, reload } = createSession(client);
    await session.start(at('http://localhost:3000/lans/upcoming'));
    const stopFollowing = session.followOtherTabs();
    return { client, session, redirect, reload, stopFollowing };
  }

  it('shows this tab signed out when another tab signs out, without sending it to sign in', async () => {
    const { client, session, redirect, stopFollowing } = await signedInFollowingOtherTabs();
    const listener = vi.fn();
    session.subscribe(listener);
    await inOtherTab(() => localStorage.removeItem(USER_KEY));
    expect(statusOf(session)).toBe('signed-out-elsewhere');
    expect(listener).toHaveBeenCalled();
    expect(session.getAccessToken()).toBeNull();
    expect(client.createSigninRequest).not.toHaveBeenCalled();
    // Nor renewed later with the refresh token the other tab gave up.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(client.useRefreshToken).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
    stopFollowing();
  });

  it('follows another tab clearing the whole storage as a sign-out', async () => {
    const { session, stopFollowing } = await signedInFollowingOtherTabs();
    await inOtherTab(() => localStorage.clear(), null);
    expect(statusOf(session)).toBe('signed-out-elsewhere');
    stopFollowing();
  });

  it('starts again when someone signs in in another tab after signing out there', async () => {
    const { session, reload, stopFollowing } = await signedInFollowingOtherTabs();
    await inOtherTab(() => localStorage.removeItem(USER_KEY));
    expect(reload).not.toHaveBeenCalled();
    await inOtherTab(() => storeUser(buildUser({ access_token: 'access-9' })));
    expect(reload).toHaveBeenCalledOnce();
    expect(statusOf(session)).toBe('signed-out-elsewhere');
    stopFollowing();
  });

  it('starts again when another tab holds someone else, not showing them this one’s data', async () => {
    const { reload, stopFollowing } = await signedInFollowingOtherTabs();
    const other = buildUser({ access_token: 'access-8' });
    await inOtherTab(() => storeUser({ ...other, profile: { ...other.profile, sub: '8' } }));
    expect(reload).toHaveBeenCalledOnce();
    stopFollowing();
  });

  it('takes the token another tab renewed, without starting again or storing it again', async () => {
    const { client, session, reload, stopFollowing } = await signedInFollowingOtherTabs();
    const renewed = buildUser({ access_token: 'from-other-tab', expires_at: nowSeconds() + 600 });
    await inOtherTab(() => storeUser(renewed));
    expect(session.getAccessToken()).toBe('from-other-tab');
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(USER_KEY)).toBe(JSON.stringify(renewed));
    // Renewed 20 s before the new expiry, not the old one.
    await vi.advanceTimersByTimeAsync(300_000);
    expect(client.useRefreshToken).not.toHaveBeenCalled();
    stopFollowing();
  });

  it('ignores other entries, session storage, and every tab once it stops following', async () => {
    const { session, stopFollowing } = await signedInFollowingOtherTabs();
    // The user is gone from the storage, but no event says so: only these.
    localStorage.removeItem(USER_KEY);
    await inOtherTab(
      () => localStorage.setItem('lanparty.viewer-roles', '[]'),
      'lanparty.viewer-roles',
    );
    window.dispatchEvent(
      new StorageEvent('storage', { key: USER_KEY, newValue: null, storageArea: sessionStorage }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(statusOf(session)).toBe('signed-in');
    stopFollowing();
    await inOtherTab(() => {}, USER_KEY);
    expect(statusOf(session)).toBe('signed-in');
  });
});

describe('the signed-in hint for the server', () => {
  const hint = () => document.cookie.split('; ').includes(`${signedInHintCookie}=1`);

  it('is set while a session is kept here, and cleared as it ends', async () => {
    storeUser(buildUser());
    const { session } = createSession(fakeClient());
    await session.start(at('http://localhost:3000/'));
    expect(hint()).toBe(true);
    await session.signOut();
    expect(hint()).toBe(false);
  });

  it('is set by a sign-in coming back, and cleared when the API refuses the token', async () => {
    const { session } = createSession(fakeClient());
    window.history.replaceState(null, '', '/?code=c0de&state=st4te');
    await session.start(window.location);
    expect(hint()).toBe(true);
    await session.endSession();
    expect(hint()).toBe(false);
  });
});
