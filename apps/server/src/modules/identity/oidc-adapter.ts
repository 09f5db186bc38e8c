import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { AppDatabase } from '../../db/database.ts';
import {
  deleteExpiredOidcRecords,
  deleteOidcRecord,
  deleteOidcRecordsOfGrant,
  findOidcRecord,
  markOidcRecordConsumed,
  upsertOidcRecord,
} from './oidc-records.repository.ts';

/** How often, at most, expired records are swept out of the table. */
const purgeIntervalMs = 10 * 60 * 1000;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in the
 * `oidc_records` table, so sign-ins survive a restart and several servers on one
 * PostgreSQL database share them. One row per (kind, id); the payload is JSON.
 */
export function createOidcAdapterFactory(db: AppDatabase, now = () => new Date()): AdapterFactory {
  let lastPurge = 0;
  const purgeNowAndThen = async () => {
    const time = now().getTime();
    if (time - lastPurge < purgeIntervalMs) return;
    lastPurge = time;
    await purgeExpiredOidcRecords(db, now());
  };
  return (kind: string) => new DatabaseOidcAdapter(db, kind, now, purgeNowAndThen);
}

/** Deletes records whose lifetime is over; safe to run at any time. */
export async function purgeExpiredOidcRecords(db: AppDatabase, now = new Date()): Promise<void> {
  await deleteExpiredOidcRecords(db, now);
}

/**
 * Ids and codes come from clients (a code, a token to revoke). One holding U+0000 was never
 * stored, and PostgreSQL refuses to even compare with it: nothing is found, nothing fails.
 */
function isUnstorable(text: string): boolean {
  return text.includes('\0');
}

class DatabaseOidcAdapter implements Adapter {
  readonly #db: AppDatabase;
  readonly #kind: string;
  readonly #now: () => Date;
  readonly #afterWrite: () => Promise<void>;

  constructor(db: AppDatabase, kind: string, now: () => Date, afterWrite: () => Promise<void>) {
    this.#db = db;
    this.#kind = kind;
    this.#now = now;
    this.#afterWrite = afterWrite;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      // Whose record it is, so erasure and the export find it by key (migration 0033).
      account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
      expires_at: expiresIn
        ? new Date(this.#now().getTime() + expiresIn * 1000).toISOString()
        : null,
      consumed_at: null,
    };
    await upsertOidcRecord(this.#db, this.#kind, id, row);
    await this.#afterWrite();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    if (isUnstorable(id)) return;
    await markOidcRecordConsumed(this.#db, this.#kind, id, this.#now());
  }

  async destroy(id: string): Promise<void> {
    if (isUnstorable(id)) return;
    await deleteOidcRecord(this.#db, this.#kind, id);
  }

  /**
   * Only this kind's records of the grant: oidc-provider asks each token kind in turn and
   * decides separately whether the grant itself goes (revoking one access token does not).
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    if (isUnstorable(grantId)) return;
    await deleteOidcRecordsOfGrant(this.#db, this.#kind, grantId);
  }

  async #findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    if (isUnstorable(value)) return undefined;
    const row = await findOidcRecord(this.#db, this.#kind, column, value);
    if (!row) return undefined;
    if (row.expires_at && new Date(row.expires_at).getTime() <= this.#now().getTime()) {
      return undefined;
    }
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at) {
      // oidc-provider reads `consumed` (epoch seconds) to refuse a code used twice.
      payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
    }
    return payload;
  }
}
