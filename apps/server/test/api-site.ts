import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { AppDatabase } from '../src/db/database.ts';
import { createDatabase } from '../src/db/database.ts';
import { type FakeIssuer, startFakeIssuer } from './fake-issuer.ts';
import { createTestSite, type Engine, type TestSite } from './test-database.ts';

export type ApiSite = TestSite & {
  app: FastifyInstance;
  db: AppDatabase;
  issuer: FakeIssuer;
  close: () => Promise<void>;
};

/**
 * A site whose identity provider is an independent test issuer, so tests mint tokens
 * for any user; background jobs are off unless asked for.
 */
export async function startApiSite(
  engine: Engine,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'clock' | 'logStream'> = {},
): Promise<ApiSite> {
  const issuer = await startFakeIssuer();
  const site = await createTestSite(engine, {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'lanparty-web',
    OIDC_AUDIENCE: 'lanparty-api',
    // Chat on, so announcements are queued; jobs are off, so nothing is ever posted.
    DISCORD_WEBHOOK_URL: 'http://127.0.0.1:9/webhook',
    // Tests set up their data as one administrator, far faster than a person clicks; the
    // write limit's own tests (limits/write-limits.test.ts) ask for the default.
    WRITES_PER_MINUTE: '100000',
    ...env,
  });
  const db = createDatabase(site.config.database);
  const app = await buildApp(site.config, { db, isRunningJobs: false, ...options });
  await app.ready();
  return {
    ...site,
    app,
    db,
    issuer,
    async close() {
      await app.close();
      await db.destroy();
      await issuer.close();
      await site.cleanUp();
    },
  };
}
