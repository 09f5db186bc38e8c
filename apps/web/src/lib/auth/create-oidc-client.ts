import type { IdentitySettings } from '@lanparty/contract';
import { discoveryDocumentUrl } from '@lanparty/contract/rules';
import type { OidcClient, StateStore } from 'oidc-client-ts';
import type { OidcClientPort } from './auth-session.ts';
import { clearStaleSignIns, createSignInRequest, takePendingSignIn } from './sign-in-request.ts';

/** What the app reads of the issuer's discovery document before anything else. */
export type IdentityProvider = { authorizationEndpoint: string };

/**
 * The OpenID Connect client of the web app, from GET /api/settings/keycloak: authorization
 * code with PKCE, back to the site's root after signing in and out.
 *
 * oidc-client-ts (about 10 KB gzip) is downloaded on the first call that needs it —
 * finishing a sign-in, signing out, renewing a token — not with the first screen: a
 * signed-in visitor with a valid token never waits for it, and one who is not signed in
 * is sent to the sign-in form without it (sign-in-request.ts). Only its public API is
 * used: the sign-in started without it comes back to it as its own SigninState, through
 * a state store it is given (decision 010).
 */
export function createOidcClient(
  settings: IdentitySettings,
  origin: string,
  provider: IdentityProvider,
): OidcClientPort {
  const redirectUri = `${origin}/`;
  let loaded:
    | Promise<{ client: OidcClient; library: OidcLibrary; signIns: StateStore }>
    | undefined;
  const load = () => {
    loaded ??= lendDigestToPlainHttpPage()
      .then(() => import('oidc-client-ts'))
      .then((library) => {
        // Holds the one sign-in being finished, for the moment it takes: pending sign-ins
        // wait in the app's own entries (sign-in-request.ts).
        const signIns = new library.WebStorageStateStore({
          store: new library.InMemoryWebStorage(),
        });
        const client = new library.OidcClient({
          authority: settings.issuer,
          client_id: settings.clientId,
          scope: settings.scope,
          response_type: 'code',
          redirect_uri: redirectUri,
          post_logout_redirect_uri: redirectUri,
          stateStore: signIns,
          // Claims come from the ID token; everything else from GET /api/users/me.
          loadUserInfo: false,
        });
        return { client, library, signIns };
      });
    return loaded;
  };
  return {
    // The session needs only these two settings before the library is loaded.
    settings: {
      authority: settings.issuer,
      client_id: settings.clientId,
    } as OidcClient['settings'],
    createSigninRequest: ({ state, request_type }) =>
      createSignInRequest(
        {
          clientId: settings.clientId,
          scope: settings.scope,
          redirectUri,
          authorizationEndpoint: provider.authorizationEndpoint,
        },
        { state, requestType: request_type },
      ),
    processSigninResponse: async (url, extraHeaders) => {
      const { client, library, signIns } = await load();
      const pending = takePendingSignIn(new URL(url).searchParams.get('state') ?? '');
      // Without it the library refuses the answer: "No matching state found in storage".
      if (pending) {
        const state = await library.SigninState.create({
          id: pending.id,
          data: pending.data,
          created: pending.created,
          request_type: pending.requestType,
          code_verifier: pending.codeVerifier,
          authority: settings.issuer,
          client_id: settings.clientId,
          redirect_uri: redirectUri,
          scope: settings.scope,
        });
        await signIns.set(state.id, state.toStorageString());
      }
      await forgetEarlierStorage(library);
      return client.processSigninResponse(url, extraHeaders);
    },
    useRefreshToken: async (args) => (await load()).client.useRefreshToken(args),
    createSignoutRequest: async (args) => (await load()).client.createSignoutRequest(args),
    clearStaleState: async () => clearStaleSignIns(),
  };
}

type OidcLibrary = typeof import('oidc-client-ts');

/**
 * Before issue 33 the app kept its user and pending sign-ins in oidc-client-ts's default
 * store in localStorage; a visitor from then signs in once more, and that store's entries
 * (a refresh token among them) are forgotten through its own public API.
 */
async function forgetEarlierStorage(library: OidcLibrary): Promise<void> {
  const earlier = new library.WebStorageStateStore({ store: window.localStorage });
  for (const key of await earlier.getAllKeys()) await earlier.remove(key);
}

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
