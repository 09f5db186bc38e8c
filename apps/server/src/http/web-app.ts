import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  isAccountErasedPath,
  isAppPath,
  isScreenPath,
  signedInHintCookie,
} from '@lanparty/contract/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problems.ts';

const oneYearImmutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app. Vite puts content-hashed files under /assets/,
 * which never change and are cached for a year; index.html is revalidated every
 * time so a new release is picked up at once. Paths that are not files and not
 * /api get index.html, so client routes survive a reload: with 200 for the app's own
 * addresses (`appPaths`, the list the web app's routes are checked against), 404 for any
 * other, where the app says "Page not found".
 *
 * A browser without the signed-in hint (`signedInHintCookie`, which the app sets while it
 * keeps a session) gets `sign-in-first.html` instead, when the build has it: the same page
 * with a small script that sends a visitor who is not signed in to the sign-in form before
 * the app downloads (apps/web/src/boot/sign-in-first.ts). The hint chooses a script, never
 * what anyone may see: a wrong one costs a download.
 *
 * The app's pages come with a `Link` header preloading `preloads`: what the app fetches
 * before anything else (the identity settings, the issuer's discovery document), so a phone
 * fetches them while it downloads the script rather than one after the other. A screen's
 * page signs nobody in and gets none of them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  { preloads = [] }: { preloads?: readonly string[] } = {},
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasSignInFirst = existsSync(path.join(webDistDir, signInFirstPage));
  const link = preloads.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`);
  const pageHeaders = {
    'cache-control': 'no-cache',
    ...(link.length ? { link: link.join(', ') } : {}),
    ...(hasSignInFirst ? { vary: 'Cookie' } : {}),
  };
  // A screen's page and the erased account's sign nobody in: none of the app's preloads.
  const standaloneHeaders = { 'cache-control': 'no-cache' };
  const headersOf = (page: string) =>
    page === screenPage || page === accountErasedPage ? standaloneHeaders : pageHeaders;
  // A lan's screen signs nobody in: its own page (apps/web/screen-build.ts), never the
  // sign-in form first.
  const pageFor = (request: FastifyRequest, pathname: string) => {
    if (isScreenPath(pathname)) return screenPage;
    // The erased account's page is for someone just signed out: a page of its own too.
    if (isAccountErasedPath(pathname)) return accountErasedPage;
    return hasSignInFirst && !hasSignedInHint(request.headers.cookie)
      ? signInFirstPage
      : 'index.html';
  };
  const isBuilt = existsSync(indexFile);
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // `/` is a page like any other: the handler below chooses which.
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/compress-build.ts): sent as the
      // browser accepts, nothing is compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const file = path.relative(webDistDir, filePath);
        if (
          file === 'index.html' ||
          file === signInFirstPage ||
          file === screenPage ||
          file === accountErasedPage
        )
          reply.headers(headersOf(file));
        else
          reply.header(
            'cache-control',
            file.startsWith(`assets${path.sep}`) ? oneYearImmutable : 'no-cache',
          );
      },
    });
  } else {
    app.log.warn(
      { webDistDir },
      'web app is not built; only the API is served (run npm run build)',
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage || !isBuilt || path.extname(pathname) !== '') {
      return sendProblem(reply, problem(404, `There is no ${request.method} ${pathname}.`));
    }
    const page = pageFor(request, pathname);
    return reply
      .code(isAppPath(pathname) ? 200 : 404)
      .headers(headersOf(page))
      .sendFile(page);
  });
}

/** The page for a browser that keeps no session (apps/web/sign-in-first-build.ts). */
const signInFirstPage = 'sign-in-first.html';

/** The page of a lan's screen, /screen/{token} (apps/web/screen-build.ts). */
const screenPage = 'screen.html';

/** The erased account's page, /account-erased (apps/web/screen-build.ts, issue 51). */
const accountErasedPage = 'account-erased.html';

function hasSignedInHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((cookie) => {
    const [name, value] = cookie.split('=').map((part) => part.trim());
    return name === signedInHintCookie && value === '1';
  });
}
