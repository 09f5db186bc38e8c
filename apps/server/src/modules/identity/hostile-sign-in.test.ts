import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import { clientRefusalOf } from './identity-provider.ts';
import { signInPagePolicy } from './page-security.ts';
import { webClientOrigins } from './provider-configuration.ts';
import {
  type Authorization,
  type IdentitySite,
  startAuthorization,
  startIdentitySite,
} from './test-support/identity-site.ts';

type LogLine = { level: number; msg: string; [key: string]: unknown };
type RawResponse = { status: number; headers: Record<string, unknown>; body: string };

const nulMessage = 'The address or form held a character that is not allowed (NUL).';
const form = 'application/x-www-form-urlencoded';

/**
 * Every line the app logs, kept here instead of written out: the app's logger (and the
 * request loggers that are its children) write to the stream pino keeps under streamSym.
 */
function captureLog(app: FastifyInstance): LogLine[] {
  const lines: LogLine[] = [];
  (app.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => void lines.push(JSON.parse(line) as LogLine),
  };
  return lines;
}

/**
 * Hostile input on the sign-in pages and the provider's own routes once made 500 pages
 * logged as errors (a NUL in a path, a query or a form). They are the client's mistakes:
 * a 4xx, logged below the error level, with a page that says what was wrong.
 */
