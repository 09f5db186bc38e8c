import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findFreePort } from '../../../../../../scripts/free-port.ts';
import { createTestSite, type Engine, type TestSite } from '../../../../test/test-database.ts';
import { type AppOptions, buildApp } from '../../../app.ts';
import type { Config } from '../../../config.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../../../db/database.ts';
import { type BrowserResponse, locationOf, TestBrowser } from './test-browser.ts';

export type IdentitySite = {
  config: Config;
  db: AppDatabase;
  app: FastifyInstance;
  /** http://127.0.0.1:PORT/ — also PUBLIC_URL, so the issuer is `${origin}/oidc`. */
  origin: string;
  issuer: string;
  close: () => Promise<void>;
};

/**
 * A whole site with the embedded provider, listening on a free port of 127.0.0.1 with
 * PUBLIC_URL pointing at it, and its own database (SQLite file or PostgreSQL schema).
 */
export async function startIdentitySite(
  engine: Engine,
  env: Record<string, string> = {},
  existing?: TestSite,
  options: Pick<AppOptions, 'logStream'> = {},
): Promise<IdentitySite & { site: TestSite }> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const site =
    existing ?? (await createTestSite(engine, { PUBLIC_URL: origin, NODE_ENV: 'test', ...env }));
  const config = {
    ...site.config,
    publicUrl: new URL(origin),
    identity: { ...site.config.identity, issuer: `${origin}/oidc` },
  };
  const db = createDatabase(config.database);
  const app = await buildApp(config, { db, ...options });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    site,
    config,
    db,
    app,
    origin,
    issuer: config.identity.issuer,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

export type Authorization = {
  browser: TestBrowser;
  verifier: string;
  state: string;
  redirectUri: string;
  /** The sign-in page the provider sent the browser to. */
  signInPage: BrowserResponse;
  interactionPath: string;
};

/** Starts an authorization-code + PKCE sign-in like the web app does, up to our sign-in page. */
export async function startAuthorization(
  site: IdentitySite,
  browser = new TestBrowser(),
  extraParams: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const redirectUri = `${site.origin}/`;
  const url = new URL(`${site.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: site.config.identity.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
    ...extraParams,
  }).toString();
  const signInPage = await browser.follow(await browser.get(url.href));
  return {
    browser,
    verifier,
    state,
    redirectUri,
    signInPage,
    interactionPath: new URL(signInPage.url).pathname,
  };
}

/** Follows the provider's redirects after a sign-in to the code it sends to the web app. */
export async function codeAfter(
  authorization: Authorization,
  result: BrowserResponse,
): Promise<string> {
  const end = await authorization.browser.follow(result);
  const location = end.location ?? locationOf(end);
  if (!location)
    throw new Error(`No redirect to the web app: ${end.response.status} ${end.body.slice(0, 300)}`);
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== authorization.state) {
    throw new Error(`No code in ${location}`);
  }
  return code;
}

export type TokenResponse = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  error?: string;
};

export async function postToken(site: IdentitySite, form: Record<string, string>) {
  const response = await fetch(`${site.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: site.config.identity.clientId, ...form }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

/** Exchanges a code for tokens, as the web app does. */
export function exchangeCode(site: IdentitySite, authorization: Authorization, code: string) {
  return postToken(site, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: authorization.redirectUri,
    code_verifier: authorization.verifier,
  });
}

/** Signs in with a username and password and answers the tokens. */
export async function signInWithPassword(
  site: IdentitySite,
  username: string,
  password: string,
): Promise<TokenResponse & { authorization: Authorization }> {
  const authorization = await startAuthorization(site);
  const result = await authorization.browser.post(
    `${site.origin}${authorization.interactionPath}/login`,
    { username, password },
  );
  const code = await codeAfter(authorization, result);
  const tokens = await exchangeCode(site, authorization, code);
  return { ...tokens.body, authorization };
}

/** A migrated database of its own, for tests that need no server. */
export async function openTestDatabase(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<{ db: AppDatabase; config: Config; cleanUp: () => Promise<void> }> {
  const site = await createTestSite(engine, env);
  const db = createDatabase(site.config.database);
  await migrateToLatest(db, databaseSchemaOf(site.config));
  return {
    db,
    config: site.config,
    async cleanUp() {
      await db.destroy();
      await site.cleanUp();
    },
  };
}
