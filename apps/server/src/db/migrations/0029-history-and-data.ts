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
 *
 * A person's badges and consents join the `lans` group of data versions: the own profile,
 * a kept answer, tells of new badges and of a consent to give. And on PostgreSQL the `news`
 * version (0028) is raised per row, not per statement: a statement trigger fires for a
 * delete that finds no row too, so a refused request changed the version (found by the fuzz).
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

  if (dialect === 'postgres') {
    for (const table of lansGroupTables)
      await sql`
        create constraint trigger ${sql.raw(`${table}_raise_lans_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function raise_lans_data_version()`.execute(db);
    for (const table of newsTables) {
      await sql`drop trigger ${sql.raw(`${table}_raise_news_version`)} on ${sql.table(table)}`.execute(
        db,
      );
      await sql`
        create trigger ${sql.raw(`${table}_raise_news_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function raise_news_data_version()`.execute(db);
    }
    return;
  }
  for (const table of lansGroupTables)
    for (const event of ['insert', 'update', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_${event}_raises_lans_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = 'lans';
        end`.execute(db);
}

const lansGroupTables = ['user_badges', 'consents'] as const;
const newsTables = ['schedule_items', 'announcements'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres')
    for (const table of newsTables) {
      await sql`drop trigger ${sql.raw(`${table}_raise_news_version`)} on ${sql.table(table)}`.execute(
        db,
      );
      await sql`
        create trigger ${sql.raw(`${table}_raise_news_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function raise_news_data_version()`.execute(db);
    }
  for (const table of ['job_runs', 'erasures', 'consents', 'user_badges'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.alterTable('users').dropColumn('shows_history').execute();
}
