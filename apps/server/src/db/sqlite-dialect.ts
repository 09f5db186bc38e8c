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
  // What `readNow` read in this turn of the event loop, until any statement runs on the
  // connection (see `readNow`).
  let readThisTurn: Map<string, Record<string, SQLOutputValue>[]> | undefined;
  const forget = () => {
    readThisTurn = undefined;
  };
  return {
    dialect: new SqliteDialect({
      database: async () => {
        const database = openDatabase(file);
        opened = database;
        return adaptForKysely(database, forget);
      },
    }),
    readNow(sql) {
      if (!opened?.isOpen || opened.isTransaction) return undefined;
      const known = readThisTurn?.get(sql);
      if (known) return known;
      let statement = statements.get(sql);
      if (!statement) {
        statement = opened.prepare(sql);
        statements.set(sql, statement);
      }
      const rows = statement.all();
      if (!readThisTurn) {
        readThisTurn = new Map();
        setImmediate(forget);
      }
      readThisTurn.set(sql, rows);
      return rows;
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
   *
   * The same rows (the same array: read them, never change them) answer the same query
   * again within this turn of the event loop, until any statement runs on the connection:
   * the requests a turn reads share one look at the data versions, which under load was a
   * tenth of an unchanged read's CPU. A write through this process runs a statement, so the
   * next look sees it; another process's write in the same few milliseconds is seen on the
   * next turn, as if the look had come just before it.
   */
  readNow(sql: string): Record<string, SQLOutputValue>[] | undefined;
};

function openDatabase(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  // WAL lets readers run beside the single writer; NORMAL sync is safe with WAL.
  // secure_delete zeroes what a delete or update frees, so an erased person's data is not
  // left readable in free pages of the file (issue 50).
  database.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;',
  );
  return database;
}

/** `beforeEach` runs before every statement Kysely runs (to forget what `readNow` read). */
function adaptForKysely(database: DatabaseSync, beforeEach: () => void): SqliteDatabase {
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
        all: (parameters) => {
          beforeEach();
          return statement.all(...toSqliteValues(parameters));
        },
        run: (parameters) => {
          beforeEach();
          return statement.run(...toSqliteValues(parameters));
        },
        // An iterator holds its statement until it is done, so each gets its own.
        iterate: (parameters) => {
          beforeEach();
          return database.prepare(sql).iterate(...toSqliteValues(parameters));
        },
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
