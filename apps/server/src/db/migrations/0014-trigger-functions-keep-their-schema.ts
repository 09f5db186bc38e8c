import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * The trigger functions of migrations 0004, 0008 and 0010 keep the search_path the
 * migration ran with, as 0013's do from the start. A trigger runs in the session that
 * writes: a session whose search_path names another schema (an operator's psql, a
 * restore, a second site in the same database) would raise that schema's data versions
 * and write its events, or fail, instead of this site's. SQLite has one schema per file.
 */
const functions = [
  'raise_lans_data_version',
  'raise_playtime_data_version',
  ...['lans', 'subscribers', 'users', 'user_roles', 'assets'].map(
    (table) => `${table}_raise_event`,
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const name of functions)
    await sql`alter function ${sql.raw(name)}() set search_path from current`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const name of functions)
    await sql`alter function ${sql.raw(name)}() reset search_path`.execute(db);
}
