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
  // Kysely asks to prepare every query it runs; compiling the same SQL again each time
  // was a quarter of a list request's CPU. Statements are kept, the oldest dropped first.
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const prepared: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...toSqliteValues(parameters)),
        run: (parameters) => statement.run(...toSqliteValues(parameters)),
        // An iterator holds its statement until it is done, so each gets its own.
        iterate: (parameters) => database.prepare(sql).iterate(...toSqliteValues(parameters)),
      };
      if (statements.size >= statementCacheSize) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, prepared);
      return prepared;
    },
  };
}

const statementCacheSize = 500;

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
