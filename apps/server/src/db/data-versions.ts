import type { CompiledQuery } from 'kysely';
import type { AppDatabase } from './executor.ts';
import { sharedLooks } from './shared-looks.ts';

/**
 * The groups of tables whose changes the database counts, each raised by triggers:
 * `lans` lans, subscribers, users, their roles and consents, clans, the uploaded images,
 * payment details and settings, the local accounts (0004, 0010, 0040, 0041); `playtime` the
 * playtime, its rollups and the Steam profiles' state (0010, 0041); `seating` seat plans,
 * blocks, seats and swaps (0022, 0041); `news` a lan's schedule, announcements and messages
 * (0028, 0041); `tournaments` tournaments, their entries and members (0041). Equal versions
 * mean nothing in the group changed.
 */
export type DataGroup = 'lans' | 'playtime' | 'seating' | 'news' | 'tournaments';

type VersionRow = { name: string; version: number | string };

// SQLite databases whose versions are read at once, past Kysely (`lookAtVersionsDirectly`).
const directLooks = new WeakMap<AppDatabase, (sql: string) => unknown[] | undefined>();

/**
 * Reads this SQLite database's versions with `readNow`, past Kysely: on SQLite the look is
 * a few microseconds of work in this process, and going through the query builder and its
 * connection's queue was most of an unchanged read's database time. `readNow` answers
 * undefined while a transaction is open; the look then waits its turn through Kysely.
 */
export function lookAtVersionsDirectly(
  db: AppDatabase,
  readNow: (sql: string) => unknown[] | undefined,
): void {
  directLooks.set(db, readNow);
}

// Asked on nearly every request: built once per database rather than by the query builder
// each time (building it cost more than running it).
const everyVersion = new WeakMap<AppDatabase, CompiledQuery<VersionRow>>();

function compiledVersions(db: AppDatabase): CompiledQuery<VersionRow> {
  let compiled = everyVersion.get(db);
  if (!compiled) {
    compiled = db.selectFrom('data_versions').select(['name', 'version']).compile();
    everyVersion.set(db, compiled);
  }
  return compiled;
}

// Where the look is a query (PostgreSQL, and SQLite while a transaction is open), requests
// arriving together share one (sharedLooks): under load one query serves many requests.
const looksAt = new WeakMap<AppDatabase, (key: undefined) => Promise<VersionRow[]>>();

function lookAtVersions(db: AppDatabase): Promise<VersionRow[]> {
  const rows = directLooks.get(db)?.(compiledVersions(db).sql) as VersionRow[] | undefined;
  if (rows) return Promise.resolve(rows);
  let look = looksAt.get(db);
  if (!look) {
    look = sharedLooks(() => db.executeQuery(compiledVersions(db)).then((result) => result.rows));
    looksAt.set(db, look);
  }
  return look(undefined);
}

// What one request has read already: its answers are all checked against the same versions.
const readInScope = new WeakMap<object, Promise<VersionRow[]>>();

/** The version of one group. */
export async function readDataVersion(db: AppDatabase, name: DataGroup): Promise<string> {
  return readDataVersions(db, [name]);
}

/**
 * The versions of the groups as one string (one small query), equal when none changed.
 * With a `scope` (a request), the versions are read once for all that asks within it:
 * reading them at its start serves it no staler than reading them again later would.
 */
export async function readDataVersions(
  db: AppDatabase,
  groups: readonly DataGroup[],
  scope?: object,
): Promise<string> {
  let pending = scope ? readInScope.get(scope) : undefined;
  if (!pending) {
    pending = lookAtVersions(db);
    if (scope) readInScope.set(scope, pending);
  }
  const rows = await pending;
  return groups
    .map((group) => String(rows.find((row) => row.name === group)?.version ?? 0))
    .join('.');
}
