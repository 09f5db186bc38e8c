import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * A lan's payment details and the settings (the default payment details among them) raise
 * the `lans` data version, as lans and subscribers do (0004): one's own subscriptions
 * (GET /api/users/me/subscriptions) show them, filled in, and are kept answers now
 * (issue 52), which a change of them must make stale. Only administrators write either.
 */
const tables = ['lan_payment_details', 'settings'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of tables)
      await sql`
        create constraint trigger ${sql.raw(`${table}_raise_lans_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function raise_lans_data_version()`.execute(db);
    return;
  }
  for (const table of tables)
    for (const event of ['insert', 'update', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_${event}_raises_lans_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = 'lans';
        end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    if (dialectOf(db) === 'postgres')
      await sql`drop trigger ${sql.raw(`${table}_raise_lans_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    else
      for (const event of ['insert', 'update', 'delete'] as const)
        await sql`drop trigger ${sql.raw(`${table}_${event}_raises_lans_version`)}`.execute(db);
  }
}
