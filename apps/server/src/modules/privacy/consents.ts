import type { ConsentState } from '@lanparty/contract';
import { steamPlaytimeWording } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';

/** The stored answer of one person, if any. */
async function findConsent(db: Executor, userId: number) {
  return db
    .selectFrom('consents')
    .select(['is_given', 'wording_version', 'decided_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'steam_playtime')
    .executeTakeFirst();
}

/**
 * A person's answer about their Steam playtime. Asked (needsAnswer) once Steam is linked
 * until they answered the current wording: right after linking, and once for those whose
 * consent was assumed (wording 0) because they had linked Steam before the site asked.
 */
export async function readSteamPlaytimeConsent(db: Executor, user: UserRow): Promise<ConsentState> {
  const row = await findConsent(db, user.id);
  return {
    given: row ? toBoolean(row.is_given) : null,
    decidedAt: row ? toIsoTimestamp(row.decided_at) : null,
    wordingVersion: row ? row.wording_version : null,
    wording: steamPlaytimeWording.text,
    currentWordingVersion: steamPlaytimeWording.version,
    needsAnswer:
      user.steam_id !== null && (!row || row.wording_version < steamPlaytimeWording.version),
  };
}

/** Stores their answer to the current wording, with its time. */
export async function answerSteamPlaytimeConsent(
  db: AppDatabase,
  userId: number,
  given: boolean,
  now: Date,
): Promise<void> {
  const answer = {
    is_given: given,
    wording_version: steamPlaytimeWording.version,
    decided_at: now.toISOString(),
  };
  await db
    .insertInto('consents')
    .values({ user_id: userId, kind: 'steam_playtime', ...answer })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(answer))
    .execute();
}

/**
 * Deletes the playtime collected of a person, on their word: their sessions, and their
 * playtime per day with its sums (the yearly and daily rollups follow by triggers), so
 * past leaderboards and rewinds no longer count them.
 */
export async function deleteCollectedPlaytime(db: AppDatabase, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [
      'play_sessions',
      'playtimes',
      'playtime_months',
      'playtime_days',
      'player_totals',
    ] as const)
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  });
}
