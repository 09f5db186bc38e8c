import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { signedInHintCookie } from '@lanparty/contract/rules';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const appPage = '<!doctype html><title>Lanparty</title><script src="/assets/index-A1.js"></script>';
const signInFirstPage =
  '<!doctype html><title>Lanparty</title><script src="/assets/sign-in-first-B2.js"></script>';
const screenPage =
  '<!doctype html><title>Lanparty</title><script src="/assets/screen-C3.js"></script>';
const erasedPage =
  '<!doctype html><title>Lanparty</title><script src="/assets/account-erased-D4.js"></script>';

describe('the web app with a sign-in-first page', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lanparty-web-'));
    mkdirSync(path.join(dir, 'assets'));
    for (const [file, content] of [
      ['index.html', appPage],
      ['sign-in-first.html', signInFirstPage],
      ['screen.html', screenPage],
      ['account-erased.html', erasedPage],
    ] as const) {
      writeFileSync(path.join(dir, file), content);
      writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    }
    app = Fastify();
    await registerWebApp(app, dir, { preloads: ['/api/settings/keycloak'] });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const hint = `${signedInHintCookie}=1`;
  const appOf = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

  it.each(['/', '/lans/upcoming', '/this-page-does-not-exist'])(
    'sends %s the app to a browser with the signed-in hint, else the page that signs in first',
    async (url) => {
      const signedIn = await app.inject({ url, headers: { cookie: `theme=dark; ${hint}` } });
      expect(signedIn.body).toBe(appPage);
      const visitor = await app.inject({ url });
      expect(visitor.body).toBe(signInFirstPage);
      expect(visitor.statusCode).toBe(signedIn.statusCode);
      for (const response of [signedIn, visitor]) {
        expect(response.headers['cache-control']).toBe('no-cache');
        // A cache keeps the two apart.
        expect(response.headers.vary).toMatch(/cookie/i);
      }
    },
  );

  it('sends a lan’s screen its own page, signed in or not, and never the sign-in first', async () => {
    for (const headers of [{}, { cookie: hint }]) {
      const response = await app.inject({ url: '/screen/q3Z0XbF9mK2rTnW8cYpL4dVhJ6s', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(screenPage);
      expect(response.headers['cache-control']).toBe('no-cache');
      // A screen signs nobody in: none of the sign-in's files are preloaded for it.
      expect(response.headers.link).toBeUndefined();
    }
    const theApp = await appOf('/lans/upcoming', hint);
    expect(theApp.headers.link).toBe(
      '</api/settings/keycloak>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    const nested = await app.inject({ url: '/screen/a/b' });
    expect(nested.statusCode).toBe(404);
    expect(nested.body).toBe(signInFirstPage);
  });

  it('sends the erased account’s page its own page, never the sign-in first: its person is signed out', async () => {
    for (const headers of [{}, { cookie: hint }]) {
      const response = await app.inject({ url: '/account-erased', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(erasedPage);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const deeper = await app.inject({ url: '/account-erased/42' });
    expect(deeper.statusCode).toBe(404);
    expect(deeper.body).toBe(signInFirstPage);
  });

  it('takes only the hint as the app sets it, not a cookie of another name or value', async () => {
    for (const cookie of [`x${hint}`, `${signedInHintCookie}=0`, `${signedInHintCookie}=`]) {
      const response = await app.inject({ url: '/lans/upcoming', headers: { cookie } });
      expect(response.body).toBe(signInFirstPage);
    }
  });

  it('sends either page compressed, varying on the encoding too', async () => {
    const response = await app.inject({
      url: '/lans/upcoming',
      headers: { 'accept-encoding': 'br', cookie: hint },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appPage);
  });
});
