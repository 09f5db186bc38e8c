import type { AppDatabase } from './database.ts';

/**
 * The groups of tables whose changes the database counts (migrations 0004 and 0010):
 * `lans` covers lans, subscribers, users, their roles and the uploaded images; `playtime`
 * the playtime and its rollups. Equal versions mean nothing in the group changed.
 */
export type DataGroup = 'lans' | 'playtime';

/** The version of one group (one primary-key lookup). */
export async function readDataVersion(db: AppDatabase, name: DataGroup): Promise<string> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

/** The versions of several groups as one string (one query), equal when none changed. */
export async function readDataVersions(
  db: AppDatabase,
  groups: readonly DataGroup[],
): Promise<string> {
  if (groups.length === 1 && groups[0]) return readDataVersion(db, groups[0]);
  const rows = await db
    .selectFrom('data_versions')
    .select(['name', 'version'])
    .where('name', 'in', groups)
    .execute();
  const byName = new Map(rows.map((row) => [row.name, String(row.version)]));
  return groups.map((group) => byName.get(group) ?? '0').join('.');
}
