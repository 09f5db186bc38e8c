import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';
import { hiddenPlan } from './0022-seating.ts';

/**
 * A `seat` event names who sits there now (issue 34): `events.user_id` of a seat event is
 * the seat's new occupant (null: freed), an id like the others, so an open map shows a pick
 * the moment it hears of it instead of asking the server. A thousand open maps asking
 * after every burst of picks were most of the server's work while hundreds picked at once.
 * `user_id` means "for that user alone" only on `user` events. The seat events already
 * written get the seat's occupant now (what a map that hears them should show).
 */
const sqliteNow = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update events set user_id =
    (select occupant_user_id from seats where seats.id = events.seat_id)
    where kind = 'seat'`.execute(db);
  await createSeatEvents(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createSeatEvents(db, false);
  await sql`update events set user_id = null where kind = 'seat'`.execute(db);
}

async function createSeatEvents(db: Kysely<unknown>, withOccupant: boolean): Promise<void> {
  const columns = withOccupant ? ', user_id' : '';
  const values = withOccupant ? ', new.occupant_user_id' : '';
  if (dialectOf(db) === 'postgres') {
    await sql`
      create or replace function seats_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      begin
        insert into events (kind, lan_id, seat_id${sql.raw(columns)}, is_hidden, creation_date)
          values ('seat', new.lan_id, new.id${sql.raw(values)},
            ${sql.raw(hiddenPlan('new.lan_id'))}, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    return;
  }
  await sql`drop trigger seats_update_raises_event`.execute(db);
  await sql`
    create trigger seats_update_raises_event after update of occupant_user_id on seats
    when old.occupant_user_id is not new.occupant_user_id
    begin
      insert into events (kind, lan_id, seat_id${sql.raw(columns)}, is_hidden, creation_date)
        values ('seat', new.lan_id, new.id${sql.raw(values)},
          ${sql.raw(hiddenPlan('new.lan_id'))}, ${sql.raw(sqliteNow)});
    end`.execute(db);
}
