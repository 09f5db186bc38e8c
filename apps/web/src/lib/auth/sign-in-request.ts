/*
 * The one step of OpenID Connect a visitor who is not signed in takes before the sign-in
 * form: the address of the provider's authorization endpoint for a new sign-in
 * (authorization code with PKCE), with its pending state kept until they are back. Done
 * here, in a few lines, rather than by loading oidc-client-ts (about 10 KB gzip) only to
 * leave the page: that library is downloaded when the visitor comes back, to finish the
 * sign-in. So the state is kept exactly as oidc-client-ts keeps a SigninState (its
 * WebStorageStateStore's `oidc.<id>` entry, the same fields), which its
 * processSigninResponse reads; sign-in-request.test.ts runs that round trip with the
 * library itself.
 */

/** The entries of oidc-client-ts's state store: `oidc.<id>` (the stored user is `oidc.user:…`). */
const STATE_PREFIX = 'oidc.';
/** oidc-client-ts's default: a sign-in not finished in 15 minutes is forgotten. */
const STALE_STATE_SECONDS = 900;

export type SignInRequestSettings = {
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  /** `authorization_endpoint` of the issuer's discovery document. */
  authorizationEndpoint: string;
  storage?: Storage;
  /** Seconds since the epoch, as oidc-client-ts counts `created`. */
  now?: () => number;
};

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * 128 random bits as 32 hex digits (what oidc-client-ts makes of a UUID). Not
 * crypto.randomUUID: browsers offer that only to secure pages, and a lan's site is often
 * plain http on the venue's network, where signing in must work too.
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
 * the signed-in user), its state and PKCE verifier stored for the way back.
 */
export async function createSignInRequest(
  settings: SignInRequestSettings,
  { state, requestType }: { state: unknown; requestType: string },
): Promise<{ url: string }> {
  const { storage = window.localStorage, now = epochSeconds } = settings;
  const id = randomId();
  const codeVerifier = randomId() + randomId() + randomId();
  const challenge = await sha256Of(codeVerifier);
  const url = new URL(settings.authorizationEndpoint);
  const query: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: settings.scope,
    state: id,
    code_challenge: base64Url(challenge),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  storage.setItem(
    STATE_PREFIX + id,
    JSON.stringify({
      id,
      data: state,
      created: now(),
      request_type: requestType,
      code_verifier: codeVerifier,
      authority: settings.authority,
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      scope: settings.scope,
      extraTokenParams: {},
    }),
  );
  return { url: url.href };
}

/**
 * Forgets sign-ins that were started but never came back (older than 15 minutes), as
 * oidc-client-ts's clearStaleState does: entries without a `created` time (the stored
 * user) stay, entries that are not JSON go.
 */
export function clearStaleSignIns({
  storage = window.localStorage,
  now = epochSeconds,
}: Pick<SignInRequestSettings, 'storage' | 'now'> = {}): void {
  const cutoff = now() - STALE_STATE_SECONDS;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (!key?.startsWith(STATE_PREFIX)) continue;
    let created: unknown;
    try {
      created = (JSON.parse(storage.getItem(key) ?? 'null') as { created?: unknown } | null)
        ?.created;
    } catch {
      storage.removeItem(key);
      continue;
    }
    if (typeof created === 'number' && created <= cutoff) storage.removeItem(key);
  }
}
