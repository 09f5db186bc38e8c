/*
 * The one step of OpenID Connect a visitor who is not signed in takes before the sign-in
 * form: the address of the provider's authorization endpoint for a new sign-in
 * (authorization code with PKCE, RFC 7636). Made here in a few lines rather than by loading
 * oidc-client-ts (about 10 KB gzip) only to leave the page: that library is downloaded when
 * the visitor comes back, to finish the sign-in. What the way back needs (the PKCE verifier
 * and the state given back) waits in an entry of the app's own, which the callback hands to
 * oidc-client-ts through its public SigninState (create-oidc-client.ts); the library's
 * storage is never written by hand (decision 010).
 */

/** The app's own entries for sign-ins on their way: `lanparty.sign-in:<state>`. */
const PENDING_PREFIX = 'lanparty.sign-in:';
/** As oidc-client-ts would: a sign-in not finished in 15 minutes is forgotten. */
const STALE_SECONDS = 900;

export type SignInRequestSettings = {
  clientId: string;
  scope: string;
  redirectUri: string;
  /** `authorization_endpoint` of the issuer's discovery document. */
  authorizationEndpoint: string;
  storage?: Storage;
  /** Seconds since the epoch. */
  now?: () => number;
};

/** A sign-in sent to the provider, as kept for the way back. */
export type PendingSignIn = {
  /** The `state` of the request, which the provider sends back. */
  id: string;
  codeVerifier: string;
  /** What the app asked to get back with the signed-in user. */
  data: unknown;
  requestType: string;
  /** Seconds since the epoch. */
  created: number;
};

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * 128 random bits as 32 hex digits. Not crypto.randomUUID: browsers offer that only to
 * secure pages, and a lan's site is often plain http on the venue's network, where signing
 * in must work too.
 */
const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * SHA-256 of the PKCE verifier: the browser's own, or where a plain-http page has no
 * crypto.subtle, ours, loaded only then.
 */
async function sha256Of(text: string): Promise<ArrayBuffer> {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto.subtle) return crypto.subtle.digest('SHA-256', bytes);
  const { sha256 } = await import('./sha-256.ts');
  return sha256(bytes);
}

function base64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The authorization endpoint's address for a new sign-in carrying `state` (given back with
 * the signed-in user), its state and PKCE verifier kept for the way back.
 */
export async function createSignInRequest(
  settings: SignInRequestSettings,
  {
    state,
    requestType,
    extraQueryParams,
  }: { state: unknown; requestType: string; extraQueryParams?: Record<string, string> | undefined },
): Promise<{ url: string }> {
  const { storage = window.localStorage, now = epochSeconds } = settings;
  const pending: PendingSignIn = {
    id: randomId(),
    // 96 hex digits: within the 43 to 128 characters PKCE asks of a verifier.
    codeVerifier: randomId() + randomId() + randomId(),
    data: state,
    requestType,
    created: now(),
  };
  const challenge = await sha256Of(pending.codeVerifier);
  const url = new URL(settings.authorizationEndpoint);
  const query: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: settings.scope,
    state: pending.id,
    code_challenge: base64Url(challenge),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries({ ...query, ...extraQueryParams }))
    url.searchParams.append(name, value);
  storage.setItem(PENDING_PREFIX + pending.id, JSON.stringify(pending));
  return { url: url.href };
}

/** The sign-in that `id` (the callback's `state`) answers, forgotten once taken; else null. */
export function takePendingSignIn(
  id: string,
  storage: Storage = window.localStorage,
): PendingSignIn | null {
  const key = PENDING_PREFIX + id;
  const pending = readPending(storage, key);
  storage.removeItem(key);
  return pending?.id === id ? pending : null;
}

/** Forgets sign-ins that were started but never came back (older than 15 minutes). */
export function clearStaleSignIns({
  storage = window.localStorage,
  now = epochSeconds,
}: Pick<SignInRequestSettings, 'storage' | 'now'> = {}): void {
  const cutoff = now() - STALE_SECONDS;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (!key?.startsWith(PENDING_PREFIX)) continue;
    const pending = readPending(storage, key);
    if (!pending || pending.created <= cutoff) storage.removeItem(key);
  }
}

function readPending(storage: Storage, key: string): PendingSignIn | null {
  try {
    const pending = JSON.parse(storage.getItem(key) ?? 'null') as Partial<PendingSignIn> | null;
    const isWhole =
      typeof pending?.id === 'string' &&
      typeof pending.codeVerifier === 'string' &&
      typeof pending.requestType === 'string' &&
      typeof pending.created === 'number';
    return isWhole ? (pending as PendingSignIn) : null;
  } catch {
    return null;
  }
}
