import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config, DatabaseConfig } from '../config.ts';
import { type DialectName, dialectOf } from './columns.ts';
import { lookAtVersionsDirectly } from './data-versions.ts';
import type { AppDatabase } from './executor.ts';
import { migrations } from './migrations/index.ts';
import { withNamedStatements } from './postgres-statements.ts';
import type { Database } from './schema.ts';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';

export type { AppDatabase };

/** One entry point for both engines: SQLite for the embedded default, PostgreSQL to scale. */
export function createDatabase(config: DatabaseConfig): AppDatabase {
  if (config.kind === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = createNodeSqliteDialect(config.file);
    const db = new Kysely<Database>({ dialect: sqlite.dialect });
    lookAtVersionsDirectly(db, sqlite.readNow);
    return db;
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    options: [
      // A named statement is planned once per connection (withNamedStatements), not on
      // each of its first five runs as PostgreSQL's default does: in the second seat
      // picking opens, twenty connections planning each pick's statements five times
      // took a third of the database's time (decision 042). Our statements look rows up
      // by id and key, where the generic plan is the plan.
      '-c plan_cache_mode=force_generic_plan',
      // A schema of our own lets several sites (or test files) share one database.
      ...(config.schema ? [`-c search_path=${config.schema}`] : []),
    ].join(' '),
  });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
  });
}

export function databaseDialect(db: AppDatabase): DialectName {
  return dialectOf(db as Kysely<unknown>);
}

/** The PostgreSQL schema the site lives in, when one is configured. */
export function databaseSchemaOf(config: Config): string | undefined {
  return config.database.kind === 'postgres' ? config.database.schema : undefined;
}

/**
 * Brings the schema up to date; safe to run on every start, also on several servers at
 * once. Kysely's Migrator creates the schema when missing (surviving two servers creating
 * it together, which a bare `create schema if not exists` does not on PostgreSQL), and
 * migrates under an advisory lock, reading what is applied only once it holds the lock.
 */
export async function migrateToLatest(db: AppDatabase, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** The health check's question: does the database answer? */
export async function pingDatabase(db: AppDatabase): Promise<void> {
  await sql`select 1`.execute(db);
}
