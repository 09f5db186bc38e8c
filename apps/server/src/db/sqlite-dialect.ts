import {
  DatabaseSync,
  type SQLInputValue,
  type SQLOutputValue,
  type StatementSync,
} from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; this adapts Node's
 * built-in `node:sqlite` to it, so the embedded database needs no native build.
 * See docs/decisions/002-sqlite-driver.md.
 */
export function createNodeSqliteDialect(file: string): NodeSqlite {
  let opened: DatabaseSync | undefined;
  const statements = new Map<string, StatementSync>();
  return {
    dialect: new SqliteDialect({
      database: async () => {
        const database = openDatabase(file);
        opened = database;
        return adaptForKysely(database);
      },
    }),
    readNow(sql) {
      if (!opened?.isOpen || opened.isTransaction) return undefined;
      let statement = statements.get(sql);
      if (!statement) {
        statement = opened.prepare(sql);
        statements.set(sql, statement);
      }
      return statement.all();
    },
  };
}

/** The dialect, and a way around Kysely for a read that must cost as little as possible. */
export type NodeSqlite = {
  dialect: SqliteDialect;
  /**
   * The rows of a query without parameters, read at once on Kysely's connection — undefined
   * before Kysely opened it and while a transaction is open on it: its uncommitted writes
   * would show, and a transaction can still roll back. node:sqlite runs each statement to
   * its end before anything else runs, so outside a transaction this sees what is committed.
   */
  readNow(sql: string): Record<string, SQLOutputValue>[] | undefined;
};

function openDatabase(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers run beside the single writer; NORMAL sync is safe with WAL.
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  return database;
}

function adaptForKysely(database: DatabaseSync): SqliteDatabase {
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
