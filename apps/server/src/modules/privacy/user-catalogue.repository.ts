import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/** A column as the database declares it: its table, name and type (lower case). */
export type CatalogueColumn = { table: string; column: string; type: string };

/**
 * Every column of the database's tables, from its own catalogue (information_schema on
 * PostgreSQL, sqlite_master and pragma_table_info on SQLite).
 */
export async function readColumns(db: Executor): Promise<CatalogueColumn[]> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<CatalogueColumn>`
      select table_name as "table", column_name as "column", data_type as "type"
      from information_schema.columns
      where table_schema = current_schema()
      order by table_name, ordinal_position`.execute(db);
    return rows;
  }
  const { rows } = await sql<CatalogueColumn>`
    select m.name as "table", c.name as "column", lower(c.type) as "type"
    from sqlite_master m join pragma_table_info(m.name) c
    where m.type = 'table' and m.name not like 'sqlite_%'
    order by m.name, c.cid`.execute(db);
  return rows;
}

/** The columns with a foreign key to users.id, from the catalogue. */
async function readUserForeignKeys(db: Executor): Promise<{ table: string; column: string }[]> {
  if (dialectOf(db as never) === 'postgres') {
    const { rows } = await sql<{ table: string; column: string }>`
      select source.relname as "table", attribute.attname as "column"
      from pg_constraint constraint_row
      join pg_class source on source.oid = constraint_row.conrelid
      join pg_class target on target.oid = constraint_row.confrelid
      join pg_namespace namespace on namespace.oid = source.relnamespace
      join pg_attribute attribute
        on attribute.attrelid = source.oid and attribute.attnum = any(constraint_row.conkey)
      where constraint_row.contype = 'f' and target.relname = 'users'
        and namespace.nspname = current_schema()`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", f."from" as "column"
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table' and f."table" = 'users'`.execute(db);
  return rows;
}

/**
 * Every table that refers to a user, with the columns that do: a foreign key to users, or a
 * column named like one (`user_id`, `occupant_user_id`), from the catalogue. `users` itself
 * is one, by its id.
 */
export async function readUserReferences(db: Executor): Promise<Map<string, Set<string>>> {
  const references = new Map<string, Set<string>>([['users', new Set(['id'])]]);
  const add = (table: string, column: string) =>
    references.set(table, (references.get(table) ?? new Set()).add(column));
  for (const { table, column } of await readUserForeignKeys(db)) add(table, column);
  for (const { table, column } of await readColumns(db))
    if (/(^|_)user_id$/.test(column)) add(table, column);
  return references;
}
