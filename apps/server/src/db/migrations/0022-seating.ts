import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Seat plans (issue 34). The database guarantees what a seat map promises, with any number
 * of servers on it:
 *
 * - `seats.occupant_user_id`: a seat holds at most one person (it is one column), and a
 *   person at most one seat per lan (unique `(lan_id, occupant_user_id)`; nulls repeat).
 *   A pick is `update … where occupant_user_id is null`: of two at once, one updates.
 * - Labels are unique in a lan by their key (without case and spaces), and so are
 *   positions; block names likewise.
 * - A subscription that leaves Accepted and Paid (or is deleted) frees its seat: a trigger
 *   on `subscribers`, so no write path can forget it.
 *
 * A `seating` data version (kept seat-map answers) is raised by every change of plans,
 * blocks and seats; a `seat` event {lanId, seatId} tells open maps of each pick, move and
 * free, and a `seating` event {lanId} of a plan change (the plan row is touched by every
 * save). Events of an unpublished plan, or of an inactive lan, are hidden (0015). A swap
 * asked (`seat_swaps`) or answered tells both people's tabs (`user` events).
 */
const placeTaking = `('Accepted', 'Paid')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('seat_plans')
    .addColumn('lan_id', 'integer', (column) =>
      column.primaryKey().references('lans.id').onDelete('cascade'),
    )
    .addColumn('opens_at', timestamp)
    .addColumn('locks_at', timestamp)
    .addColumn('is_published', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('seat_blocks')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('seat_plans.lan_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('name_key', 'text', (column) => column.notNull())
    .addColumn('clan_id', 'integer', (column) => column.references('clans.id').onDelete('set null'))
    .addUniqueConstraint('seat_blocks_name_unique', ['lan_id', 'name_key'])
    .execute();
  await db.schema
    .createTable('seats')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('seat_plans.lan_id').onDelete('cascade'),
    )
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('label_key', 'text', (column) => column.notNull())
    .addColumn('x', 'integer', (column) => column.notNull())
    .addColumn('y', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('block_id', 'integer', (column) =>
      column.references('seat_blocks.id').onDelete('set null'),
    )
    .addColumn('occupant_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('occupied_date', timestamp)
    .addUniqueConstraint('seats_label_unique', ['lan_id', 'label_key'])
    .addUniqueConstraint('seats_position_unique', ['lan_id', 'x', 'y'])
    .addUniqueConstraint('seats_one_per_person', ['lan_id', 'occupant_user_id'])
    .execute();
  await db.schema.createIndex('seat_blocks_lan_index').on('seat_blocks').column('lan_id').execute();
  // A seated participant asks another to swap; accepted, both move in one step.
  await db.schema
    .createTable('seat_swaps')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('seat_plans.lan_id').onDelete('cascade'),
    )
    .addColumn('from_user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('to_user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addUniqueConstraint('seat_swaps_pair_unique', ['lan_id', 'from_user_id', 'to_user_id'])
    .execute();
  await db.schema
    .createIndex('seat_swaps_to_index')
    .on('seat_swaps')
    .column('to_user_id')
    .execute();

  await db.schema.alterTable('events').addColumn('seat_id', 'integer').execute();
  await sql`insert into data_versions (name, version) values ('seating', 0)`.execute(db);

  if (dialect === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export const hiddenPlan = (lanId: string) =>
  `coalesce((select not (p.is_published and l.is_active) from seat_plans p
    join lans l on l.id = p.lan_id where p.lan_id = ${lanId}), true)`;

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function raise_seating_data_version() returns trigger
    language plpgsql set search_path from current as $$
    begin
      if coalesce(current_setting('lanparty.seating_version_raised', true), '') = 'yes' then
        return null;
      end if;
      perform set_config('lanparty.seating_version_raised', 'yes', true);
      update data_versions set version = version + 1 where name = 'seating';
      return null;
    end
    $$`.execute(db);
  for (const table of ['seat_plans', 'seat_blocks', 'seats']) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_raise_seating_version`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function raise_seating_data_version()`.execute(db);
  }
  await sql`
    create function seats_raise_event() returns trigger
    language plpgsql set search_path from current as $$
    begin
      insert into events (kind, lan_id, seat_id, is_hidden, creation_date)
        values ('seat', new.lan_id, new.id, ${sql.raw(hiddenPlan('new.lan_id'))}, now());
      perform pg_notify('lanparty_events', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger seats_raise_event after update on seats
    for each row when (old.occupant_user_id is distinct from new.occupant_user_id)
    execute function seats_raise_event()`.execute(db);
  await sql`
    create function seat_plans_raise_event() returns trigger
    language plpgsql set search_path from current as $$
    declare row record;
    begin
      if tg_op = 'DELETE' then row := old; else row := new; end if;
      insert into events (kind, lan_id, is_hidden, creation_date)
        values ('seating', row.lan_id,
          not (row.is_published or (tg_op = 'UPDATE' and old.is_published))
            or coalesce((select not is_active from lans where id = row.lan_id), true),
          now());
      perform pg_notify('lanparty_events', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger seat_plans_raise_event after insert or update or delete on seat_plans
    for each row execute function seat_plans_raise_event()`.execute(db);
  await sql`
    create function seat_swaps_raise_event() returns trigger
    language plpgsql set search_path from current as $$
    declare row record;
    begin
      if tg_op = 'DELETE' then row := old; else row := new; end if;
      insert into events (kind, user_id, creation_date) values ('user', row.from_user_id, now());
      insert into events (kind, user_id, creation_date) values ('user', row.to_user_id, now());
      perform pg_notify('lanparty_events', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger seat_swaps_raise_event after insert or delete on seat_swaps
    for each row execute function seat_swaps_raise_event()`.execute(db);
  await sql`
    create function subscribers_free_seat() returns trigger
    language plpgsql set search_path from current as $$
    begin
      update seats set occupant_user_id = null, occupied_date = null
        where lan_id = old.lan_id and occupant_user_id = old.user_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger subscribers_free_seat_on_update after update of status on subscribers
    for each row when (new.status not in ${sql.raw(placeTaking)})
    execute function subscribers_free_seat()`.execute(db);
  await sql`
    create trigger subscribers_free_seat_on_delete after delete on subscribers
    for each row execute function subscribers_free_seat()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const raise = `update data_versions set version = version + 1 where name = 'seating';`;
  for (const table of ['seat_plans', 'seat_blocks', 'seats']) {
    for (const operation of ['insert', 'update', 'delete'] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_${operation}_raises_seating_version`)}
        after ${sql.raw(operation)} on ${sql.table(table)}
        begin
          ${sql.raw(raise)}
        end`.execute(db);
    }
  }
  await sql`
    create trigger seats_update_raises_event after update of occupant_user_id on seats
    when old.occupant_user_id is not new.occupant_user_id
    begin
      insert into events (kind, lan_id, seat_id, is_hidden, creation_date)
        values ('seat', new.lan_id, new.id, ${sql.raw(hiddenPlan('new.lan_id'))}, ${sql.raw(now)});
    end`.execute(db);
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    const wasPublished = operation === 'update' ? ' or old.is_published' : '';
    await sql`
      create trigger ${sql.raw(`seat_plans_${operation}_raises_event`)}
      after ${sql.raw(operation)} on seat_plans
      begin
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('seating', ${sql.raw(`${row}.lan_id`)},
            not (${sql.raw(`${row}.is_published${wasPublished}`)})
              or coalesce((select not is_active from lans where id = ${sql.raw(`${row}.lan_id`)}), 1),
            ${sql.raw(now)});
      end`.execute(db);
  }
  for (const operation of ['insert', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`seat_swaps_${operation}_raises_event`)}
      after ${sql.raw(operation)} on seat_swaps
      begin
        insert into events (kind, user_id, creation_date)
          values ('user', ${sql.raw(`${row}.from_user_id`)}, ${sql.raw(now)});
        insert into events (kind, user_id, creation_date)
          values ('user', ${sql.raw(`${row}.to_user_id`)}, ${sql.raw(now)});
      end`.execute(db);
  }
  await sql`
    create trigger subscribers_update_frees_seat after update of status on subscribers
    when new.status not in ${sql.raw(placeTaking)}
    begin
      update seats set occupant_user_id = null, occupied_date = null
        where lan_id = old.lan_id and occupant_user_id = old.user_id;
    end`.execute(db);
  await sql`
    create trigger subscribers_delete_frees_seat after delete on subscribers
    begin
      update seats set occupant_user_id = null, occupied_date = null
        where lan_id = old.lan_id and occupant_user_id = old.user_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger subscribers_free_seat_on_update on subscribers`.execute(db);
    await sql`drop trigger subscribers_free_seat_on_delete on subscribers`.execute(db);
    await sql`drop function subscribers_free_seat()`.execute(db);
  } else {
    await sql`drop trigger subscribers_update_frees_seat`.execute(db);
    await sql`drop trigger subscribers_delete_frees_seat`.execute(db);
  }
  await db.schema.dropTable('seat_swaps').execute();
  await db.schema.dropTable('seats').execute();
  await db.schema.dropTable('seat_blocks').execute();
  await db.schema.dropTable('seat_plans').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`drop function seats_raise_event()`.execute(db);
    await sql`drop function seat_plans_raise_event()`.execute(db);
    await sql`drop function seat_swaps_raise_event()`.execute(db);
    await sql`drop function raise_seating_data_version()`.execute(db);
  }
  await sql`delete from data_versions where name = 'seating'`.execute(db);
  await db.schema.alterTable('events').dropColumn('seat_id').execute();
}
