import type { Executor } from '../../db/executor.ts';

/** One oidc-provider record as stored: the payload is JSON, times ISO 8601. */
export type OidcRecordFields = {
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  account_id: string | null;
  expires_at: string | null;
  consumed_at: string | null;
};

/** Writes the record of that kind and id, replacing one there was. */
export async function upsertOidcRecord(
  db: Executor,
  kind: string,
  id: string,
  fields: OidcRecordFields,
): Promise<void> {
  await db
    .insertInto('oidc_records')
    .values({ kind, id, ...fields })
    .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(fields))
    .execute();
}

/** The record of that kind whose id, uid or user code is the value, expired or not. */
export function findOidcRecord(
  db: Executor,
  kind: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
) {
  return db
    .selectFrom('oidc_records')
    .select(['payload', 'expires_at', 'consumed_at'])
    .where('kind', '=', kind)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function markOidcRecordConsumed(
  db: Executor,
  kind: string,
  id: string,
  consumedAt: Date,
): Promise<void> {
  await db
    .updateTable('oidc_records')
    .set({ consumed_at: consumedAt.toISOString() })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
}

export async function deleteOidcRecord(db: Executor, kind: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_records').where('kind', '=', kind).where('id', '=', id).execute();
}

/** Deletes this kind's records of the grant, no other kind's. */
export async function deleteOidcRecordsOfGrant(
  db: Executor,
  kind: string,
  grantId: string,
): Promise<void> {
  await db
    .deleteFrom('oidc_records')
    .where('kind', '=', kind)
    .where('grant_id', '=', grantId)
    .execute();
}

/** The records of one account (its subject), by kind (migration 0033's key, not the payload). */
export function findOidcRecordsOfAccount(db: Executor, accountId: string) {
  return db
    .selectFrom('oidc_records')
    .select(['kind', 'payload', 'expires_at', 'consumed_at'])
    .where('account_id', '=', accountId)
    .orderBy('kind')
    .execute();
}

/** Deletes every record of one account (its subject): its erasure. */
export async function deleteOidcRecordsOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.deleteFrom('oidc_records').where('account_id', '=', accountId).execute();
}

/**
 * Deletes records whose lifetime is over, and those used before `consumedBefore` when
 * given; safe to run at any time. How many.
 */
export async function deleteExpiredOidcRecords(
  db: Executor,
  now: Date,
  consumedBefore?: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('oidc_records')
    .where((eb) =>
      consumedBefore === undefined
        ? eb('expires_at', '<', now.toISOString())
        : eb.or([
            eb('expires_at', '<', now.toISOString()),
            eb('consumed_at', '<', consumedBefore.toISOString()),
          ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
