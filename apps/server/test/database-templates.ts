import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createDatabase, migrateToLatest } from '../src/db/database.ts';

/**
 * Migrated databases to copy, made once per test run and engine, so a test site starts
 * from a copy instead of running every migration from empty (seconds on PostgreSQL). The
 * migrations' own tests, and one app start per engine, still start from empty.
 */
export type DatabaseTemplates = {
  /** A migrated SQLite file, copied into each site's data folder. */
  sqliteFile: string;
  /** A migrated PostgreSQL database (undefined without TEST_DATABASE_URL). */
  postgresDatabase?: string;
  /** The schema the site lives in, inside every copy of the template database. */
  postgresSchema: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated databases test sites copy, made by the server project's global setup. */
    databaseTemplates: DatabaseTemplates;
  }
}

/** The schema of every copied database: the same in each, as the triggers name it. */
export const templateSchema = 'site';

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements, one by one, on the server's maintenance connection (`adminUrl`). */
export async function onPostgresServer(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Makes the templates; `remove` drops them (and the folder of the SQLite one). */
export async function makeDatabaseTemplates(
  postgresUrl: string | undefined,
): Promise<DatabaseTemplates & { remove: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-template-'));
  const sqliteFile = path.join(folder, 'lanparty.sqlite');
  await migrated({ LANPARTY_DATA_DIR: folder });
  let postgresDatabase: string | undefined;
  if (postgresUrl) {
    postgresDatabase = `lanparty_template_${randomBytes(5).toString('hex')}`;
    await onPostgresServer(postgresUrl, `create database "${postgresDatabase}"`);
    await migrated({
      LANPARTY_DATA_DIR: folder,
      DATABASE_URL: databaseUrl(postgresUrl, postgresDatabase),
      DATABASE_SCHEMA: templateSchema,
    });
  }
  return {
    sqliteFile,
    postgresSchema: templateSchema,
    ...(postgresDatabase ? { postgresDatabase } : {}),
    async remove() {
      rmSync(folder, { recursive: true, force: true });
      if (postgresUrl && postgresDatabase)
        await onPostgresServer(postgresUrl, `drop database if exists "${postgresDatabase}"`);
    },
  };
}

async function migrated(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
  } finally {
    await db.destroy();
  }
}
