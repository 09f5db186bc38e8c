import type { AppDatabase } from './database.ts';

/**
 * The version triggers raise whenever a group of tables changes (migration 0004):
 * `lans` covers lans, subscribers, users and roles. Equal versions mean nothing changed.
 */
export async function readDataVersion(db: AppDatabase, name: 'lans'): Promise<string> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}
