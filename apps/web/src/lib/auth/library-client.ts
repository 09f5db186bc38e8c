import type { IdentitySettings } from '@lanparty/contract';
import { InMemoryWebStorage, OidcClient, SigninState, WebStorageStateStore } from 'oidc-client-ts';
import type { OidcClientPort } from './auth-session.ts';
import { takePendingSignIn } from './sign-in-request.ts';

/** What the session asks of oidc-client-ts itself, once it is loaded. */
export type LibraryClient = Pick<
  OidcClientPort,
  'processSigninResponse' | 'useRefreshToken' | 'createSignoutRequest'
>;

/**
 * oidc-client-ts's OidcClient for the web app, downloaded with the library when first
 * needed (create-oidc-client.ts). Only its public API is used (decision 010): a sign-in
 * started without the library (sign-in-request.ts) comes back to it as its own
 * SigninState, through a state store it is given.
 */
export function createLibraryClient(
  settings: IdentitySettings,
  redirectUri: string,
): LibraryClient {
  // Holds the one sign-in being finished, for the moment it takes: pending sign-ins wait
  // in the app's own entries.
  const signIns = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const client = new OidcClient({
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
  return {
    async processSigninResponse(url, extraHeaders) {
      const pending = takePendingSignIn(new URL(url).searchParams.get('state') ?? '');
      // Without it the library refuses the answer: "No matching state found in storage".
      if (pending) {
        const state = await SigninState.create({
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
      await forgetEarlierStorage();
      return client.processSigninResponse(url, extraHeaders);
    },
    useRefreshToken: (args) => client.useRefreshToken(args),
    createSignoutRequest: (args) => client.createSignoutRequest(args),
  };
}

/**
 * Before issue 33 the app kept its user and pending sign-ins in oidc-client-ts's default
 * store in localStorage; a visitor from then signs in once more, and that store's entries
 * (a refresh token among them) are forgotten through its own public API.
 */
async function forgetEarlierStorage(): Promise<void> {
  const earlier = new WebStorageStateStore({ store: window.localStorage });
  for (const key of await earlier.getAllKeys()) await earlier.remove(key);
}
