import { createHash, randomBytes } from 'node:crypto';
import { type Answer, Browser, locationOf } from './browser.ts';

/**
 * Signing in as the web app does, over HTTP against the running site: the identity
 * settings from GET /api/settings/keycloak, the provider's discovery document, then the
 * authorization code flow with PKCE (S256) through the provider's own sign-in (or
 * create-account) page, and the code exchanged at its token endpoint; renewing with the
 * refresh token as the web app does before the access token (5 minutes) runs out.
 */
export type Provider = {
  origin: string;
  clientId: string;
  scope: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  redirectUri: string;
};

export type Tokens = {
  accessToken: string;
  refreshToken: string | undefined;
  /** When the access token was issued and runs out, ms since the epoch. */
  obtainedAt: number;
  expiresAt: number;
};

async function json<Body>(answer: Answer, what: string): Promise<Body> {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return JSON.parse(answer.body.toString()) as Body;
}

export async function discoverProvider(origin: string): Promise<Provider> {
  const browser = new Browser();
  const settings = await json<{ issuer: string; clientId: string; scope: string }>(
    await browser.get(`${origin}/api/settings/keycloak`),
    'GET /api/settings/keycloak',
  );
  const discovery = await json<{ authorization_endpoint: string; token_endpoint: string }>(
    await browser.get(`${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`),
    'the discovery document',
  );
  return {
    origin,
    clientId: settings.clientId,
    scope: settings.scope,
    authorizationEndpoint: discovery.authorization_endpoint,
    tokenEndpoint: discovery.token_endpoint,
    // The web app's redirect_uri: the site's root.
    redirectUri: `${origin}/`,
  };
}

type Authorization = { page: Answer; verifier: string; state: string };

const isOnProvider = (url: URL) => url.pathname.startsWith('/oidc/');

/** The authorization request with PKCE, followed to the provider's sign-in page. */
async function authorize(browser: Browser, provider: Provider): Promise<Authorization> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('hex');
  const url = new URL(provider.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope: provider.scope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(16).toString('hex'),
  }).toString();
  const page = await browser.follow(await browser.get(url.href), isOnProvider);
  if (page.status !== 200) throw new Error(`The sign-in page answered ${page.status}`);
  return { page, verifier, state };
}

/** The action of the page's form that has a field named `field`, as an absolute URL. */
export function formActionOf(page: Answer, field: string): string {
  for (const form of page.body
    .toString()
    .split(/<form\b/i)
    .slice(1)) {
    const action = /^[^>]*\baction="([^"]*)"/i.exec(form)?.[1];
    if (action && new RegExp(`\\bname="${field}"`).test(form))
      return new URL(action.replaceAll('&amp;', '&'), page.url).href;
  }
  throw new Error(`No form with a ${field} field on ${page.url}`);
}

function linkTo(page: Answer, pathEnd: string): string {
  const href = new RegExp(`href="([^"]*${pathEnd})"`).exec(page.body.toString())?.[1];
  if (!href) throw new Error(`No link to …${pathEnd} on ${page.url}`);
  return new URL(href.replaceAll('&amp;', '&'), page.url).href;
}

/** After the form: the provider's redirects back to the web app, and the code exchanged. */
async function finish(
  browser: Browser,
  provider: Provider,
  authorization: Authorization,
  submitted: Answer,
): Promise<Tokens> {
  const end = await browser.follow(submitted, isOnProvider);
  const location = locationOf(end);
  if (!location?.startsWith(provider.redirectUri)) {
    const text = end.body.toString();
    const error = /class="[^"]*error[^"]*"[^>]*>([^<]+)</.exec(text)?.[1];
    throw new Error(`Not signed in (${end.status}${error ? `: ${error.trim()}` : ''})`);
  }
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== authorization.state)
    throw new Error(`No code for this sign-in in ${location}`);
  return postToken(browser, provider, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: provider.redirectUri,
    code_verifier: authorization.verifier,
  });
}

async function postToken(
  browser: Browser,
  provider: Provider,
  form: Record<string, string>,
): Promise<Tokens> {
  const obtainedAt = Date.now();
  const body = await json<{ access_token: string; refresh_token?: string; expires_in: number }>(
    await browser.postForm(provider.tokenEndpoint, { client_id: provider.clientId, ...form }),
    'the token endpoint',
  );
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    obtainedAt,
    expiresAt: obtainedAt + body.expires_in * 1000,
  };
}

/** Signs in with a username and password on the provider's sign-in page. */
export async function signIn(
  provider: Provider,
  username: string,
  password: string,
  browser = new Browser(),
): Promise<Tokens> {
  const authorization = await authorize(browser, provider);
  const submitted = await browser.postForm(formActionOf(authorization.page, 'username'), {
    username,
    password,
  });
  return finish(browser, provider, authorization, submitted);
}

/** Creates an account on the provider's create-account page, which signs its owner in. */
export async function signUp(
  provider: Provider,
  account: { username: string; email: string; password: string },
  browser = new Browser(),
): Promise<Tokens> {
  const authorization = await authorize(browser, provider);
  const page = await browser.get(linkTo(authorization.page, '/create-account'));
  const submitted = await browser.postForm(formActionOf(page, 'passwordRepeat'), {
    username: account.username,
    email: account.email,
    password: account.password,
    passwordRepeat: account.password,
  });
  return finish(browser, provider, authorization, submitted);
}

/** New tokens from the refresh token, as the web app renews its session. */
export function refresh(provider: Provider, tokens: Tokens): Promise<Tokens> {
  if (!tokens.refreshToken) throw new Error('No refresh token to renew the session with');
  return postToken(new Browser(), provider, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
  });
}

/** The tokens, renewed first when less than `marginMs` of their life is left. */
export async function fresh(
  provider: Provider,
  tokens: Tokens,
  marginMs = 120_000,
): Promise<Tokens> {
  return tokens.expiresAt - Date.now() > marginMs ? tokens : refresh(provider, tokens);
}
