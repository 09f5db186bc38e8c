import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import {
  allTimePlayerItemSchema,
  gameLeaderboardMonthSchema,
  lanHeadlineSchema,
  lanSchema,
  leaderboardMonthsSchema,
  ownSubscriptionSchema,
  paged,
  playerLeaderboardMonthSchema,
  rewindSummarySchema,
  rewindYearsSchema,
  subscriberSchema,
  userProfileSchema,
  userPublicSchema,
} from '@lanparty/contract';
import { discoveryDocumentUrl } from '@lanparty/contract/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestSite, type TestSite, testEngines } from '../test/test-database.ts';
import { buildApp } from './app.ts';
import { createDatabase } from './db/database.ts';
import { hasAnswerWriter } from './http/answer-writer.ts';

/** The answer of a route added after the app is built, before it is ready. */
const lateAnswer = z.object({ seats: z.number().int() });

const indexPage = '<!doctype html><title>Lanparty</title><div id="root"></div>';
const script = 'console.log("lan")';

/**
 * A tiny stand-in for the built web app: an index page and one hashed asset, each with the
 * Brotli and gzip copies the build writes beside it.
 */
function writeWebApp(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const writeWithCopies = (file: string, content: string) => {
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  };
  writeWithCopies(path.join(dir, 'index.html'), indexPage);
  writeWithCopies(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe.each(testEngines)('the site on %s', (engine) => {
  let site: TestSite;
  let app: FastifyInstance;

  beforeAll(async () => {
    // From empty: the one start per engine that runs every migration (the other tests
    // copy a migrated template).
    site = await createTestSite(engine, {}, { from: 'empty' });
    const webDistDir = path.join(site.dataDir, 'web');
    writeWebApp(webDistDir);
    app = await buildApp({ ...site.config, webDistDir });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(1, 'Name is required'),
            seats: z.number().int().max(10),
          }),
          querystring: z.object({ limit: z.coerce.number().int().max(100).optional() }),
        },
      },
      async (request) => request.body,
    );
    typed.put('/api/test/empty', async (_request, reply) => reply.code(204).send());
    typed.get('/api/test/late-answer', { schema: { response: { 200: lateAnswer } } }, async () => ({
      seats: 3,
    }));
    typed.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await site?.cleanUp();
  });

  // Each writer takes milliseconds to build: the first visitor of a route must not wait.
  it('has built every answer writer while starting, before the first request', () => {
    const keptReads = [
      ...[paged(lanSchema), paged(lanHeadlineSchema), lanSchema, paged(subscriberSchema)],
      paged(ownSubscriptionSchema),
      ...[paged(userPublicSchema), userProfileSchema],
      ...[leaderboardMonthsSchema, paged(allTimePlayerItemSchema), playerLeaderboardMonthSchema],
      ...[gameLeaderboardMonthSchema, rewindYearsSchema, rewindSummarySchema],
    ];
    for (const schema of [...keptReads, lateAnswer]) expect(hasAnswerWriter(schema)).toBe(true);
  });

  describe('GET /api/health', () => {
    it('answers ok when the database answers', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: '2025.1.1' });
    });
  });

  describe('problem details', () => {
    it('answers 404 problem details for an unknown API path', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        detail: 'There is no GET /api/nothing-here.',
      });
    });

    it('answers 404 for an unknown API path even when it looks like a page', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
    });

    it('answers 400 with the message of every invalid field', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: '', seats: 11.5 },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ status: 400, title: 'Invalid input' });
      expect(body.errors.name).toEqual(['Name is required']);
      expect(body.errors.seats.length).toBeGreaterThan(0);
    });

    it('answers 400 for an invalid query parameter', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo?limit=500',
        payload: { name: 'Frag', seats: 2 },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['limit']);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('takes an empty body marked as JSON as no body', async () => {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/test/empty',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(204);
    });

    it('answers 415 for a body of an unsupported type', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/x-lan' },
        payload: 'lan',
      });
      expect(response.statusCode).toBe(415);
    });

    it('ignores unknown body fields', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'Frag', seats: 2, creationDate: 'whatever' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Frag', seats: 2 });
    });

    it('never shows internals on a 500, but gives a reference', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('stack');
      const requestId = response.headers['x-request-id'];
      expect(response.json().detail).toBe(
        `Something went wrong on our side. Reference: ${requestId}.`,
      );
    });
  });

  describe('the web app', () => {
    it('serves index.html for client routes, revalidated every time', async () => {
      const response = await app.inject({ method: 'GET', url: '/lans/42' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    });

    it.each([
      '/this-page-does-not-exist',
      '/lans',
      '/admin/lans/7/edit',
      '/stats/leader-board/2026',
    ])(
      'answers a page request for %s, which the app has no screen at, 404 with the app',
      async (url) => {
        const response = await app.inject({ method: 'GET', url: `${url}?from=mail` });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        // The app itself, so it can say "Page not found" with links onwards.
        expect(response.body).toBe(indexPage);
        const compressed = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(compressed.statusCode).toBe(404);
        expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(indexPage);
      },
    );

    it.each([
      '/',
      '/lans/upcoming',
      '/LANS/42/',
      '/profile/email-verification/abc',
      '/stats/leader-board/2026/3',
      '/admin/lans/1/check-in',
      '/admin/sign-ups',
    ])('answers a page request for %s, a screen of the app, 200', async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexPage);
    });

    it('serves the root page', async () => {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Lanparty</title>');
    });

    it.each(['/', '/lans/42'])(
      'has %s preload what the app asks first: identity settings, discovery',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        const discovery = discoveryDocumentUrl(site.config.identity.issuer);
        expect(response.headers.link).toBe(
          '</api/settings/keycloak>; rel=preload; as=fetch; crossorigin=anonymous, ' +
            `<${discovery}>; rel=preload; as=fetch; crossorigin=anonymous`,
        );
        const assetResponse = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
        expect(assetResponse.headers.link).toBeUndefined();
      },
    );

    it('caches hashed assets for a year', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("sends the build's compressed copy the browser accepts, varying on it", async () => {
      const url = '/assets/index-Ab12Cd34.js';
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');

      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('sends a client route its page compressed too', async () => {
      const response = await app.inject({
        url: '/lans/42',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexPage);
    });

    it('does not cache unhashed files forever', async () => {
      const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers 404 for a missing file instead of the page', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
      expect(response.statusCode).toBe(404);
    });

    it('sends a content security policy that allows only our own origin', async () => {
      const response = await app.inject({ method: 'GET', url: '/lans/upcoming' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('the API documentation', () => {
    it('publishes an OpenAPI document with the health route and the contract entities', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info.version).toBe('2025.1.1');
      expect(document.paths['/api/health'].get).toBeDefined();
      expect(Object.keys(document.components.schemas)).toEqual(
        expect.arrayContaining(['Lan', 'Subscriber', 'Game', 'ProblemDetails']),
      );
      expect(document.paths['/api/test/echo'].post.requestBody).toBeDefined();
    });

    it('serves the documentation page', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});

describe.each(testEngines)('a site whose database is gone (%s)', (engine) => {
  it('answers 503 on the health check', async () => {
    const site = await createTestSite(engine);
    const db = createDatabase(site.config.database);
    const app = await buildApp(site.config, { db });
    await app.ready();
    try {
      await db.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 503,
        detail: 'The database does not answer.',
      });
    } finally {
      await app.close();
      await site.cleanUp();
    }
  });
});
