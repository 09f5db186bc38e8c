import type { ConsentState } from '@lanparty/contract';
import { steamPlaytimeWording } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { findConsent, saveConsent } from '../accounts/consents.repository.ts';
import { deletePlaytimeOf } from '../playtime/playtime.repository.ts';

/**
 * A person's answer about their Steam playtime. Asked (needsAnswer) once Steam is linked
 * until they answered the current wording: right after linking, and once for those whose
 * consent was assumed (wording 0) because they had linked Steam before the site asked.
 */
export async function readSteamPlaytimeConsent(db: Executor, user: UserRow): Promise<ConsentState> {
  const row = await findConsent(db, user.id, 'steam_playtime');
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
  await saveConsent(db, userId, 'steam_playtime', {
    isGiven: given,
    wordingVersion: steamPlaytimeWording.version,
    decidedAt: now,
  });
}

/**
 * Deletes the playtime collected of a person, on their word: their sessions, and their
 * playtime per day with its sums (the yearly and daily rollups follow by triggers), so
 * past leaderboards and rewinds no longer count them.
 */
export async function deleteCollectedPlaytime(db: AppDatabase, userId: number): Promise<void> {
  await db.transaction().execute((trx) => deletePlaytimeOf(trx, userId));
}
