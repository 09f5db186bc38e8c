import type { IdentitySettings } from '@lanparty/contract';
import { discoveryDocumentUrl } from '@lanparty/contract/rules';
import type { OidcClient } from 'oidc-client-ts';
import type { OidcClientPort } from './auth-session.ts';
import type { LibraryClient } from './library-client.ts';

/** What the app reads of the issuer's discovery document before anything else. */
export type IdentityProvider = { authorizationEndpoint: string };

/**
 * The OpenID Connect client of the web app, from GET /api/settings/keycloak: authorization
 * code with PKCE, back to the site's root after signing in and out.
 *
 * oidc-client-ts (about 10 KB gzip) is downloaded on the first call that needs it —
 * finishing a sign-in, signing out, renewing a token — not with the first screen: a
 * signed-in visitor with a valid token never waits for it, and one who is not signed in
 * is sent to the sign-in form without it (sign-in-request.ts).
 */
export function createOidcClient(
  settings: IdentitySettings,
  origin: string,
  provider: IdentityProvider,
): OidcClientPort {
  const redirectUri = `${origin}/`;
  let client: Promise<LibraryClient> | undefined;
  const load = () => {
    client ??= lendDigestToPlainHttpPage()
      .then(() => import('./library-client.ts'))
      .then(({ createLibraryClient }) => createLibraryClient(settings, redirectUri));
    return client;
  };
  return {
    // The session needs only these two settings before the library is loaded.
    settings: {
      authority: settings.issuer,
      client_id: settings.clientId,
    } as OidcClient['settings'],
    createSigninRequest: async ({ state, request_type, extraQueryParams }) =>
      (await loadSignInRequest()).createSignInRequest(
        {
          clientId: settings.clientId,
          scope: settings.scope,
          redirectUri,
          authorizationEndpoint: provider.authorizationEndpoint,
        },
        { state, requestType: request_type, extraQueryParams },
      ),
    processSigninResponse: async (url, extraHeaders) =>
      (await load()).processSigninResponse(url, extraHeaders),
    useRefreshToken: async (args) => (await load()).useRefreshToken(args),
    createSignoutRequest: async (args) => (await load()).createSignoutRequest(args),
    clearStaleState: async () => (await loadSignInRequest()).clearStaleSignIns(),
  };
}

/**
 * The sign-in request's code (PKCE, the pending sign-ins), loaded when a signed-in app
 * has to sign in again: its first screen does without it (issue 36 needed its bytes).
 */
const loadSignInRequest = () => import('./sign-in-request.ts');

/** A plain-http page has no crypto.subtle; sha-256.ts lends one, loaded only there. */
async function lendDigestToPlainHttpPage(): Promise<void> {
  if (!globalThis.crypto.subtle) (await import('./sha-256.ts')).lendDigest();
}

/**
 * Spec §8: the app does not start when the identity provider cannot be reached; reading
 * its discovery document checks that without loading oidc-client-ts, and gives the
 * authorization endpoint a sign-in starts at.
 */
export async function checkIdentityProvider(settings: IdentitySettings): Promise<IdentityProvider> {
  const url = discoveryDocumentUrl(settings.issuer);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const document = (await response.json()) as { authorization_endpoint?: unknown };
  if (typeof document.authorization_endpoint !== 'string') {
    throw new Error(`${url} names no authorization_endpoint`);
  }
  return { authorizationEndpoint: document.authorization_endpoint };
}
