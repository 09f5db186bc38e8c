import { setTimeout } from 'node:timers/promises';
import { formerLannerNickname } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { like, likeText } from '../../db/like-text.ts';
import { findMailTo } from '../outbox/outbox.repository.ts';

/**
 * Every address the person is known to have had: the one they have, those they asked to
 * verify, and those mail to them went to (an earlier address still names them).
 */
export async function findTheirAddresses(
  db: Executor,
  userId: number,
  email: string | null,
): Promise<string[]> {
  const verified = await db
    .selectFrom('email_verifications')
    .select('email')
    .where('user_id', '=', userId)
    .execute();
  const mailed = (await findMailTo(db, userId)).map(
    (row) => (JSON.parse(row.payload) as { to?: unknown }).to,
  );
  const addresses = [email, ...verified.map((row) => row.email), ...mailed];
  return [
    ...new Set(
      addresses
        .filter((address): address is string => typeof address === 'string' && address !== '')
        .map((address) => address.toLowerCase()),
    ),
  ];
}

/**
 * The lans whose tournaments not finished (open or under way) the person is in, or is
 * invited to a team of (their invitation going changes the tournament too), in id order.
 */
export async function findLansOfTheirTournaments(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournaments', 'tournaments.id', 'members.tournament_id')
    .select('tournaments.lan_id')
    .where('members.user_id', '=', userId)
    .where('tournaments.state', 'in', ['open', 'running'])
    .union(
      db
        .selectFrom('tournament_entry_invitations as invitations')
        .innerJoin('tournaments', 'tournaments.id', 'invitations.tournament_id')
        .select('tournaments.lan_id')
        .where('invitations.user_id', '=', userId)
        .where('tournaments.state', '=', 'open'),
    )
    .orderBy('lan_id')
    .execute();
  return rows.map((row) => row.lan_id);
}

/** Waits before each further try of a busy checkpoint: 1.5 s in all, the event loop free. */
const checkpointWaitsMs = [100, 200, 400, 800];

/**
 * On SQLite, copies the WAL into the database file and empties it: the WAL holds the pages
 * as they were before the erasure (secure_delete, set at open, zeroes what is freed in the
 * file itself). A connection reading at that moment keeps the WAL from being emptied, which
 * SQLite answers with busy = 1, not an error: tried again a few times, then logged (the WAL
 * goes on a later checkpoint). Each try answers at once (no busy handler): the connection
 * is the site's only one, and waiting in it would hold up every request. PostgreSQL keeps
 * no such file the site reads. Answers whether the WAL was emptied.
 */
export async function checkpointAfterErasure(
  db: AppDatabase,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  if (dialectOf(db as never) !== 'sqlite') return true;
  for (const waitMs of [0, ...checkpointWaitsMs]) {
    if (waitMs > 0) await setTimeout(waitMs);
    const isEmptied = await db.connection().execute(async (connection) => {
      const { rows: before } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(
        connection,
      );
      await sql`pragma busy_timeout = 0`.execute(connection);
      try {
        const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(
          connection,
        );
        return Number(rows[0]?.busy ?? 0) === 0;
      } finally {
        await sql`pragma busy_timeout = ${sql.raw(String(Number(before[0]?.timeout ?? 0)))}`.execute(
          connection,
        );
      }
    });
    if (isEmptied) return true;
  }
  log.warn(
    { tries: checkpointWaitsMs.length + 1 },
    'WAL checkpoint after an erasure stayed busy: another connection was reading',
  );
  return false;
}

/** Marks the account erased; false when it was already (or never was). */
export async function claimErasure(db: Executor, userId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('users')
    .set({ erased_at: now.toISOString() })
    .where('id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Their pending subscriptions, and those at lans to come but a paid place (erasure.ts's
 * isDropped), as found before any lock, in lan order.
 */
export async function findSubscriptionsToDrop(db: Executor, userId: number, now: Date) {
  return db
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select(['subscribers.id', 'subscribers.lan_id', 'subscribers.status'])
    .where('subscribers.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('subscribers.status', '=', 'Pending'),
        eb.and([
          eb('lans.end_date', '>=', now.toISOString()),
          eb('subscribers.status', '!=', 'Paid'),
        ]),
      ]),
    )
    .orderBy('subscribers.lan_id')
    .execute();
}

/** The lans not ended where they hold a seat, by id. */
export async function findLansOfSeatsToCome(
  db: Executor,
  userId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .selectFrom('seats')
    .innerJoin('lans', 'lans.id', 'seats.lan_id')
    .select('seats.lan_id')
    .where('seats.occupant_user_id', '=', userId)
    .where('lans.end_date', '>=', now.toISOString())
    .orderBy('seats.lan_id')
    .execute();
  return rows.map((row) => row.lan_id);
}

/** The rows of a table that are the person's: any of these columns is their id. */
const isTheirs = (columns: readonly string[], userId: number) =>
  sql.join(
    columns.map((column) => sql`${sql.ref(column)} = ${userId}`),
    sql` or `,
  );

