import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import type { Config } from '../config.ts';
import { BackupError } from './backup-error.ts';
import { migrations } from './migrations/index.ts';
import { backupPostgres, restorePostgres } from './postgres-backup.ts';

export { BackupError } from './backup-error.ts';

export type BackupEngine = 'sqlite' | 'postgres';

export type BackupResult = { engine: BackupEngine; file: string; bytes: number; source: string };

export type RestoreResult = { engine: BackupEngine; file: string; target: string };

/**
 * Writes a consistent copy of the site's database to `file` while the site keeps running.
 * SQLite backups are SQLite files, PostgreSQL ones pg_dump custom archives: their first
 * bytes tell restore which engine made them. An existing file is only replaced with
 * `canOverwrite`, and a half-written backup never stands under the final name.
 */
export async function backupDatabase(
  config: Config,
  file: string,
  options: { canOverwrite?: boolean } = {},
): Promise<BackupResult> {
  const target = path.resolve(file);
  const canOverwrite = options.canOverwrite ?? false;
  if (!canOverwrite && existsSync(target)) {
    throw new BackupError(
      `${target} already exists: choose another file, or add --force to replace it.`,
    );
  }
  const { database } = config;
  // With --force, a slip of the finger would otherwise replace the live database itself.
  if (database.kind === 'sqlite' && sqliteFilesOf(database.file).includes(target)) {
    throw new BackupError(`${target} is the site's own database: choose another file.`);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = temporaryPathBeside(target);
  try {
    const source =
      database.kind === 'sqlite'
        ? await backupSqlite(database.file, temporary)
        : await backupPostgres(database, temporary);
    syncFile(temporary);
    moveIntoPlace(temporary, target, canOverwrite);
    return { engine: database.kind, file: target, bytes: statSync(target).size, source };
  } finally {
    removeSqliteFiles(temporary);
  }
}

/**
 * Puts a backup back into an empty data folder (SQLite) or an empty schema (PostgreSQL).
 * Refuses, changing nothing, when the target already holds a database, when the backup is
 * of the other engine, or when it is not a sound Lanparty backup.
 */
export async function restoreDatabase(config: Config, file: string): Promise<RestoreResult> {
  const backupFile = path.resolve(file);
  const engine = readBackupEngine(backupFile);
  const { database } = config;
  if (engine !== database.kind) throw new BackupError(describeEngineMismatch(backupFile, engine));
  const target =
    database.kind === 'sqlite'
      ? restoreSqlite(database.file, backupFile)
      : await restorePostgres(database, backupFile);
  return { engine, file: backupFile, target };
}

const sqliteMagic = Buffer.from('SQLite format 3\0', 'latin1');
const pgDumpMagic = Buffer.from('PGDMP', 'latin1');

/** Which engine wrote a backup, from its first bytes. */
export function readBackupEngine(file: string): BackupEngine {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const head = Buffer.alloc(sqliteMagic.length);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head.equals(sqliteMagic)) return 'sqlite';
  if (head.subarray(0, pgDumpMagic.length).equals(pgDumpMagic)) return 'postgres';
  throw new BackupError(
    `${file} is not a Lanparty backup: it is neither a SQLite database nor a pg_dump archive.`,
  );
}

function describeEngineMismatch(file: string, engine: BackupEngine): string {
  return engine === 'postgres'
    ? `${file} is a PostgreSQL backup (pg_dump), but this site uses SQLite (DATABASE_URL is unset). ` +
        'Set DATABASE_URL to restore it into PostgreSQL. Nothing was changed.'
    : `${file} is a SQLite backup, but this site uses PostgreSQL (DATABASE_URL is set). ` +
        'Unset DATABASE_URL to restore it into the data folder. Nothing was changed.';
}

/**
 * More pages than any database has, so the whole copy is one step under one read
 * transaction: a snapshot the site's writes (WAL) never disturb. In smaller steps, every
 * write from the site restarts the copy, which under steady writes might never finish.
 */
const allPagesInOneStep = 2 ** 31 - 1;

