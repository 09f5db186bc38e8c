import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { type AppDatabase, databaseDialect } from '../../src/db/database.ts';
import type { Pools } from './symbols.ts';

/**
 * Everything a request could have changed: every table's rows (the tables are read
 * from the catalog, so a table added by a migration is covered the day it lands), and
 * the files in the data folder (uploads are kept there).
 */
export type Snapshot = Map<string, TableState>;

type TableState = { hash: string; rows: Array<Record<string, unknown>>; keys: string[] };

/**
 * Tables a refused request may still change, and why. Nothing else may differ.
 * `oidc_records` is not here: the API's site signs in through an external issuer, so
 * nothing writes it (the sign-in's site allows it, see sign-in.ts); `users` is not here:
 * every caller is signed in before the run, so no first call creates a row during it.
 */
export const tablesAllowedToChange: ReadonlyMap<string, string> = new Map([
  ['attempt_counters', 'a refused attempt is still counted: that is how a rate limit works'],
]);

const tableNames = new WeakMap<AppDatabase, string[]>();

async function listTables(db: AppDatabase): Promise<string[]> {
  const known = tableNames.get(db);
  if (known) return known;
  const query =
    databaseDialect(db) === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  const names = (await query.execute(db)).rows.map((row) => row.name).sort();
  tableNames.set(db, names);
  return names;
}

/** A value as text that is the same for the same content (bytes hashed, dates as ISO). */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array)
    return `bytes:${createHash('sha256').update(value).digest('hex')}`;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function rowKey(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((column) => [column, canonical(row[column])]),
  );
}

function summarise(rows: Array<Record<string, unknown>>): TableState {
  const keys = rows.map(rowKey).sort();
  return { hash: createHash('sha256').update(keys.join('\n')).digest('hex'), rows, keys };
}

/** The files under the data folder, but the SQLite database (which changes on any write). */
async function listFiles(dataDir: string): Promise<Array<Record<string, unknown>>> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: Array<Record<string, unknown>> = [];
  for (const entry of entries) {
    if (!entry.isFile() || /\.(db|sqlite)(-wal|-shm|-journal)?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stats = await stat(file).catch(() => undefined);
    if (stats)
      files.push({ file: path.relative(dataDir, file), size: stats.size, modified: stats.mtimeMs });
  }
  return files;
}

export async function takeSnapshot(db: AppDatabase, dataDir: string): Promise<Snapshot> {
  const tables = await listTables(db);
  const [files, ...contents] = await Promise.all([
    listFiles(dataDir),
    ...tables.map(
      async (table) =>
        (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows,
    ),
  ]);
  const snapshot: Snapshot = new Map(
    tables.map((table, index) => [table, summarise(contents[index] ?? [])]),
  );
  snapshot.set('(files in the data folder)', summarise(files));
  return snapshot;
}

/** What differs between two snapshots, but for the tables allowed to change; [] when nothing. */
export function describeChanges(
  before: Snapshot,
  after: Snapshot,
  allowed: ReadonlyMap<string, string> = tablesAllowedToChange,
): string[] {
  const changes: string[] = [];
  for (const [table, state] of after) {
    const earlier = before.get(table);
    if (allowed.has(table) || earlier?.hash === state.hash) continue;
    const previous = new Set(earlier?.keys ?? []);
    const current = new Set(state.keys);
    const added = state.keys.filter((key) => !previous.has(key));
    const removed = (earlier?.keys ?? []).filter((key) => !current.has(key));
    const show = (keys: string[]) =>
      keys.slice(0, 3).map((key) => (key.length > 400 ? `${key.slice(0, 400)}…` : key));
    changes.push(
      `${table}: ${added.length} row(s) added, ${removed.length} removed (a changed row is both)` +
        show(removed)
          .map((key) => `\n    - ${key}`)
          .join('') +
        show(added)
          .map((key) => `\n    + ${key}`)
          .join(''),
    );
  }
  return changes;
}

const verificationLink = /email-verification\/([A-Za-z0-9_-]+)/g;

/** The real values requests are resolved against: the ids and addresses that exist now. */
export function poolsOf(snapshot: Snapshot): Pools {
  const rows = (table: string) => snapshot.get(table)?.rows ?? [];
  const column = (table: string, name: string) =>
    rows(table)
      .map((row) => row[name])
      .filter((value): value is string | number => value !== null && value !== undefined)
      .sort((a, b) => Number(a) - Number(b));
  const years = new Set([
    new Date().getUTCFullYear(),
    ...column('playtimes', 'play_day').map((day) => Number(String(day).slice(0, 4))),
  ]);
  const codes = rows('outbox').flatMap((row) =>
    [...String(row.payload).matchAll(verificationLink)].map((match) => match[1] as string),
  );
  return {
    lan: column('lans', 'id').map(Number),
    user: column('users', 'id').map(Number),
    subscriber: column('subscribers', 'id').map(Number),
    game: column('games', 'id').map(Number),
    year: [...years].sort(),
    email: column('users', 'email').map(String).sort(),
    code: codes,
  };
}
