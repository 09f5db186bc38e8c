import type { AppDatabase } from '../../db/executor.ts';

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
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3_600_000).toISOString();
  const counters = await db
    .deleteFrom('attempt_counters')
    .where('expires_at', '<', now.getTime())
    .executeTakeFirst();
  const signIns = await db
    .deleteFrom('oidc_records')
    .where((eb) =>
      eb.or([eb('expires_at', '<', now.toISOString()), eb('consumed_at', '<', cutoff)]),
    )
    .executeTakeFirst();
  const mails = await db
    .updateTable('outbox')
    .set({ payload: '{}', last_error: null })
    .where('payload', '!=', '{}')
    .where((eb) =>
      eb.or([
        eb('delivered_at', '<', cutoff),
        eb('failed_at', '<', cutoff),
        eb('cancelled_at', '<', cutoff),
      ]),
    )
    .executeTakeFirst();
  return {
    attemptCounters: Number(counters.numDeletedRows),
    signInRecords: Number(signIns.numDeletedRows),
    mails: Number(mails.numUpdatedRows),
  };
}