/** Deletes the table's rows that are the person's (personalTables' `delete`). */
export async function deleteRowsOf(
  db: Executor,
  table: string,
  columns: readonly string[],
  userId: number,
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${isTheirs(columns, userId)}`.execute(db);
}

/** Every column of the table's rows that are the person's (the export). */
export async function findRowsOf<Row>(
  db: Executor,
  table: string,
  columns: readonly string[],
  userId: number,
): Promise<Row[]> {
  if (columns.length === 0) return [];
  return (
    await sql<Row>`select * from ${sql.table(table)} where ${isTheirs(columns, userId)}`.execute(db)
  ).rows;
}

/**
 * The `shown` columns of the table's rows where the person acted (`column` is their id) on
 * what is not theirs (none of `theirColumns` is their id).
 */
export async function findRowsActedOn<Row>(
  db: Executor,
  table: string,
  acted: { column: string; shown: readonly string[]; theirColumns: readonly string[] },
  userId: number,
): Promise<Row[]> {
  const { column, shown, theirColumns } = acted;
  const { rows } = await sql<Row>`
    select ${sql.join([column, ...shown].map((name) => sql.ref(name)))}
    from ${sql.table(table)}
    where ${sql.ref(column)} = ${userId}
      ${theirColumns.length === 0 ? sql`` : sql`and not (${isTheirs(theirColumns, userId)})`}`.execute(
    db,
  );
  return rows;
}

/** What the export names beside an id: a lan, a game, a clan, a tournament (public names). */
export type NamedTable = 'lans' | 'games' | 'clans' | 'tournaments';

/** The names of these rows of `table`, by id. */
export async function findNamesOf(
  db: Executor,
  table: NamedTable,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number | string; name: string }>`
    select id, name from ${sql.table(table)}
    where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** The person's upload (their avatar), if any. */
export async function findUploadsOf(db: Executor, assetId: string) {
  return db
    .selectFrom('assets')
    .select(['asset_id', 'type', 'width', 'height', 'modification_date'])
    .where('asset_id', '=', assetId)
    .execute();
}

export async function deleteUploadsOf(db: Executor, assetId: string): Promise<void> {
  await db.deleteFrom('assets').where('asset_id', '=', assetId).execute();
}

/** The attempt counters whose key starts with any of these prefixes, by key. */
export async function findAttemptCountersOf(db: Executor, prefixes: readonly string[]) {
  if (prefixes.length === 0) return [];
  return db
    .selectFrom('attempt_counters')
    .selectAll()
    .where((eb) => eb.or(prefixes.map((prefix) => like('key', `${likeText(prefix)}%`))))
    .orderBy('key')
    .execute();
}

export async function deleteAttemptCountersOf(
  db: Executor,
  prefixes: readonly string[],
): Promise<void> {
  if (prefixes.length === 0) return;
  await db
    .deleteFrom('attempt_counters')
    .where((eb) => eb.or(prefixes.map((prefix) => like('key', `${likeText(prefix)}%`))))
    .execute();
}

/** Lan messages they sent are signed by a "Former lanner". */
export async function renameSender(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('lan_messages')
    .set({ sender_nickname: formerLannerNickname })
    .where('sender_user_id', '=', userId)
    .execute();
}

/** The lan messages that listed them among those without a verified address. */
export async function renameInUnreachable(db: Executor, nickname: string): Promise<void> {
  const rows = await db
    .selectFrom('lan_messages')
    .select(['id', 'unreachable'])
    .where(like('unreachable', `%${likeText(JSON.stringify(nickname))}%`))
    .execute();
  for (const row of rows) {
    const names = JSON.parse(row.unreachable) as string[];
    if (!names.includes(nickname)) continue;
    await db
      .updateTable('lan_messages')
      .set({
        unreachable: JSON.stringify(
          names.map((name) => (name === nickname ? formerLannerNickname : name)),
        ),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * The user row stays, as "Former lanner", with nothing that names them. The subject is
 * kept hashed: an old token for it must find an erased account (refused), not make a new
 * one. Leaderboards keep lanner_since.
 */
export async function anonymiseUser(
  db: Executor,
  userId: number,
  hashedSubject: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      nickname: formerLannerNickname,
      subject: hashedSubject,
      steam_id: null,
      steam_avatar_url: null,
      email: null,
      is_email_activated: false,
      first_name: null,
      surname: null,
      city: null,
      birth_date: null,
      shows_on_screens: false,
      shows_history: false,
      modification_date: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** When and by whom, nothing of the person. */
export async function recordErasure(
  db: Executor,
  byAdministrator: number | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('erasures')
    .values({
      erased_at: now.toISOString(),
      by_user_id: byAdministrator,
      is_by_administrator: byAdministrator !== null,
      reason: null,
    })
    .execute();
}
