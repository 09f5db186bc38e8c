import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; this adapts Node's
 * built-in `node:sqlite` to it, so the embedded database needs no native build.
 * See docs/decisions/002-sqlite-driver.md.
 */
export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: async () => openNodeSqlite(file) });
}

export function openNodeSqlite(file: string): SqliteDatabase {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers run beside the single writer; NORMAL sync is safe with WAL.
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...toSqliteValues(parameters)),
        run: (parameters) => statement.run(...toSqliteValues(parameters)),
        iterate: (parameters) => statement.iterate(...toSqliteValues(parameters)),
      };
    },
  };
}

/** node:sqlite binds only null, numbers, bigints, strings and bytes. */
function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
      return value;
    }
    if (value instanceof Uint8Array) return value;
    throw new TypeError(`Cannot bind a ${typeof value} to a SQLite parameter`);
  });
}
