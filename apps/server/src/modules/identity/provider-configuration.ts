import { accountErasedPath } from '@lanparty/contract/rules';
import type {
  AccountClaims,
  ClientMetadata,
  Configuration,
  KoaContextWithOIDC,
} from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { findUserBySubject, type UserRow } from '../accounts/accounts.repository.ts';
import { findUsernameOfUser } from './local-accounts.repository.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import type { PageAssets } from './page-layout.ts';
import { widenFormAction } from './page-security.ts';
import { renderMessagePage, renderSignOutPage } from './sign-in-pages.ts';
import { type SigningKeys, signingAlgorithm } from './signing-keys.ts';

/**
 * The resource indicator of our API. oidc-provider wants an absolute URI here; the
 * audience the API checks (`lanparty-api`) is set separately on the resource server.
 */
export const apiResourceIndicator = 'urn:lanparty:api';
/** Short-lived, so a revoked role or a signed-out session stops working soon; the app renews. */
export const accessTokenLifetimeSeconds = 5 * 60;
const day = 24 * 60 * 60;

export type ProviderDependencies = {
  config: Config;
  db: AppDatabase;
  signingKeys: SigningKeys;
  cookieKeys: string[];
  assets: PageAssets;
  /** The public path the provider lives at (`/oidc`), for the interaction pages. */
  basePath: string;
};

/** The web app's addresses: where sign-in and sign-out may return to. */
export function webClientOf(config: Config): ClientMetadata {
  const redirectUris = [
    new URL('/', config.publicUrl).href,
    config.publicUrl.href,
    new URL('silent-check.html', config.publicUrl).href,
  ];
  // After erasing their own account, a person is signed out onto the page that says so.
  const postLogoutRedirectUris = [
    config.publicUrl.href,
    new URL(accountErasedPath, config.publicUrl).href,
  ];
  if (!config.isProduction) {
    // Vite's dev server, so `npm run dev` signs in against a local server.
    redirectUris.push('http://localhost:5173/', 'http://localhost:5173/silent-check.html');
    postLogoutRedirectUris.push(
      'http://localhost:5173/',
      new URL(accountErasedPath, 'http://localhost:5173/').href,
    );
  }
  return {
    client_id: config.identity.clientId,
    client_name: 'Lanparty',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...new Set(redirectUris)],
    post_logout_redirect_uris: [...new Set(postLogoutRedirectUris)],
  };
}

/** Origins the web app lives at; our forms may lead there (after sign-in, after sign-out). */
export function webClientOrigins(config: Config): string[] {
  const client = webClientOf(config);
  const uris = [...(client.redirect_uris ?? []), ...(client.post_logout_redirect_uris ?? [])];
  return [...new Set(uris.map((uri) => new URL(uri).origin))];
}

async function claimsOf(db: AppDatabase, user: UserRow): Promise<AccountClaims> {
  const username = await findUsernameOfUser(db, user.id);
  return {
    sub: user.subject as string,
    preferred_username: username ?? user.nickname,
    name: user.nickname,
    ...(user.steam_id ? { steam_id: user.steam_id } : {}),
  };
}

/** oidc-provider's configuration for the embedded identity provider. */
export function createProviderConfiguration(deps: ProviderDependencies): Configuration {
  const { config, db, assets } = deps;
  const homeLink = { href: config.publicUrl.href, text: 'Back to Lanparty' };
  const formOrigins = webClientOrigins(config);
  const sendHtml = (ctx: KoaContextWithOIDC, markup: string) => {
    ctx.type = 'html';
    ctx.set('cache-control', 'no-store');
    ctx.body = markup;
  };
  return {
    adapter: createOidcAdapterFactory(db),
    clients: [webClientOf(config)],
    jwks: { keys: deps.signingKeys.privateJwks as never },
    cookies: {
      keys: deps.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name', 'steam_id'] },
    scopes: ['openid', 'offline_access'],
    // Profile claims go into the ID token too: the app reads them there, since its
    // access token is for the API, not for the userinfo endpoint.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Every client of ours names its redirect_uri. Letting one omit it also broke the
    // provider's own error page: a resume (`/oidc/auth/{uid}`) with an unknown uid and a
    // client_id was a 500 (oidc-provider 9.13's error handler fills the omitted one in
    // from parameters that route never read), found by the fuzz in issue 31.
    allowOmittingSingleRegisteredRedirectUri: false,
    enabledJWA: { idTokenSigningAlgValues: [signingAlgorithm] },
    async findAccount(_ctx, subject) {
      const user = await findUserBySubject(db, subject);
      // An erased account signs in no more, nor renews a token.
      if (!user || user.erased_at !== null) return undefined;
      return { accountId: subject, claims: () => claimsOf(db, user) };
    },
    // The API creates and names users from its token, as it does with an external issuer.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserBySubject(db, token.accountId);
      if (!user || user.erased_at !== null) return undefined;
      const { sub: _subject, ...claims } = await claimsOf(db, user);
      return claims;
    },
    // A refresh token whenever the app may use one, so it renews without an iframe.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    interactions: {
      url: (_ctx, interaction) => `${deps.basePath}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: accessTokenLifetimeSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * day,
      Interaction: 60 * 60,
      Session: 30 * day,
      Grant: 30 * day,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiResourceIndicator,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== apiResourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: config.identity.audience,
            accessTokenTTL: accessTokenLifetimeSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: signingAlgorithm } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, formHtml) {
          // Our own app proved who asks with a valid ID token: no need to ask again.
          const isAutomatic =
            ctx.oidc.params?.id_token_hint !== undefined &&
            ctx.oidc.client?.clientId === config.identity.clientId;
          ctx.set(
            'content-security-policy',
            widenFormAction(ctx.response.get('content-security-policy'), formOrigins),
          );
          sendHtml(ctx, renderSignOutPage({ assets, formHtml, isAutomatic }));
        },
        async postLogoutSuccessSource(ctx) {
          sendHtml(
            ctx,
            renderMessagePage({
              assets,
              title: 'Signed out',
              heading: 'You are signed out',
              message: 'See you at the next lan.',
              link: homeLink,
            }),
          );
        },
      },
    },
    async renderError(ctx, out) {
      const description =
        out.error === 'server_error'
          ? 'Something went wrong on our side. Please try again in a moment.'
          : (out.error_description ?? out.error);
      sendHtml(
        ctx,
        renderMessagePage({
          assets,
          title: 'Sign-in problem',
          heading: 'This sign-in could not continue',
          message: String(description),
          link: homeLink,
        }),
      );
    },
  };
}
