import type { OidcClient, RefreshState, SigninResponse } from 'oidc-client-ts';
import { currentReturnPath, returnPathFromState, type SignInState } from './return-path.ts';
import { writeSignedInHint } from './signed-in-hint.ts';

/** Spec §4/§9: the token is renewed when fewer than 20 seconds remain. */
export const RENEW_SECONDS_BEFORE_EXPIRY = 20;

/** Where the signed-in user is kept: `lanparty.session:<issuer>:<client>`. */
export const SESSION_PREFIX = 'lanparty.session:';

/**
 * The signed-in user as the app keeps it in localStorage, in an entry and shape of its own
 * (the fields of oidc-client-ts's public SigninResponse it needs): the session reads and
 * writes it without loading oidc-client-ts, so the first screen of a signed-in visitor
 * downloads that library only when it is needed (signing in or out, renewing the token).
 */
export type SessionUser = {
  id_token?: string;
  session_state: string | null;
  access_token: string;
  refresh_token?: string;
  token_type: string;
  scope?: string;
  profile: SigninResponse['profile'];
  expires_at?: number;
  /** The state passed through sign-in; not stored, like oidc-client-ts's User. */
  state?: unknown;
};

type SessionUserFields = Omit<SessionUser, 'state' | 'session_state'> & {
  session_state?: string | null;
  userState?: unknown;
};

function toSessionUser(fields: SessionUserFields): SessionUser {
  return {
    id_token: fields.id_token,
    session_state: fields.session_state ?? null,
    access_token: fields.access_token,
    refresh_token: fields.refresh_token,
    token_type: fields.token_type,
    scope: fields.scope,
    profile: fields.profile,
    expires_at: fields.expires_at,
    state: fields.userState,
  };
}

/** Where the session stands; the app renders from it. */
export type AuthStatus =
  | { kind: 'starting' }
  | { kind: 'signed-in'; user: SessionUser }
  | { kind: 'signed-out' }
  /** Another tab signed out (or its session ended): this one waits, not signing in again. */
  | { kind: 'signed-out-elsewhere' }
  | { kind: 'failed'; error: unknown };

/** The part of oidc-client-ts's OidcClient a session uses (tests pass a fake). */
export type OidcClientPort = Pick<
  OidcClient,
  'settings' | 'processSigninResponse' | 'useRefreshToken' | 'createSignoutRequest'
> & {
  /** The provider's sign-in address for a new sign-in carrying `state`. */
  createSigninRequest(args: {
    state: unknown;
    request_type: string;
    /** More of the authorization request (a fresh sign-in's `prompt` and `max_age`). */
    extraQueryParams?: Record<string, string>;
  }): Promise<{ url: string }>;
  /** Forgets sign-ins that were started but never came back. */
  clearStaleState(): Promise<void>;
};

type AuthSessionOptions = {
  client: OidcClientPort;
  /** Where the signed-in user is kept: localStorage in the app. */
  storage?: Storage;
  /** Leaves the app for the identity provider. */
  redirect?: (url: string) => void;
  /** Starts the app again: someone signed in in another tab. */
  reload?: () => void;
  /** Seconds since the epoch, as oidc-client-ts counts expiry. */
  now?: () => number;
  /** Tells the server whether a session is kept here (signed-in-hint.ts). */
  hint?: (isSignedIn: boolean) => void;
  /** Forgets what was kept for offline (issue 53; `door`: the door's scans too). */
  forget?: (door: boolean) => Promise<void>;
};

/** A renewal that found no provider to ask (offline): the session is neither renewed nor over. */
const unreachable = Symbol();

/** How soon a renewal that could not reach the provider is tried again. */
const retryOfflineMs = 30_000;

export type AuthSession = ReturnType<typeof createAuthSession>;

/**
 * The signed-in session of the web app, on oidc-client-ts's OidcClient (authorization
 * code with PKCE). It does what the app needs of oidc-client-ts's UserManager at less
 * than half its weight on the first screen: sign in by redirect, handle the callback,
 * keep the user in localStorage (`lanparty.session:<issuer>:<client>`), renew
 * with the refresh token 20 s before the access token expires, and sign out through the
 * provider's end-session endpoint. Renewal never uses a hidden iframe, so no silent-check
 * page is needed and third-party cookie rules cannot break it.
 */
