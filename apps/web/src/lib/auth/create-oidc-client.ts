import type { IdentitySettings } from '@lanparty/contract';
import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';

/**
 * The OpenID Connect client of the web app, from GET /api/settings/keycloak: authorization
 * code with PKCE, back to the site's root after signing in and out, the pending sign-in
 * state kept in localStorage (the user is too, by the auth session).
 */
export function createOidcClient(settings: IdentitySettings, origin: string): OidcClient {
  return new OidcClient({
    authority: settings.issuer,
    client_id: settings.clientId,
    scope: settings.scope,
    response_type: 'code',
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    // Claims come from the ID token; everything else from GET /api/users/me.
    loadUserInfo: false,
  });
}
