import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { BackupError } from './backup-error.ts';
import { createDatabase } from './database.ts';

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/**
 * Dumps the site's schema with pg_dump in its custom format. pg_dump reads everything in
 * one repeatable-read transaction, so the dump is a consistent snapshot while the site
 * writes. Only the site's schema is dumped, so sites sharing a database stay apart.
 */
export async function backupPostgres(database: PostgresConfig, file: string): Promise<string> {
  const site = await inspectDatabase(database);
  if (!site.hasMigrationTable) {
    throw new BackupError(
      `The schema "${site.schema}" holds no Lanparty database, so nothing to back up. Is DATABASE_SCHEMA right?`,
    );
  }
  const toolMajor = await readToolMajorVersion('pg_dump', site.serverMajor);
  if (toolMajor < site.serverMajor) {
    throw new BackupError(
      `pg_dump ${toolMajor} cannot back up a PostgreSQL ${site.serverMajor} server: its major ` +
        `version must be at least the server's. Install postgresql-client-${site.serverMajor} ` +
        '(or newer; from apt.postgresql.org when your system has no such package).',
    );
  }
  const connection = toolConnectionOf(database.url);
  await runTool(
    'pg_dump',
    [
      '--format=custom',
      `--schema=${quoteIdentifier(site.schema)}`,
      `--file=${file}`,
      `--dbname=${connection.dbname}`,
    ],
    connection.env,
    site.serverMajor,
  );
  return `schema "${site.schema}" on ${describeServer(database.url)}`;
}

/**
 * Restores a pg_dump archive of a Lanparty schema into the site's schema, which must hold
 * no tables. The whole restore is one transaction: it lands completely or not at all.
 */
export async function restorePostgres(database: PostgresConfig, file: string): Promise<string> {
  const site = await inspectDatabase(database);
  const listing = await runTool('pg_restore', ['--list', file], {}, site.serverMajor);
  const backupSchema = findMigrationTableSchema(listing);
  if (!backupSchema) {
    throw new BackupError(
      `${file} is not a Lanparty backup: it has no ${DEFAULT_MIGRATION_TABLE} table.`,
    );
  }
  // pg_dump names every object with its schema, so a backup goes back into the schema it
  // came from; renaming it on the way would mean rewriting the dump.
  if (backupSchema !== site.schema) {
    throw new BackupError(
      `${file} holds the schema "${backupSchema}", but this site uses "${site.schema}". Set ` +
        `DATABASE_SCHEMA=${backupSchema} to restore it. Nothing was changed.`,
    );
  }
  if (site.tableCount > 0) {
    throw new BackupError(
      `The schema "${site.schema}" on ${describeServer(database.url)} already has ` +
        `${site.tableCount} tables. Restore only into an empty schema: stop the site, then use a ` +
        `new database or drop the schema (drop schema "${site.schema}" cascade) once you are sure ` +
        'it may go. Nothing was changed.',
    );
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'lanparty-restore-'));
  try {
    // An existing empty schema (public, or one made for the site) is kept as it is, with
    // its owner and grants; the archive would otherwise fail creating it again.
    const listFile = path.join(folder, 'restore.list');
    writeFileSync(listFile, site.hasSchema ? withoutSchemaEntries(listing, site.schema) : listing);
    const connection = toolConnectionOf(database.url);
    await runTool(
      'pg_restore',
      [
        '--exit-on-error',
        '--single-transaction',
        // The site's own user owns what it restores, as it owns what migrations create.
        '--no-owner',
        '--no-privileges',
        `--use-list=${listFile}`,
        `--dbname=${connection.dbname}`,
        file,
      ],
      connection.env,
      site.serverMajor,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return `schema "${site.schema}" on ${describeServer(database.url)}`;
}

type SiteDatabase = {
  schema: string;
  serverMajor: number;
  hasSchema: boolean;
  tableCount: number;
  hasMigrationTable: boolean;
};

/** What backup and restore need to know of the site's schema, asked as the site asks. */
async function inspectDatabase(database: PostgresConfig): Promise<SiteDatabase> {
  const db = createDatabase(database);
  try {
    const { rows: settings } = await sql<{ schema: string | null; version: string }>`
      select current_schema() as schema, current_setting('server_version_num') as version
    `.execute(db);
    const schema = database.schema ?? settings[0]?.schema;
    if (!schema) throw new BackupError('The database has no schema to use: set DATABASE_SCHEMA.');
    const { rows: facts } = await sql<{
      has_schema: boolean;
      table_count: string;
      has_migration_table: boolean;
    }>`
      select
        exists (select 1 from pg_namespace where nspname = ${schema}) as has_schema,
        (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind in ('r', 'p')) as table_count,
        exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relname = ${DEFAULT_MIGRATION_TABLE}
            and c.relkind = 'r') as has_migration_table
    `.execute(db);
    return {
      schema,
      serverMajor: Math.floor(Number(settings[0]?.version) / 10000),
      hasSchema: facts[0]?.has_schema ?? false,
      tableCount: Number(facts[0]?.table_count ?? 0),
      hasMigrationTable: facts[0]?.has_migration_table ?? false,
    };
  } finally {
    await db.destroy();
  }
}

/** A table of contents line reads `217; 1259 17070 TABLE <schema> <name> <owner>`. */
function findMigrationTableSchema(listing: string): string | undefined {
  const pattern = new RegExp(`^\\d+; \\d+ \\d+ TABLE (\\S+) ${DEFAULT_MIGRATION_TABLE} `, 'm');
  return pattern.exec(listing)?.[1];
}

/** Comments out the schema's own creation and comment; pg_restore skips `;` lines. */
function withoutSchemaEntries(listing: string, schema: string): string {
  const name = schema.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entry = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA -|COMMENT - SCHEMA) ${name} `);
  return listing
    .split('\n')
    .map((line) => (entry.test(line) ? `;${line}` : line))
    .join('\n');
}

async function readToolMajorVersion(tool: string, serverMajor: number): Promise<number> {
  const version = await runTool(tool, ['--version'], {}, serverMajor);
  const major = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
  // A build that words its version differently is given the benefit of the doubt.
  return major ? Number(major) : Number.POSITIVE_INFINITY;
}

/**
 * Runs a PostgreSQL client tool; resolves with its output. A missing tool is explained
 * with how to install it; a failing one with what it printed.
 */
function runTool(
  tool: string,
  args: string[],
  env: Record<string, string>,
  serverMajor: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' ? new BackupError(describeMissingTool(tool, serverMajor)) : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${tool} failed (exit code ${code}):\n${errors.trim()}`));
    });
  });
}

function describeMissingTool(tool: string, serverMajor: number): string {
  return (
    `${tool} was not found. A PostgreSQL site is backed up and restored with PostgreSQL's ` +
    'client tools: install them (Debian, Ubuntu: apt-get install postgresql-client), in a ' +
    `major version at least the server's (${serverMajor}).`
  );
}

/**
 * The tools get the address without its password, which goes through PGPASSWORD instead:
 * a command line can be read by every user of the machine (ps).
 */
function toolConnectionOf(url: string): { dbname: string; env: Record<string, string> } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return { dbname: address.href, env: password ? { PGPASSWORD: password } : {} };
}

/** Where the database is, for messages: host and database name, never the credentials. */
function describeServer(url: string): string {
  const address = new URL(url);
  return `${address.host}${address.pathname}`;
}

/** pg_dump reads --schema as a pattern; quoted, the name is taken literally. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