export function createAuthSession({
  client,
  storage = window.localStorage,
  redirect = (url) => window.location.assign(url),
  reload = () => window.location.reload(),
  now = () => Date.now() / 1000,
  hint = writeSignedInHint,
  forget = (door) =>
    import('../offline/offline-data.ts').then((data) => data.forgetOfflineData(door)),
}: AuthSessionOptions) {
  // The app's own entry, one per identity provider and client, as the settings name them.
  const userKey = `${SESSION_PREFIX}${client.settings.authority}:${client.settings.client_id}`;
  const listeners = new Set<() => void>();
  let status: AuthStatus = { kind: 'starting' };
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let isRedirecting = false;

  function setStatus(next: AuthStatus) {
    status = next;
    for (const listener of listeners) listener();
  }

  async function loadUser(): Promise<SessionUser | null> {
    let stored: Partial<SessionUserFields> | null;
    try {
      stored = JSON.parse(storage.getItem(userKey) ?? 'null');
    } catch {
      return null;
    }
    if (
      typeof stored?.access_token !== 'string' ||
      typeof stored.profile !== 'object' ||
      !stored.profile
    ) {
      return null;
    }
    return toSessionUser(stored as SessionUserFields);
  }

  async function storeUser(user: SessionUser | null) {
    hint(user !== null);
    if (!user) {
      storage.removeItem(userKey);
      // A shared computer at the lan keeps nobody's ticket (issue 53).
      return forget(false).catch(console.warn);
    }
    const { state: _state, ...stored } = user;
    storage.setItem(userKey, JSON.stringify(stored));
  }

  function secondsLeft(user: SessionUser): number {
    return (user.expires_at ?? 0) - now();
  }

  async function signIn(user: SessionUser) {
    await storeUser(user);
    setStatus({ kind: 'signed-in', user });
    scheduleRenewal(user);
  }

  // Renew shortly before expiry; when renewing fails, the session ends with the token.
  function scheduleRenewal(user: SessionUser) {
    clearTimeout(renewTimer);
    const renewIn = Math.max(0, secondsLeft(user) - RENEW_SECONDS_BEFORE_EXPIRY);
    renewTimer = setTimeout(() => void renewOrEnd(user), renewIn * 1000);
  }

  // Other tabs share the stored user: one of them may have renewed it already (and with
  // rotating refresh tokens, ours is then spent).
  async function loadRenewedElsewhere(): Promise<SessionUser | null> {
    const stored = await loadUser();
    return stored && secondsLeft(stored) > RENEW_SECONDS_BEFORE_EXPIRY ? stored : null;
  }

  async function renewOrEnd(user: SessionUser) {
    const renewedElsewhere = await loadRenewedElsewhere();
    if (renewedElsewhere) return signIn(renewedElsewhere);
    const renewed = await renew(user);
    if (renewed !== null && renewed !== unreachable) return;
    const renewedMeanwhile = await loadRenewedElsewhere();
    if (renewedMeanwhile) return signIn(renewedMeanwhile);
    if (renewed === unreachable) return stayOffline(user);
    const left = secondsLeft(user);
    if (left <= 0) return endSession();
    clearTimeout(renewTimer);
    renewTimer = setTimeout(() => void endSession(), left * 1000);
  }

  /**
   * Offline (the provider cannot be reached), the session stays, its token perhaps run
   * out: what was kept for offline stays readable (the service worker answers reads sent
   * without a token), and renewing is tried again every 30 s until the provider answers.
   */
  function stayOffline(user: SessionUser) {
    if (status.kind !== 'signed-in') setStatus({ kind: 'signed-in', user });
    clearTimeout(renewTimer);
    renewTimer = setTimeout(() => void renewOrEnd(user), retryOfflineMs);
  }

  /**
   * Trades the refresh token for new tokens; null when there is none or the provider
   * refused it, `unreachable` when no provider answered (offline).
   */
  async function renew(user: SessionUser): Promise<SessionUser | null | typeof unreachable> {
    if (!user.refresh_token) return null;
    const state: RefreshState = {
      refresh_token: user.refresh_token,
      id_token: user.id_token,
      session_state: user.session_state,
      scope: user.scope,
      profile: user.profile,
      data: user.state,
    };
    try {
      // biome-ignore lint/correctness/useHookAtTopLevel: oidc-client-ts's method, not a React hook.
      const response = await client.useRefreshToken({ state });
      const renewed = toSessionUser({
        ...state,
        ...response,
        // A provider that does not rotate them sends no new refresh or ID token.
        refresh_token: response.refresh_token ?? state.refresh_token,
        id_token: response.id_token ?? state.id_token,
        profile: response.profile ?? state.profile,
        userState: user.state,
      });
      await signIn(renewed);
      return renewed;
    } catch (error) {
      console.warn('Renewing the session failed.', error);
      return isProviderRefusal(error) ? null : unreachable;
    }
  }

  async function endSession() {
    clearTimeout(renewTimer);
    await storeUser(null);
    setStatus({ kind: 'signed-out' });
  }

  // What another tab stored: its sign-out, its sign-in, or a token it renewed.
  async function followStoredUser() {
    const shown = status;
    // Starting reads the stored user itself; signed out, this tab is leaving to sign in.
    if (shown.kind === 'starting' || shown.kind === 'signed-out') return;
    const stored = await loadUser();
    if (!stored) {
      // Not sent to sign in at once: that could sign the person in again at the provider
      // before the other tab's end-session request has ended the session there.
      if (shown.kind !== 'signed-in') return;
      clearTimeout(renewTimer);
      return setStatus({ kind: 'signed-out-elsewhere' });
    }
    if (shown.kind === 'signed-in' && shown.user.profile.sub === stored.profile.sub) {
      if (stored.access_token === shown.user.access_token) return;
      // Renewed there: taken as it is (not stored again, which would tell the other tabs).
      setStatus({ kind: 'signed-in', user: stored });
      return scheduleRenewal(stored);
    }
    // Someone signed in there: the app starts again for them, with nothing of what this
    // tab read before (another person's data among it; that tab forgot what was kept).
    reload();
  }

  return {
    getStatus: (): AuthStatus => status,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The ID token of the sign-in, if the provider gave one. */
    getIdToken(): string | undefined {
      return status.kind === 'signed-in' ? status.user.id_token : undefined;
    },

    /** The access token for API calls, or null when nobody is signed in or it expired. */
    getAccessToken(): string | null {
      if (status.kind !== 'signed-in' || secondsLeft(status.user) <= 0) return null;
      return status.user.access_token;
    },

    /**
     * Finds out who is signed in: finishes a sign-in callback (`code` and `state` in the
     * address, then replaced by the path the visitor asked for), or reads the stored user,
     * renewing an expired one with its refresh token.
     */
    async start(location: Location = window.location): Promise<void> {
      try {
        if (hasSignInResponse(location)) {
          const response = await client.processSigninResponse(location.href);
          // Nothing kept for offline by whoever was here before (issue 53).
          await forget(false);
          window.history.replaceState(null, '', returnPathFromState(response.userState));
          return await signIn(toSessionUser(response));
        }
        const stored = await loadUser();
        if (stored && secondsLeft(stored) > 0) return await signIn(stored);
        const renewed = stored ? await renew(stored) : null;
        if (stored && renewed === unreachable) return stayOffline(stored);
        if (renewed) return;
        await endSession();
      } catch (error) {
        // A callback address fails the same way again on reload: leave it.
        if (hasSignInResponse(location)) window.history.replaceState(null, '', '/');
        setStatus({ kind: 'failed', error });
      }
    },

    /**
     * Sends the visitor to the identity provider; back at `returnTo` afterwards. `extra`
     * asks more of it: `{ prompt: 'login', max_age: '0' }` a sign-in made now, whose ID token
     * proves it (erasing an account without a password, issue 36).
     */
    async signInRedirect(
      returnTo: string = currentReturnPath(window.location),
      extra?: Record<string, string>,
    ): Promise<void> {
      if (isRedirecting) return;
      isRedirecting = true;
      try {
        // Sign-ins that were started but never came back leave their state behind.
        await client.clearStaleState().catch(() => {});
        const state: SignInState = { returnTo };
        const request = await client.createSigninRequest({
          state,
          request_type: 'si:r',
          ...(extra ? { extraQueryParams: extra } : {}),
        });
        redirect(request.url);
      } catch (error) {
        isRedirecting = false;
        setStatus({ kind: 'failed', error });
      }
    },

    /**
     * Forgets the user here and ends the session at the provider (end-session endpoint),
     * which sends the browser back to the site, or to the address `returnTo` (one the
     * provider knows as a place to return to after signing out: the erased account's page). From
     * then on nobody is sent to sign in from this page: an API call the ended session makes
     * meanwhile (an erased account's, refused) would race the provider's page.
     */
    async signOut(returnTo?: string): Promise<void> {
      const user = status.kind === 'signed-in' ? status.user : await loadUser();
      clearTimeout(renewTimer);
      // From now on nobody is sent to sign in from this page (before anything is awaited:
      // an erased account's calls are refused meanwhile).
      isRedirecting = true;
      await forget(true).catch(console.warn);
      let request: { url: string };
      try {
        request = await client.createSignoutRequest({
          id_token_hint: user?.id_token,
          post_logout_redirect_uri: returnTo,
        });
      } catch {
        // Offline, the library (or the provider's address) cannot be had: this device is
        // signed out all the same, and shows it, rather than keeping a user it forgot.
        isRedirecting = false;
        return endSession();
      }
      await storeUser(null);
      redirect(request.url);
    },

    /** The API refused the token, or it ran out: forget it; the app signs in again. */
    endSession,

    /**
     * Follows the other tabs of the site (their `storage` events on the stored user): a
     * sign-out there shows this tab signed out, a sign-in there starts it again signed in,
     * a token renewed there is used here. Returns the function that stops following.
     */
    followOtherTabs(target: Window = window): () => void {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== storage) return;
        // No key: the other tab cleared the whole storage.
        if (event.key === null || event.key === userKey) void followStoredUser();
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },

    /** Renews now when the timer may have slept (a tab in the background, a laptop lid). */
    async renewIfExpiring(): Promise<void> {
      if (status.kind !== 'signed-in') return;
      if (secondsLeft(status.user) <= RENEW_SECONDS_BEFORE_EXPIRY) await renewOrEnd(status.user);
    },
  };
}

/**
 * Whether a failed renewal was the provider's answer (oidc-client-ts's ErrorResponse: an
 * OAuth `error` such as invalid_grant), rather than no answer at all.
 */
function isProviderRefusal(error: unknown): boolean {
  return typeof (error as { error?: unknown } | null)?.error === 'string';
}

/** True when the address carries an answer of the authorization endpoint. */
export function hasSignInResponse(location: Pick<Location, 'search'>): boolean {
  const params = new URLSearchParams(location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
