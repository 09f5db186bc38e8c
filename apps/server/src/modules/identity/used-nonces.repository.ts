import type { Executor } from '../../db/executor.ts';

/**
 * Records a nonce as used. Answers false when it was used before: the primary key
 * refuses the second insert, so a replay fails even when two servers see it at once.
 */
export async function claimNonce(db: Executor, nonce: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('used_nonces')
    .values({ nonce, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets nonces too old to be accepted anyway. */
export async function purgeExpiredNonces(db: Executor, now = new Date()): Promise<void> {
  await db.deleteFrom('used_nonces').where('expires_at', '<', now.toISOString()).execute();
}
