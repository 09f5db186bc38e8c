import { randomUUID } from 'node:crypto';
import { CURRENT_VERSION } from '@lanparty/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from './db/database.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';

export type AppOptions = {
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  db?: AppDatabase;
};

/**
 * Builds the whole site without listening: tests call `app.inject`, server.ts listens.
 * Read it as the table of contents of the server; everything is registered by hand,
 * in this order.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // People starting the site in a terminal read lines; log collectors read JSON.
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
    genReqId: () => randomUUID(),
    // Uploads (banners, avatars) are at most 5 MB; JSON bodies are far smaller.
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = options.db ?? createDatabase(config.database);
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  try {
    const applied = await migrateToLatest(db, databaseSchemaOf(config));
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    // Nothing half-started: a site that cannot migrate does not serve.
    await app.close();
    throw error;
  }

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicUrl);
  await registerOpenApi(app, CURRENT_VERSION);

  await app.register(healthRoutes(db));

  await registerWebApp(app, config.webDistDir);
  return app;
}
