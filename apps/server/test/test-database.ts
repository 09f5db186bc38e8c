import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../src/config.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../src/db/database.ts';
import { type DatabaseTemplates, databaseUrl, onPostgresServer } from './database-templates.ts';

export type Engine = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The engines every database test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Use with `describe.each(testEngines)`.
 */
export const testEngines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestSite = { config: Config; dataDir: string; cleanUp: () => Promise<void> };

export type TestSiteOptions = {
  /**
   * `migrated` (the default in a test run): a copy of the run's migrated template, so the
   * site's own migration finds nothing to do; `empty`: no tables at all, for the tests of
   * the migrations themselves and one start from empty per engine.
   */
  from?: 'migrated' | 'empty';
};

/**
 * A fresh configuration per test: its own data folder and, on PostgreSQL, its own
 * database (a copy of the template, or empty with the site's schema to make), so test files run in
 * parallel without seeing each other's rows.
 */
export async function createTestSite(
  engine: Engine,
  env: Record<string, string> = {},
  { from = 'migrated' }: TestSiteOptions = {},
): Promise<TestSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-test-'));
  const templates = from === 'migrated' ? await runTemplates() : undefined;
  const database = await placeDatabase(engine, dataDir, templates);
  const config = loadConfig({
    LANPARTY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LANPARTY_WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...database.env,
    ...env,
  });
  return {
    config,
    dataDir,
    async cleanUp() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.remove();
    },
  };
}

/**
 * Where a test site's data lives: SQLite in its data folder (the template copied in), or
 * on PostgreSQL a database of its own: a copy of the template, or empty.
 */
async function placeDatabase(
  engine: Engine,
  dataDir: string,
  templates: DatabaseTemplates | undefined,
): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const nothingToRemove = async () => {};
  if (engine === 'sqlite') {
    if (templates) copyFileSync(templates.sqliteFile, path.join(dataDir, 'lanparty.sqlite'));
    return { env: {}, remove: nothingToRemove };
  }
  if (!postgresUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const adminUrl = postgresUrl;
  const name = `test_${randomBytes(6).toString('hex')}`;
  // A database of its own also from empty, with the site's schema in it: Kysely's migrator
  // looks over every schema of the database it migrates, and one that a test file running
  // beside it drops meanwhile failed that look ("schema … does not exist").
  await onPostgresServer(
    adminUrl,
    templates?.postgresDatabase
      ? `create database "${name}" template "${templates.postgresDatabase}"`
      : `create database "${name}"`,
    // A test's commits need not wait for the disk (about 5 ms each here): nothing
    // outlives the test, and a crash of the database is not what the tests simulate.
    `alter database "${name}" set synchronous_commit = off`,
  );
  return {
    env: {
      DATABASE_URL: databaseUrl(adminUrl, name),
      DATABASE_SCHEMA: templates?.postgresDatabase ? templates.postgresSchema : name,
    },
    // Without force: forcing would end connections a closed site's pool still holds, as
    // unhandled errors in the test. A database still in use is left behind (nothing drops
    // it later): harmless on CI's fresh machine, `test_…` databases to drop by hand elsewhere.
    remove: () => onPostgresServer(adminUrl, `drop database if exists "${name}"`).catch(() => {}),
  };
}

/** The templates the server project's global setup made; none outside a test run. */
async function runTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('databaseTemplates');
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
