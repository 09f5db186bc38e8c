import type { Executor } from '../../db/executor.ts';
import type { ConsentsTable } from '../../db/schema.ts';

// A person's answers to what the site asks their consent for (issue 36): read by their
// profile, the privacy calls and the Steam collector; written by them (and the demo's seed).

export type ConsentKind = ConsentsTable['kind'];

/** The stored answer of one person, if any. */
export async function findConsent(db: Executor, userId: number, kind: ConsentKind) {
  return db
    .selectFrom('consents')
    .select(['is_given', 'wording_version', 'decided_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Stores their answer to a wording, with its time (replacing an earlier answer). */
export async function saveConsent(
  db: Executor,
  userId: number,
  kind: ConsentKind,
  answer: { isGiven: boolean; wordingVersion: number; decidedAt: Date },
): Promise<void> {
  const values = {
    is_given: answer.isGiven,
    wording_version: answer.wordingVersion,
    decided_at: answer.decidedAt.toISOString(),
  };
  await db
    .insertInto('consents')
    .values({ user_id: userId, kind, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(values))
    .execute();
}