async function backupSqlite(databaseFile: string, temporary: string): Promise<string> {
  if (!existsSync(databaseFile)) {
    throw new BackupError(
      `There is no database at ${databaseFile}, so nothing to back up. Is LANPARTY_DATA_DIR right?`,
    );
  }
  const source = new DatabaseSync(databaseFile, { timeout: 5000 });
  try {
    await backup(source, temporary, { rate: allPagesInOneStep });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(temporary);
  try {
    checkLanpartySqlite(copy, databaseFile);
    // The copy keeps the site's WAL mode; a rollback journal makes it one self-contained
    // file that opens read-only anywhere. The site turns WAL back on when it opens it.
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return databaseFile;
}

function restoreSqlite(databaseFile: string, backupFile: string): string {
  // A stray -wal file would be replayed into the restored database, so it counts too.
  const existing = sqliteFilesOf(databaseFile).filter((file) => existsSync(file));
  if (existing.length > 0) {
    throw new BackupError(
      `The data folder already has a database (${existing.join(', ')}). Restore only into a ` +
        'data folder without one: stop the site and move these files away first. Nothing was changed.',
    );
  }
  mkdirSync(path.dirname(databaseFile), { recursive: true });
  // Checked and synced beside its final place, then moved in at once: the site never
  // finds a half-copied or unchecked database, and the backup file itself is never opened
  // for writing.
  const temporary = temporaryPathBeside(databaseFile);
  try {
    copyFileSync(backupFile, temporary);
    verifySqliteBackup(temporary, backupFile);
    syncFile(temporary);
    moveIntoPlace(temporary, databaseFile, false);
  } finally {
    removeSqliteFiles(temporary);
  }
  return databaseFile;
}

function verifySqliteBackup(copyFile: string, backupFile: string): void {
  let copy: DatabaseSync | undefined;
  try {
    copy = new DatabaseSync(copyFile);
    const results = copy.prepare('PRAGMA integrity_check').all();
    const problems = results.map((row) => String(row.integrity_check)).filter((r) => r !== 'ok');
    if (problems.length > 0) {
      throw new BackupError(
        `${backupFile} is damaged (integrity check: ${problems.slice(0, 5).join('; ')}). Nothing was restored.`,
      );
    }
    checkLanpartySqlite(copy, backupFile);
    checkMigrationsKnown(copy, backupFile);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `${backupFile} cannot be read as a database (${reason}). Nothing was restored.`,
    );
  } finally {
    copy?.close();
  }
}

/** A Lanparty database has Kysely's migration table. */
function checkLanpartySqlite(database: DatabaseSync, file: string): void {
  const table = database
    .prepare("select name from sqlite_master where type = 'table' and name = ?")
    .get(DEFAULT_MIGRATION_TABLE);
  if (!table) {
    throw new BackupError(
      `${file} is not a Lanparty database: it has no ${DEFAULT_MIGRATION_TABLE} table.`,
    );
  }
}

/** A database a newer version migrated would not start here; better to say so now. */
function checkMigrationsKnown(database: DatabaseSync, file: string): void {
  const applied = database.prepare(`select name from ${DEFAULT_MIGRATION_TABLE}`).all();
  const unknown = applied
    .map((row) => String(row.name))
    .filter((name) => !Object.hasOwn(migrations, name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} was made by a newer Lanparty version (migrations ${unknown.join(', ')} are unknown ` +
        'to this one): restore it with that version. Nothing was restored.',
    );
  }
}

/** A name in the same folder, so the final rename stays on one file system. */
function temporaryPathBeside(file: string): string {
  return `${file}.partial-${randomBytes(4).toString('hex')}`;
}

/**
 * Moves a finished file to its name in one step. Without overwriting, a hard link claims
 * the name only when it is still free, so a file that appeared meanwhile is never replaced.
 */
function moveIntoPlace(temporary: string, target: string, canOverwrite: boolean): void {
  if (canOverwrite) {
    renameSync(temporary, target);
  } else {
    try {
      linkSync(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${target} appeared while we worked; it was left as it is.`);
      }
      throw error;
    }
    rmSync(temporary);
  }
  syncFolder(path.dirname(target));
}

function syncFile(file: string): void {
  const descriptor = openSync(file, 'r+');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Makes the new name itself survive a power cut; not every platform can sync a folder. */
function syncFolder(folder: string): void {
  try {
    const descriptor = openSync(folder, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    // Windows cannot open a folder for syncing; the rename itself still happened.
  }
}

/** A SQLite database is its file and the journals SQLite keeps beside it. */
function sqliteFilesOf(file: string): string[] {
  return ['', '-wal', '-shm', '-journal'].map((suffix) => `${file}${suffix}`);
}

function removeSqliteFiles(file: string): void {
  for (const part of sqliteFilesOf(file)) rmSync(part, { force: true });
}
