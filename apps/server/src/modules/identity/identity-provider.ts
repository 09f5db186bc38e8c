import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { NulCharacterError } from '../../http/text-guard.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { registerInteractionRoutes } from './interaction.routes.ts';
import type { PageAssets } from './page-layout.ts';
import { signInPagePolicy } from './page-security.ts';
import { createProviderConfiguration, webClientOrigins } from './provider-configuration.ts';
import { renderMessagePage } from './sign-in-pages.ts';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from './signing-keys.ts';

/** Where the provider's routes live on this server (a proxy may add a prefix in front). */
const routePrefix = '/oidc';

const genericFailure = 'The sign-in could not continue. Please go back to the site and try again.';
export const nulCharacterMessage =
  'The address or form held a character that is not allowed (NUL). Please go back to the site and try again.';

/**
 * What a sign-in page says about an error that is the client's doing (a 4xx), or
 * undefined for our own fault (a 500). Our problems carry their status as `status`,
 * Fastify's errors (body too large, malformed JSON, wrong media type) as `statusCode`.
 */
export function clientRefusalOf(
  error: Error & { statusCode?: number },
): { status: number; message: string } | undefined {
  if (error instanceof NulCharacterError) return { status: 400, message: nulCharacterMessage };
  const status = error instanceof ProblemError ? error.status : error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  // Our problems are written for the client; Fastify's messages name its internals.
  return { status, message: error instanceof ProblemError ? error.message : genericFailure };
}

function errorCodeOf(error: Error): string | undefined {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

const assetTypes: Record<string, string> = {
  'sign-in.css': 'text/css; charset=utf-8',
  'sign-out.js': 'text/javascript; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

async function loadAssets(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(assetTypes)) {
    const file = await readFile(new URL(`./assets/${name}`, import.meta.url));
    files.set(name, name.endsWith('.css') ? Buffer.from(compactStylesheet(String(file))) : file);
  }
  return files;
}

/**
 * The stylesheet as sent: without its comments and the whitespace around rules and
 * declarations (a fifth less on the way to the sign-in form, which a visitor who is not
 * signed in loads first). Whitespace inside a declaration's value is kept, one space.
 */
export function compactStylesheet(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .trim();
}

/**
 * Mounts the embedded OpenID Connect provider (panva's oidc-provider) under /oidc, with
 * our own sign-in pages, so the site needs no external identity service. Its issuer is
 * `config.identity.issuer` (PUBLIC_URL + /oidc). Call once, from buildApp, when
 * `config.identity.kind === 'embedded'`.
 */
export async function registerEmbeddedIdentityProvider(
  app: FastifyInstance,
  deps: { config: Config; db: AppDatabase },
): Promise<void> {
  const { config, db } = deps;
  const issuerUrl = new URL(config.identity.issuer);
  const basePath = issuerUrl.pathname.replace(/\/+$/, '');
  const [signingKeys, cookieKeys, assetFiles] = await Promise.all([
    loadOrCreateSigningKeys({ db, dataDir: config.dataDir }),
    loadOrCreateCookieKeys({ db, dataDir: config.dataDir }),
    loadAssets(),
  ]);
  const version = createHash('sha256')
    .update(Buffer.concat([...assetFiles.values()]))
    .digest('hex')
    .slice(0, 12);
  const assets: PageAssets = { basePath, version };
  const formOrigins = webClientOrigins(config);

  const provider = new Provider(
    config.identity.issuer,
    createProviderConfiguration({ config, db, signingKeys, cookieKeys, assets, basePath }),
  );
  // Every address the provider writes comes from PUBLIC_URL (see handOver), so it must
  // read the forwarded host and protocol we set.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'oidc-provider error'),
  );

  if (config.isDemo) {
    const created = await seedDemoAccounts(db);
    if (created.length > 0) app.log.info({ accounts: created }, 'demo accounts created');
  }

  const callback = provider.callback();
  /**
   * Gives the raw request to oidc-provider before Fastify reads its body (it reads the
   * body itself). It sees itself mounted at the issuer's path, on PUBLIC_URL's host, so
   * a forged Host header cannot change the addresses in its documents and redirects.
   * The client's address is Fastify's judgement, which follows the app's trustProxy.
   */
  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const rest = (raw.url ?? '/').slice(routePrefix.length) || '/';
    raw.originalUrl = `${basePath}${rest}`;
    raw.url = rest;
    raw.headers['x-forwarded-host'] = issuerUrl.host;
    raw.headers['x-forwarded-proto'] = issuerUrl.protocol.replace(':', '');
    raw.headers['x-forwarded-for'] = request.ip;
    void callback(raw, reply.raw);
  };

  await app.register(async (scope) => {
    // Form bodies for our own pages only; the provider's routes never reach a parser.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      await scope.register(formbody, { bodyLimit: 16 * 1024 });
    }
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const refusal = clientRefusalOf(error);
      if (refusal) {
        // The client's mistake (or attack), not ours: noted, not raised as an error.
        request.log.info(
          {
            statusCode: refusal.status,
            reason: error.message,
            code: errorCodeOf(error),
            field: error instanceof NulCharacterError ? error.field : undefined,
          },
          'sign-in request refused',
        );
      } else {
        request.log.error({ err: error }, 'sign-in page failed');
      }
      if (error instanceof ProblemError && error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      const markup = renderMessagePage({
        assets,
        title: 'Sign-in problem',
        heading: refusal ? 'The sign-in could not continue' : 'Something went wrong',
        message: refusal?.message ?? genericFailure,
        link: { href: config.publicUrl.href, text: 'Back to Lanparty' },
      });
      return reply
        .code(refusal?.status ?? 500)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', signInPagePolicy(formOrigins))
        .send(markup);
    });

    scope.get('/oidc/assets/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const content = assetFiles.get(file);
      const type = assetTypes[file];
      if (!content || !type) return reply.callNotFound();
      // Links carry the content's hash, so a new release is fetched at once.
      return reply.type(type).header('cache-control', 'public, max-age=604800').send(content);
    });

    registerInteractionRoutes(scope, { provider, config, db, assets, basePath, formOrigins });

    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${routePrefix}/*`,
      onRequest: async (request, reply) => handOver(request, reply),
      handler: async () => undefined,
    });
  });
}