describe.each(testEngines)('hostile input on the sign-in routes, on %s', (engine) => {
  let site: IdentitySite & { site: { cleanUp: () => Promise<void> } };
  let log: LogLine[];
  let authorization: Authorization;
  let uid: string;
  let cookie: string;

  /** A request sent as written: no URL parser between the test and the server. */
  const send = (
    method: string,
    path: string,
    options: { body?: string; type?: string; cookie?: string } = {},
  ) =>
    new Promise<RawResponse>((resolve, reject) => {
      const { hostname, port } = new URL(site.origin);
      const headers: Record<string, string> = {};
      if (options.type) headers['content-type'] = options.type;
      if (options.cookie) headers.cookie = options.cookie;
      const request = httpRequest({ host: hostname, port, method, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on('error', reject);
      request.end(options.body);
    });

  /** Waits for the request's log line (written when it is answered) and gives the lines since `from`. */
  const logSince = async (from: number) => {
    await vi.waitFor(() => {
      expect(log.slice(from).some((line) => line.msg === 'request completed')).toBe(true);
    });
    return log.slice(from);
  };

  beforeAll(async () => {
    site = await startIdentitySite(engine, { LOG_LEVEL: 'info' });
    log = captureLog(site.app);
    authorization = await startAuthorization(site);
    uid = authorization.interactionPath.split('/').pop() ?? '';
    cookie = authorization.browser.cookieHeaderFor(
      `${site.origin}${authorization.interactionPath}`,
    );
  });
  afterAll(async () => {
    await site?.close();
    await site?.site.cleanUp();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const expectRefusalPage = async (response: RawResponse, message: string, from: number) => {
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      signInPagePolicy(webClientOrigins(site.config)),
    );
    expect(response.body).toContain('<title>Sign-in problem – Lanparty</title>');
    expect(response.body).toMatch(/<link rel="stylesheet" href="\/oidc\/assets\/sign-in\.css\?v=/);
    expect(response.body).toContain(message);
    expect(response.body).toContain(
      `<a class="button button-primary" href="${site.config.publicUrl.href}">Back to Lanparty</a>`,
    );
    const lines = await logSince(from);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'sign-in request refused', statusCode: 400 }),
    );
  };

  const nulRequests = (): Array<[string, string, { body?: string; type?: string }?]> => [
    ['GET', '/oidc/interaction/%00'],
    ['GET', '/oidc/assets/%00'],
    ['GET', '/oidc/interaction/%00/create-account'],
    ['GET', '/oidc/interaction/%00/steam'],
    ['GET', '/oidc/interaction/%00/steam/callback'],
    ['GET', `/oidc/interaction/${uid}?error=%00`],
    ['GET', `/oidc/interaction/${uid}/steam/callback?openid.mode=%00`],
    ['POST', `/oidc/interaction/${uid}/login`, { body: 'username=Fr%00ag&password=x', type: form }],
    ['POST', `/oidc/interaction/${uid}/login`, { body: 'user%00name=Frag&password=x', type: form }],
    [
      'POST',
      `/oidc/interaction/${uid}/login`,
      { body: '{"username":"Fr\\u0000ag","password":"x"}', type: 'application/json' },
    ],
    [
      'POST',
      `/oidc/interaction/${uid}/create-account`,
      { body: 'username=new&email=a%00b%40example.org&password=x&passwordRepeat=x', type: form },
    ],
  ];

  it('answers a NUL in an address or a form with a 400 page that says so', async () => {
    for (const [method, path, options] of nulRequests()) {
      const from = log.length;
      const response = await send(method, path, { ...options, cookie });
      await expectRefusalPage(response, nulMessage, from);
    }
  });

  it('answers a JSON body nested too deep with a 400 page that says so', async () => {
    const from = log.length;
    const response = await send('POST', `/oidc/interaction/${uid}/login`, {
      body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      type: 'application/json',
      cookie,
    });
    await expectRefusalPage(response, 'The JSON body nests too deep', from);
  });

  it('keeps the sign-in going after the refusals', async () => {
    const page = await authorization.browser.get(`${site.origin}${authorization.interactionPath}`);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('<h1>Sign in</h1>');
  });

  it.each<[string, string, string?]>([
    ['GET', '/oidc/auth?client_id=%00'],
    ['GET', '/oidc/auth?client_id=lanparty-web&redirect_uri=%00&response_type=code&scope=openid'],
    ['GET', '/oidc/auth?client_id=%E0%A4%A'],
    ['GET', '/oidc/auth?%00=%00'],
    ['GET', '/oidc/auth/%00'],
    // A resume of an unknown sign-in with a client named (found by the fuzz).
    ['GET', '/oidc/auth/x?client_id=lanparty-web'],
    ['GET', '/oidc/auth/x%00y?client_id=lanparty-web&code_challenge_method=S256'],
    ['GET', '/oidc/session/end?client_id=%00'],
    ['GET', '/oidc/session/end?id_token_hint=%00'],
    ['GET', '/oidc/%00'],
    ['GET', '/oidc/jwks%00'],
    ['POST', '/oidc/token', 'grant_type=%00&code=x'],
    ['POST', '/oidc/token', 'grant_type=authorization_code&code=%00&client_id=lanparty-web'],
    [
      'POST',
      '/oidc/token',
      'grant_type=authorization_code&code=x&client_id=lanparty-web&redirect_uri=%00&code_verifier=%00',
    ],
    ['POST', '/oidc/token', 'grant_type=refresh_token&refresh_token=%00&client_id=lanparty-web'],
    ['POST', '/oidc/token', 'grant_type=refresh_token&refresh_token=x&client_id=%E0%A4%A'],
    ['POST', '/oidc/token/revocation', 'token=%00&client_id=lanparty-web'],
    ['POST', '/oidc/session/end/confirm', 'xsrf=%00&logout=yes'],
  ])('gives the provider’s own %s %s a client error, never a 500', async (method, path, body) => {
    const from = log.length;
    const response = await send(method, path, body === undefined ? {} : { body, type: form });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(500);
    const lines = await logSince(from);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it.each([
    '/oidc/interaction/%E0%A4%A',
    '/oidc/interaction/%ZZ',
    '/oidc/%E0%A4%A',
    '/oidc/assets/%ZZ',
  ])('refuses the invalid percent-encoding of %s with a 400', async (path) => {
    const from = log.length;
    const response = await send('GET', path);
    expect(response.status).toBe(400);
    // Fastify's router answers these itself, before any hook or log line.
    expect(log.slice(from).filter((line) => line.level >= 50)).toEqual([]);
  });

  it('still answers a fault of ours with a 500 page and an error in the log', async () => {
    vi.spyOn(site.db, 'selectFrom').mockImplementation(() => {
      throw new Error('the database is gone');
    });
    const from = log.length;
    const response = await send('GET', `/oidc/interaction/${uid}`, { cookie });
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Something went wrong');
    expect(response.body).not.toContain('the database is gone');
    const lines = await logSince(from);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'sign-in page failed' }),
    );
  });
});

describe('clientRefusalOf', () => {
  it('leaves server faults and statuses outside 4xx to the 500 page', () => {
    expect(clientRefusalOf(new Error('boom'))).toBeUndefined();
    expect(clientRefusalOf(Object.assign(new Error('down'), { statusCode: 503 }))).toBeUndefined();
    expect(clientRefusalOf(Object.assign(new Error('odd'), { statusCode: 302 }))).toBeUndefined();
  });

  it('keeps the status of Fastify’s client errors, without their wording', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(clientRefusalOf(tooLarge)).toEqual({
      status: 413,
      message: 'The sign-in could not continue. Please go back to the site and try again.',
    });
  });
});
