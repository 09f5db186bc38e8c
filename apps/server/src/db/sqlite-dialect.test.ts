import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeSqliteDialect, type NodeSqlite } from './sqlite-dialect.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const look = 'select n from counter';

describe('readNow', () => {
  let folder: string;
  let sqlite: NodeSqlite;
  let db: Kysely<Record<string, never>>;
  /** Another connection to the same file: another server process, as far as this one knows. */
  let other: DatabaseSync;

  beforeEach(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'lanparty-sqlite-'));
    const file = path.join(folder, 'test.db');
    sqlite = createNodeSqliteDialect(file);
    db = new Kysely({ dialect: sqlite.dialect });
    await sql`create table counter (n integer not null)`.execute(db);
    await sql`insert into counter (n) values (1)`.execute(db);
    other = new DatabaseSync(file);
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the reads of one turn with one look, and looks again on the next turn', async () => {
    await nextTurn();
    const first = sqlite.readNow(look);
    expect(first).toEqual([{ n: 1 }]);
    other.exec('update counter set n = 2');
    // The same turn: the look already made (as if it had come just before the other write).
    expect(sqlite.readNow(look)).toBe(first);
    await nextTurn();
    expect(sqlite.readNow(look)).toEqual([{ n: 2 }]);
  });

  it('sees a write made through this connection at once, in the same turn', async () => {
    await nextTurn();
    expect(sqlite.readNow(look)).toEqual([{ n: 1 }]);
    await sql`update counter set n = 3`.execute(db);
    expect(sqlite.readNow(look)).toEqual([{ n: 3 }]);
  });

  it('answers nothing while a transaction is open, so its writes never show', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`update counter set n = 4`.execute(trx);
      expect(sqlite.readNow(look)).toBeUndefined();
    });
    expect(sqlite.readNow(look)).toEqual([{ n: 4 }]);
  });
});
