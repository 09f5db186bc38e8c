import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * A person's history and their data (issue 36): whether others see their lans and badges,
 * when their account was erased (the row stays, anonymised, so past subscriptions and
 * playtime keep adding up), the badges the server awarded them from the data, their
 * consents (Steam playtime first), the record of erasures (without personal data) and the
 * last run of the jobs that several servers run once between them.
 *
 * Everyone with Steam linked before consent was asked keeps being recorded: their consent
 * is stored as given under wording version 0, which the site asks them about once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .alterTable('users')
    .addColumn('shows_history', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable('users').addColumn('erased_at', timestamp).execute();
  await db.schema
    .createTable('user_badges')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('badge_key', 'text', (column) => column.notNull())
    .addColumn('earned_on', 'text', (column) => column.notNull())
    .addColumn('seen_at', timestamp)
    .addPrimaryKeyConstraint('user_badges_key', ['user_id', 'badge_key'])
    .execute();
  await db.schema
    .createTable('consents')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('is_given', 'boolean', (column) => column.notNull())
    .addColumn('wording_version', 'integer', (column) => column.notNull())
    .addColumn('decided_at', timestamp, (column) => column.notNull())
    .addPrimaryKeyConstraint('consents_key', ['user_id', 'kind'])
    .execute();
  const now = new Date().toISOString();
  await sql`
    insert into consents (user_id, kind, is_given, wording_version, decided_at)
    select id, 'steam_playtime', ${sql.lit(true)}, 0, ${now} from users
    where steam_id is not null`.execute(db);
  await db.schema
    .createTable('erasures')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('erased_at', timestamp, (column) => column.notNull())
    .addColumn('by_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('is_by_administrator', 'boolean', (column) => column.notNull())
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('last_run_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_runs', 'erasures', 'consents', 'user_badges'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.alterTable('users').dropColumn('shows_history').execute();
}
