import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { AppDatabase, Executor } from '../../db/executor.ts';
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

/** The lans whose tournaments not finished (open or under way) the person is in, in id order. */
export async function findLansOfTheirTournaments(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournaments', 'tournaments.id', 'members.tournament_id')
    .select('tournaments.lan_id')
    .distinct()
    .where('members.user_id', '=', userId)
    .where('tournaments.state', 'in', ['open', 'running'])
    .orderBy('tournaments.lan_id')
    .execute();
  return rows.map((row) => row.lan_id);
}

/**
 * On SQLite, copies the WAL into the database file and empties it: the WAL holds the pages
 * as they were before the erasure (secure_delete, set at open, zeroes what is freed in the
 * file itself). PostgreSQL keeps no such file the site reads.
 */
export async function checkpointAfterErasure(db: AppDatabase): Promise<void> {
  if (dialectOf(db as never) === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
