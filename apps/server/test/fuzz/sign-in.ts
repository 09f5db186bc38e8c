import { request as httpRequest } from 'node:http';
import { findFreePort } from '../../../../scripts/free-port.ts';
import { buildApp } from '../../src/app.ts';
import { type AppDatabase, createDatabase } from '../../src/db/database.ts';
import { openIdNamespace } from '../../src/modules/identity/steam-openid.ts';
import { startAuthorization } from '../../src/modules/identity/test-support/identity-site.ts';
import { attemptLimits } from '../../src/modules/limits/attempt-limits.ts';
import { createTestSite, type Engine } from '../test-database.ts';
import { tablesAllowedToChange } from './fingerprint.ts';
import type { HttpMethod, JsonSchema, Operation, Parameter } from './operations.ts';
import type { ConcreteRequest } from './requests.ts';

/**
 * The embedded sign-in: our pages under /oidc/interaction and oidc-provider's own routes
 * (/oidc/auth, /oidc/token, …). The OpenAPI document does not describe them, so they are
 * listed here as operations, and sent to a site of their own that runs the embedded
 * provider (the API's site signs in through a fake external issuer, to mint tokens for
 * every role), over HTTP, with the cookie of a sign-in under way so the pages read their
 * forms instead of answering "expired".
 */

/** An answer; status 0 when none came (the body says why). */
export type Answer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};

export const noAnswer = (why: string): Answer => ({ statusCode: 0, headers: {}, body: why });

export type SignInSite = {
  origin: string;
  db: AppDatabase;
  dataDir: string;
  operations: Operation[];
  /** The sign-in under way in the fuzzer's browser: its uid, and the cookie that goes with it. */
  browser: { uid: string; cookie: string };
  /** Starts a new sign-in, once a page finished (or may have finished) the one under way. */
  renew: () => Promise<void>;
  send: (request: ConcreteRequest, timeoutMs: number) => Promise<Answer>;
  close: () => Promise<void>;
};

/** Tables a refused sign-in request may still change, and why. */
export const signInTablesAllowedToChange: ReadonlyMap<string, string> = new Map([
  ...tablesAllowedToChange,
  ['oidc_records', 'the provider keeps its sign-ins under way and its sessions there'],
]);

export async function startSignInSite(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<SignInSite> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = await createTestSite(engine, {
    PUBLIC_URL: origin,
    NODE_ENV: 'test',
    // Each request from its own address, as on the API's site: limits per address stay out of the way.
    TRUST_PROXY: 'loopback',
    // Nothing leaves the machine: a Steam answer that passed our checks would be confirmed here.
    STEAM_OPENID_URL: 'http://127.0.0.1:9/openid/login',
    ...env,
  });
  const db = createDatabase(site.config.database);
  const app = await buildApp(site.config, { db, isRunningJobs: false });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const identity = { config: site.config, db, app, origin, issuer: site.config.identity.issuer };
    const browser = { uid: '', cookie: '' };
    const renew = async () => {
      const authorization = await startAuthorization({ ...identity, close: async () => {} });
      browser.uid = authorization.interactionPath.split('/').pop() ?? '';
      browser.cookie = authorization.browser.cookieHeaderFor(
        `${origin}${authorization.interactionPath}`,
      );
      if (!authorization.interactionPath.startsWith('/oidc/interaction/')) {
        throw new Error(`No sign-in page: ${authorization.signInPage.body.slice(0, 300)}`);
      }
    };
    await renew();
    return {
      origin,
      db,
      dataDir: site.dataDir,
      operations: signInRoutes({
        origin,
        clientId: site.config.identity.clientId,
        steamOpenIdUrl: site.config.steam.openIdUrl,
      }).map(toOperation),
      browser,
      renew,
      send: (request, timeoutMs) => sendOverHttp(origin, request, timeoutMs),
      async close() {
        await app.close();
        await db.destroy();
        await site.cleanUp();
      },
    };
  } catch (error) {
    await app.close();
    await db.destroy();
    await site.cleanUp();
    throw error;
  }
}

type Route = {
  method: HttpMethod;
  path: string;
  query?: Record<string, JsonSchema>;
  /** The fields of a form the route reads. */
  form?: Record<string, JsonSchema>;
  burst?: Operation['burst'];
};

const text: JsonSchema = { type: 'string', minLength: 1, maxLength: 30 };
/** Codes, tokens and PKCE values: 43 characters of base64url. */
const opaque: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' };
const constant = (value: string): JsonSchema => ({ type: 'string', const: value });
const oneOf = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });
const username: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9._-]{3,32}$' };
const password: JsonSchema = { type: 'string', minLength: 10, maxLength: 30 };
const steamId: JsonSchema = {
  type: 'string',
  pattern: '^https://steamcommunity\\.com/openid/id/7656119[0-9]{10}$',
};

/**
 * The routes of interaction.routes.ts and identity-provider.ts (our pages) and the ones
 * oidc-provider serves for our configuration (its discovery document lists them), with
 * values a browser or the web app sends.
 */
