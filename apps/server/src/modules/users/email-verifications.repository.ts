import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { EmailVerificationsTable } from '../../db/schema.ts';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

export async function insertEmailVerification(
  db: Executor,
  values: { userId: number; codeHash: string; email: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: values.userId,
      code_hash: values.codeHash,
      email: values.email,
      expires_at: values.expiresAt.toISOString(),
      creation_date: now.toISOString(),
    })
    .execute();
}

/** A user's own verification with this code hash; someone else's code finds nothing. */
export async function findEmailVerification(
  db: Executor,
  userId: number,
  codeHash: string,
): Promise<EmailVerificationRow | undefined> {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Marks a verification used; false when it was used already. Only the request that
 * marks it goes on, even if two arrive at once.
 */
export async function markEmailVerificationUsed(
  db: Executor,
  id: number,
  now: Date,
): Promise<boolean> {
  const marked = await db
    .updateTable('email_verifications')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}
