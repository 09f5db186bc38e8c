import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * What the profile's and the lan page's personal reads show raises a version, so they are
 * kept answers too (issue 52, decision 023):
 *
 * - `local_accounts` joins `lans` (one's account: the username one signs in with);
 * - `steam_profiles` joins `playtime` (one's playtime status: whether the profile is
 *   private, when its games were last read), written by the collector with the playtime;
 * - `seat_swaps` joins `seating` (the swaps one asked for or was asked);
 * - `lan_messages` joins `news` (writing to the participants is crew work a history shows);
 * - a new `tournaments` group: tournaments, their entries and the entries' members (the
 *   podium places a history shows).
 *
 * On PostgreSQL each joins its group's function as that group's tables do (0004, 0010,
 * 0023, 0029); the new group's is raised at COMMIT once per transaction, as `lans` is.
 */
const joining = [
  { table: 'local_accounts', group: 'lans' },
  { table: 'steam_profiles', group: 'playtime' },
  { table: 'seat_swaps', group: 'seating' },
  { table: 'lan_messages', group: 'news' },
  { table: 'tournaments', group: 'tournaments' },
  { table: 'tournament_entries', group: 'tournaments' },
  { table: 'tournament_entry_members', group: 'tournaments' },
] as const;

type Group = (typeof joining)[number]['group'];

/**
 * How each group's PostgreSQL triggers run (as the group's first tables' do): at COMMIT,
 * once per transaction, or per statement (playtime comes in bulk) or row (news).
 */
const postgresRun: Record<Group, { isDeferred: boolean; each: 'row' | 'statement' }> = {
  lans: { isDeferred: true, each: 'row' },
  seating: { isDeferred: true, each: 'row' },
  tournaments: { isDeferred: true, each: 'row' },
  playtime: { isDeferred: false, each: 'statement' },
  news: { isDeferred: false, each: 'row' },
};

const triggerName = (table: string, group: string) => `${table}_raise_${group}_version`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into data_versions (name, version) values ('tournaments', 0)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`
      create function raise_tournaments_data_version() returns trigger
      language plpgsql set search_path from current as $$
      begin
        if coalesce(current_setting('lanparty.tournaments_version_raised', true), '') = 'yes' then
          return null;
        end if;
        perform set_config('lanparty.tournaments_version_raised', 'yes', true);
        update data_versions set version = version + 1 where name = 'tournaments';
        return null;
      end
      $$`.execute(db);
    for (const { table, group } of joining) {
      const { isDeferred, each } = postgresRun[group];
      await sql`
        create ${sql.raw(isDeferred ? 'constraint trigger' : 'trigger')} ${sql.raw(triggerName(table, group))}
        after insert or update or delete on ${sql.table(table)}
        ${sql.raw(isDeferred ? 'deferrable initially deferred' : '')}
        for each ${sql.raw(each)} execute function ${sql.raw(`raise_${group}_data_version`)}()`.execute(
        db,
      );
    }
    return;
  }
  // SQLite has one writer at a time: plain row triggers, as for every group.
  for (const { table, group } of joining)
    for (const event of ['insert', 'update', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_${event}_raises_${group}_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = ${sql.lit(group)};
        end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, group } of joining) {
    if (dialectOf(db) === 'postgres')
      await sql`drop trigger ${sql.raw(triggerName(table, group))} on ${sql.table(table)}`.execute(
        db,
      );
    else
      for (const event of ['insert', 'update', 'delete'] as const)
        await sql`drop trigger ${sql.raw(`${table}_${event}_raises_${group}_version`)}`.execute(db);
  }
  if (dialectOf(db) === 'postgres')
    await sql`drop function raise_tournaments_data_version()`.execute(db);
  await sql`delete from data_versions where name = 'tournaments'`.execute(db);
}
