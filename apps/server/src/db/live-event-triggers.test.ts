import { type LiveEventKind, liveEventIds, liveEventKinds } from '@lanparty/contract/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import type { AppDatabase } from './database.ts';

/**
 * The live-event kinds are declared once, in the contract (`liveEventIds`); the events
 * table's type and the stream's events are derived from it. The triggers that write the
 * rows cannot be: this reads them from a migrated database, as each engine holds them
 * (SQLite's sqlite_master, PostgreSQL's trigger functions), and fails on a kind a trigger
 * writes that the contract does not list, on a listed kind no trigger writes, and on a
 * row that leaves out a column of its kind's ids.
 */

/** The text of every trigger of the database: SQLite's statements, PostgreSQL's functions. */
async function triggerSources(db: AppDatabase, engine: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'trigger'`.execute(db);
    return rows.map((row) => row.sql);
  }
  const { rows } = await sql<{ source: string }>`
    select distinct p.prosrc as source
    from pg_trigger t
    join pg_proc p on p.oid = t.tgfoid
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal`.execute(db);
  return rows.map((row) => row.source);
}

/** Each `insert into events (…) values (…) | select …` of a trigger: its columns and kinds. */
function eventInserts(source: string): { columns: string[]; kinds: string[] }[] {
  const inserts = [];
  const pattern = /insert\s+into\s+"?events"?\s*\(([^)]*)\)\s*(values\s*\(|select\s)/gi;
  for (const match of source.matchAll(pattern)) {
    const columns = (match[1] ?? '').split(',').map((column) => column.trim().replace(/"/g, ''));
    // The first value is the kind: a literal, or a case choosing among literals.
    const rest = source.slice((match.index ?? 0) + match[0].length);
    const first = firstValue(rest);
    const kinds = /^\s*case\b/i.test(first)
      ? [...first.matchAll(/\b(?:then|else)\s+'([^']*)'/gi)].map((kind) => kind[1] as string)
      : [/^\s*'([^']*)'\s*$/.exec(first)?.[1] ?? `(not a literal: ${first.trim()})`];
    inserts.push({ columns, kinds });
  }
  return inserts;
}

/** The text up to the first comma outside brackets and quotes. */
function firstValue(text: string): string {
  let depth = 0;
  let isQuoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === "'") isQuoted = !isQuoted;
    else if (isQuoted) continue;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) return text.slice(0, at);
  }
  return text;
}

/** The events column of an id of the contract: `lanId` is `lan_id`. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe('reading a trigger’s events', () => {
  it('finds the kind, or the kinds a case chooses among, and the columns', () => {
    expect(
      eventInserts(`begin
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('seating', new.lan_id, not (new.is_published or old.is_published), now());
        insert into events (kind, lan_id, user_id, creation_date)
          select case when new.asset_id glob 'lan-[0-9]*' then 'lan' else 'user' end, 1, 2, 3;
        insert into events (kind, user_id) values (kind_of(new.id), new.id);
      end`),
    ).toEqual([
      { columns: ['kind', 'lan_id', 'is_hidden', 'creation_date'], kinds: ['seating'] },
      { columns: ['kind', 'lan_id', 'user_id', 'creation_date'], kinds: ['lan', 'user'] },
      { columns: ['kind', 'user_id'], kinds: ['(not a literal: kind_of(new.id))'] },
    ]);
  });
});

describe.each(testEngines)('the live-event triggers on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  let inserts: { columns: string[]; kinds: string[] }[];

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
    inserts = (await triggerSources(db, engine)).flatMap(eventInserts);
  });
  afterAll(async () => close?.());

  it('write only the kinds the contract lists, each with its ids’ columns', () => {
    expect(inserts.length).toBeGreaterThan(10);
    for (const { columns, kinds } of inserts)
      for (const kind of kinds) {
        expect(liveEventKinds, `a trigger writes the kind "${kind}"`).toContain(kind);
        const ids = liveEventIds[kind as LiveEventKind] ?? [];
        for (const id of ids) expect(columns, `a "${kind}" event's ${id}`).toContain(columnOf(id));
      }
  });

  it('write every kind the contract lists', () => {
    const written = new Set(inserts.flatMap((insert) => insert.kinds));
    expect(liveEventKinds.filter((kind) => !written.has(kind))).toEqual([]);
  });
});
