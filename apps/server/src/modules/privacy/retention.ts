import type { AppDatabase } from '../../db/executor.ts';
import { deleteExpiredOidcRecords } from '../identity/oidc-records.repository.ts';
import { purgeExpiredAttemptCounters } from '../limits/attempt-counters.repository.ts';
import { emptyMessagesEndedBefore } from '../outbox/outbox.repository.ts';

/** How long records that name people are kept after their use (the README's privacy section). */
export const retentionDays = 30;

export type Swept = {
  attemptCounters: number;
  signInRecords: number;
  mails: number;
};

/**
 * Keeps less (issue 36), run by one server of a site an hour (startSharedJob):
 * - attempt counters whose window is over (a window lasts at most two hours);
 * - the identity provider's sign-in records (sessions, grants, tokens) once expired, and
 *   used ones 30 days after their use;
 * - outgoing mail and chat posts: their text (addresses, nicknames) 30 days after they
 *   were sent, failed or cancelled (the row stays, empty, so no message is queued twice);
 *   the mail files written for want of an SMTP server go with their text, on each server's
 *   own sweep of its folder (outbox/mail-files.ts).
 */
export async function sweepOldRecords(db: AppDatabase, now = new Date()): Promise<Swept> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3_600_000);
  return {
    attemptCounters: await purgeExpiredAttemptCounters(db, now.getTime()),
    signInRecords: await deleteExpiredOidcRecords(db, now, cutoff),
    mails: await emptyMessagesEndedBefore(db, cutoff),
  };
}
