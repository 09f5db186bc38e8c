import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../src/config.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../src/db/database.ts';
import { dropSchema } from './drop-schema.ts';

export type Engine = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The engines every database test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Use with `describe.each(testEngines)`.
 */
export const testEngines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestSite = { config: Config; dataDir: string; cleanUp: () => Promise<void> };

/**
 * A fresh configuration per test: its own data folder and, on PostgreSQL, its own
 * schema, so test files run in parallel without seeing each other's rows.
 */
export async function createTestSite(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<TestSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    LANPARTY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LANPARTY_WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...(engine === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  return {
    config,
    dataDir,
    async cleanUp() {
      rmSync(dataDir, { recursive: true, force: true });
      if (postgresUrl && engine === 'postgres') await dropSchema(postgresUrl, schema);
    },
  };
}

/** A migrated database of its own, for tests below the HTTP layer. */
export async function startTestDatabase(
  engine: Engine,
): Promise<{ db: AppDatabase; config: Config; close: () => Promise<void> }> {
  const site = await createTestSite(engine);
  const db = createDatabase(site.config.database);
  await migrateToLatest(db, databaseSchemaOf(site.config));
  return {
    db,
    config: site.config,
    async close() {
      await db.destroy();
      await site.cleanUp();
    },
  };
}
