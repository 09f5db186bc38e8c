import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Invitations to a team (issue 50, decision 046): those a captain names are asked, not
 * entered. An invitation is apart from `tournament_entry_members` so its "one entry per
 * person" stays whole: one may be invited by several teams and still enter alone; joining
 * moves them into the members, where the unique key refuses a second entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tournament_entry_invitations')
    .addColumn('entry_id', 'integer', (column) =>
      column.notNull().references('tournament_entries.id').onDelete('cascade'),
    )
    .addColumn('tournament_id', 'integer', (column) =>
      column.notNull().references('tournaments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('creation_date', timestampType(dialectOf(db)), (column) => column.notNull())
    .addPrimaryKeyConstraint('tournament_entry_invitations_key', ['entry_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_entry_invitations_user_index')
    .on('tournament_entry_invitations')
    .columns(['user_id', 'tournament_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tournament_entry_invitations').execute();
}
