import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Tournaments at a lan (issue 37). `tournaments` is ours: its rules, its state and a
 * version raised by every change, under which its changes are made one at a time (the row
 * is locked by raising it) and which tells open pages (a `tournament` event {lanId,
 * tournamentId} per change). Entries and their members are ours too; an entry is the
 * bracket library's participant.
 *
 * The bracket is `brackets-manager`'s, stored here: stages, groups, rounds, matches and
 * match games, with the library's fields (a match's two sides as JSON text, the same on both
 * engines) and ours beside them on a match: the side reports and whether they disagree.
 */
const lanIsHidden = (id: string) =>
  `coalesce((select not is_active from lans where id = ${id}), true)`;

const bracketTables = [
  'tournament_match_games',
  'tournament_matches',
  'tournament_rounds',
  'tournament_groups',
  'tournament_stages',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const idColumn = dialect === 'postgres' ? 'serial' : 'integer';
  const serial = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement();

  await db.schema
    .createTable('tournaments')
    .addColumn('id', idColumn, serial)
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('game_id', 'integer', (column) => column.references('games.id').onDelete('set null'))
    .addColumn('game_name', 'text', (column) => column.notNull())
    .addColumn('format', 'text', (column) =>
      column
        .notNull()
        .check(sql`format in ('single_elimination', 'double_elimination', 'round_robin')`),
    )
    .addColumn('team_size', 'integer', (column) => column.notNull().check(sql`team_size >= 1`))
    .addColumn('max_entrants', 'integer', (column) =>
      column.notNull().check(sql`max_entrants >= 2`),
    )
    .addColumn('best_of', 'integer', (column) => column.notNull())
    .addColumn('final_best_of', 'integer', (column) => column.notNull())
    .addColumn('sign_up_closes_at', timestamp)
    .addColumn('needs_check_in', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('state', 'text', (column) =>
      column.notNull().defaultTo('open').check(sql`state in ('open', 'running', 'finished')`),
    )
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema.createIndex('tournaments_lan_index').on('tournaments').column('lan_id').execute();

  await db.schema
    .createTable('tournament_entries')
    .addColumn('id', idColumn, serial)
    .addColumn('tournament_id', 'integer', (column) =>
      column.notNull().references('tournaments.id').onDelete('cascade'),
    )
    // A team's name; a solo entry is named by its player.
    .addColumn('name', 'text')
    .addColumn('clan_id', 'integer', (column) => column.references('clans.id').onDelete('set null'))
    .addColumn('captain_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('is_checked_in', 'boolean', (column) => column.notNull().defaultTo(false))
    // Gave up (did not check in, left the lan): its matches go to the other side.
    .addColumn('has_forfeited', 'boolean', (column) => column.notNull().defaultTo(false))
    // Its place in the final standings, once the tournament is over (ties share one).
    .addColumn('final_rank', 'integer')
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('tournament_entries_tournament_index')
    .on('tournament_entries')
    .column('tournament_id')
    .execute();
  await db.schema
    .createTable('tournament_entry_members')
    .addColumn('entry_id', 'integer', (column) =>
      column.notNull().references('tournament_entries.id').onDelete('cascade'),
    )
    .addColumn('tournament_id', 'integer', (column) =>
      column.notNull().references('tournaments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('tournament_entry_members_key', ['entry_id', 'user_id'])
    // A person is in at most one entry of a tournament: the second of two at once is refused.
    .addUniqueConstraint('tournament_entry_members_once', ['tournament_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_entry_members_user_index')
    .on('tournament_entry_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('tournament_stages')
    .addColumn('id', idColumn, serial)
    .addColumn('tournament_id', 'integer', (column) =>
      column.notNull().references('tournaments.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('number', 'integer', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('tournament_groups')
    .addColumn('id', idColumn, serial)
    .addColumn('stage_id', 'integer', (column) =>
      column.notNull().references('tournament_stages.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('tournament_rounds')
    .addColumn('id', idColumn, serial)
    .addColumn('stage_id', 'integer', (column) =>
      column.notNull().references('tournament_stages.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (column) =>
      column.notNull().references('tournament_groups.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('tournament_rounds_group_index')
    .on('tournament_rounds')
    .columns(['group_id', 'number'])
    .execute();
  await db.schema
    .createTable('tournament_matches')
    .addColumn('id', idColumn, serial)
    .addColumn('tournament_id', 'integer', (column) =>
      column.notNull().references('tournaments.id').onDelete('cascade'),
    )
    .addColumn('stage_id', 'integer', (column) =>
      column.notNull().references('tournament_stages.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (column) => column.notNull())
    .addColumn('round_id', 'integer', (column) => column.notNull())
    .addColumn('number', 'integer', (column) => column.notNull())
    .addColumn('child_count', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('opponent1', 'text')
    .addColumn('opponent2', 'text')
    // Each side's report, `a-b` (the match's first side's score first), until settled.
    .addColumn('report1', 'text')
    .addColumn('report2', 'text')
    .addColumn('is_disputed', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('tournament_matches_round_index')
    .on('tournament_matches')
    .columns(['round_id', 'number'])
    .execute();
  await db.schema
    .createIndex('tournament_matches_tournament_index')
    .on('tournament_matches')
    .column('tournament_id')
    .execute();
  await db.schema
    .createTable('tournament_match_games')
    .addColumn('id', idColumn, serial)
    .addColumn('stage_id', 'integer', (column) =>
      column.notNull().references('tournament_stages.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'integer', (column) =>
      column.notNull().references('tournament_matches.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('opponent1', 'text')
    .addColumn('opponent2', 'text')
    .execute();

  await db.schema.alterTable('events').addColumn('tournament_id', 'integer').execute();

  if (dialect === 'postgres') {
    await sql`
      create function tournaments_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      declare row record;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        insert into events (kind, lan_id, tournament_id, is_hidden, creation_date)
          values ('tournament', row.lan_id, row.id, ${sql.raw(lanIsHidden('row.lan_id'))}, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger tournaments_raise_event
      after insert or update or delete on tournaments
      for each row execute function tournaments_raise_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`tournaments_${operation}_raises_event`)}
      after ${sql.raw(operation)} on tournaments
      begin
        insert into events (kind, lan_id, tournament_id, is_hidden, creation_date)
          values ('tournament', ${sql.raw(`${row}.lan_id`)}, ${sql.raw(`${row}.id`)},
            ${sql.raw(lanIsHidden(`${row}.lan_id`))}, ${sql.raw(now)});
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger tournaments_raise_event on tournaments`.execute(db);
    await sql`drop function tournaments_raise_event()`.execute(db);
  } else {
    for (const operation of ['insert', 'update', 'delete'])
      await sql`drop trigger ${sql.raw(`tournaments_${operation}_raises_event`)}`.execute(db);
  }
  await db.schema.alterTable('events').dropColumn('tournament_id').execute();
  for (const table of bracketTables) await db.schema.dropTable(table).execute();
  await db.schema.dropTable('tournament_entry_members').execute();
  await db.schema.dropTable('tournament_entries').execute();
  await db.schema.dropTable('tournaments').execute();
}