function signInRoutes(site: { origin: string; clientId: string; steamOpenIdUrl: string }): Route[] {
  const authorization = {
    client_id: constant(site.clientId),
    redirect_uri: constant(`${site.origin}/`),
    response_type: constant('code'),
    scope: oneOf('openid profile offline_access', 'openid'),
    code_challenge: opaque,
    code_challenge_method: constant('S256'),
    state: text,
    nonce: text,
  };
  return [
    { method: 'GET', path: '/oidc/interaction/{uid}', query: { error: oneOf('steam') } },
    {
      method: 'POST',
      path: '/oidc/interaction/{uid}/login',
      form: { username, password },
      // Ten tries per account: a flood of one account's sign-ins meets 429s.
      burst: { allowance: attemptLimits.signInPerAccount.maxAttempts },
    },
    { method: 'GET', path: '/oidc/interaction/{uid}/create-account' },
    {
      method: 'POST',
      path: '/oidc/interaction/{uid}/create-account',
      form: {
        username,
        email: { type: 'string', format: 'email' },
        password,
        passwordRepeat: password,
      },
      // The first of a valid burst creates the account and ends the sign-in, so how many
      // of the rest are counted is a race: no allowance to hold it to.
      burst: {},
    },
    { method: 'GET', path: '/oidc/interaction/{uid}/steam' },
    {
      method: 'GET',
      path: '/oidc/interaction/{uid}/steam/callback',
      query: {
        'openid.ns': constant(openIdNamespace),
        'openid.mode': oneOf('id_res', 'cancel'),
        'openid.op_endpoint': constant(site.steamOpenIdUrl),
        'openid.claimed_id': steamId,
        'openid.identity': steamId,
        'openid.return_to': text,
        'openid.response_nonce': { type: 'string', pattern: '^2025-01-31T20:15:00Z[a-z0-9]{6}$' },
        'openid.assoc_handle': text,
        'openid.signed': constant('op_endpoint,claimed_id,identity,return_to,response_nonce'),
        'openid.sig': text,
      },
    },
    { method: 'GET', path: '/oidc/assets/{file}' },
    { method: 'GET', path: '/oidc/auth', query: authorization },
    { method: 'POST', path: '/oidc/request', form: authorization },
    {
      method: 'POST',
      path: '/oidc/token',
      form: {
        grant_type: oneOf('authorization_code', 'refresh_token'),
        code: opaque,
        client_id: constant(site.clientId),
        redirect_uri: constant(`${site.origin}/`),
        code_verifier: opaque,
        refresh_token: opaque,
      },
    },
    {
      method: 'POST',
      path: '/oidc/token/revocation',
      form: {
        token: opaque,
        token_type_hint: oneOf('access_token', 'refresh_token'),
        client_id: constant(site.clientId),
      },
    },
    { method: 'GET', path: '/oidc/me' },
    {
      method: 'GET',
      path: '/oidc/session/end',
      query: {
        client_id: constant(site.clientId),
        post_logout_redirect_uri: constant(`${site.origin}/`),
        id_token_hint: text,
        state: text,
      },
    },
    {
      method: 'POST',
      path: '/oidc/session/end/confirm',
      form: { xsrf: text, logout: oneOf('yes') },
    },
    { method: 'GET', path: '/oidc/jwks' },
    { method: 'GET', path: '/oidc/.well-known/openid-configuration' },
  ];
}

/** The files identity-provider.ts serves under /oidc/assets. */
const assetFile = oneOf('sign-in.css', 'sign-out.js', 'favicon.svg');

function toOperation(route: Route): Operation {
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(
    ([, name = '']): Parameter => ({
      name,
      location: 'path',
      schema: name === 'file' ? assetFile : text,
      isRequired: true,
    }),
  );
  const queryParameters = Object.entries(route.query ?? {}).map(
    ([name, schema]): Parameter => ({ name, location: 'query', schema, isRequired: false }),
  );
  return {
    key: `${route.method} ${route.path}`,
    method: route.method,
    path: route.path,
    parameters: [...pathParameters, ...queryParameters],
    ...(route.form
      ? {
          bodySchema: {
            type: 'object',
            properties: route.form,
            required: Object.keys(route.form),
          },
          isForm: true,
        }
      : {}),
    isUpload: false,
    site: 'sign-in',
    ...(route.burst ? { burst: route.burst } : {}),
  };
}

/**
 * Sends a request exactly as written (no URL parser on the way), over a connection of its
 * own: Fastify answers headers too large with a 431 and closes the connection without a
 * `Connection: close`, so a kept-alive connection could be reused as it closes. That 431
 * has a body even for a HEAD, which the client cannot read past: it counts as what its
 * status line says. A connection closed without an answer, or none in time, is no answer.
 */
function sendOverHttp(
  origin: string,
  request: ConcreteRequest,
  timeoutMs: number,
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.payload !== undefined) headers['content-length'] = Buffer.byteLength(request.payload);
  return new Promise((resolve) => {
    let answer: Answer | undefined;
    const outgoing = httpRequest(
      { host: hostname, port, method: request.method, path: request.url, headers, agent: false },
      (response) => {
        answer = { statusCode: response.statusCode ?? 0, headers: response.headers, body: '' };
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ ...(answer as Answer), body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve(noAnswer(`(no answer in ${timeoutMs / 1000} s)`));
    }, timeoutMs);
    outgoing.on('error', (error: Error & { rawPacket?: Buffer }) => {
      clearTimeout(timer);
      const raw = error.rawPacket?.toString('latin1') ?? '';
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(raw)?.[1];
      if (answer) resolve(answer);
      else if (status) resolve({ statusCode: Number(status), headers: {}, body: raw });
      else resolve(noAnswer(`(the connection ended without an answer: ${error.message})`));
    });
    outgoing.end(request.payload);
  });
}
