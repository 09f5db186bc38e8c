import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * One who leaves a lan leaves it in one step (issue 52, decision 049): the service's
 * `afterLeavingLan` frees their seat and takes them out of the lan's tournaments, in the
 * transaction that gives up the place, withdraws the subscription or erases the account.
 * The triggers of 0022 that freed the seat on their own go: with them the seat was freed
 * by the database and the tournaments by the service, two mechanisms for one rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger subscribers_free_seat_on_update on subscribers`.execute(db);
    await sql`drop trigger subscribers_free_seat_on_delete on subscribers`.execute(db);
    await sql`drop function subscribers_free_seat()`.execute(db);
  } else {
    await sql`drop trigger subscribers_update_frees_seat`.execute(db);
    await sql`drop trigger subscribers_delete_frees_seat`.execute(db);
  }
}

/** 0022's triggers again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const placeTaking = sql.raw(`('Accepted', 'Paid')`);
  if (dialectOf(db) === 'postgres') {
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
      for each row when (new.status not in ${placeTaking})
      execute function subscribers_free_seat()`.execute(db);
    await sql`
      create trigger subscribers_free_seat_on_delete after delete on subscribers
      for each row execute function subscribers_free_seat()`.execute(db);
  } else {
    await sql`
      create trigger subscribers_update_frees_seat after update of status on subscribers
      when new.status not in ${placeTaking}
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
}
