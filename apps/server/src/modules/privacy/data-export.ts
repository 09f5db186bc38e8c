import type { DataExport } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { findOidcRecordsOfAccount } from '../identity/oidc-records.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { findMailTo } from '../outbox/outbox.repository.ts';
import {
  findAttemptCountersOf,
  findRowsActedOn,
  findRowsOf,
  findUploadsOf,
} from './erasure.repository.ts';
import { type PersonalTable, type PersonalTableName, personalTables } from './personal-tables.ts';
import { readColumns } from './user-catalogue.ts';

type Row = Record<string, unknown>;

/** The declared type of each column, per table, read once per database. */
const columnTypes = new WeakMap<AppDatabase, Promise<Map<string, Map<string, string>>>>();

function typesOf(db: AppDatabase): Promise<Map<string, Map<string, string>>> {
  let types = columnTypes.get(db);
  if (!types) {
    types = readColumns(db).then((columns) => {
      const byTable = new Map<string, Map<string, string>>();
      for (const { table, column, type } of columns)
        byTable.set(table, (byTable.get(table) ?? new Map()).set(column, type));
      return byTable;
    });
    types.catch(() => columnTypes.delete(db));
    columnTypes.set(db, types);
  }
  return types;
}

/**
 * A value as JSON shows it, the same from both engines: booleans (SQLite keeps 0/1) as
 * booleans, big integers (PostgreSQL answers text) as numbers, times as ISO-8601.
 */
function jsonValue(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1;
  if (type === 'bigint' || type === 'integer') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `(${value.byteLength} bytes)`;
  return value;
}

/** Each row's values as JSON shows them, without the columns left out. */
function toJsonRows(rows: Row[], types: Map<string, string>, leftOut: ReadonlySet<string>): Row[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => !leftOut.has(column))
        .map(([column, value]) => [column, jsonValue(value, types.get(column))]),
    ),
  );
}

/**
 * The table's rows that are theirs (any user column is their id), then the rows where
 * they acted on someone else's (only the acting column and what they did).
 */
async function rowsOf(
  db: AppDatabase,
  table: PersonalTableName,
  spec: PersonalTable,
  userId: number,
  types: Map<string, string>,
): Promise<Row[]> {
  const rows = toJsonRows(
    await findRowsOf<Row>(db, table, spec.userColumns, userId),
    types,
    new Set(spec.secretColumns ?? []),
  );
  for (const [column, shown] of Object.entries(spec.actedColumns ?? {})) {
    const acted = await findRowsActedOn<Row>(
      db,
      table,
      { column, shown, theirColumns: spec.userColumns },
      userId,
    );
    rows.push(...toJsonRows(acted, types, new Set()));
  }
  return rows;
}

/**
 * The identity provider's records of their sign-ins (sessions, grants, tokens): when and
 * through which client, without the ids, which are the tokens themselves.
 */
async function signInRecordsOf(db: Executor, subject: string | null): Promise<Row[]> {
  if (subject === null) return [];
  const rows = await findOidcRecordsOfAccount(db, subject);
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    const kept = ['accountId', 'clientId', 'iat', 'exp', 'loginTs', 'amr', 'scope'];
    return {
      kind: row.kind,
      ...Object.fromEntries(kept.filter((key) => key in payload).map((key) => [key, payload[key]])),
      expires_at: jsonValue(row.expires_at, undefined),
      consumed_at: jsonValue(row.consumed_at, undefined),
    };
  });
}

/** Their rate-limit counters: which limit (hashed subject), how many, until when. */
async function attemptCountersOf(db: Executor, prefixes: readonly string[]): Promise<Row[]> {
  const rows = await findAttemptCountersOf(db, prefixes);
  return rows.map((row) => ({
    key: row.key,
    count: row.count,
    expires_at: new Date(Number(row.expires_at)).toISOString(),
  }));
}

/** Mail sent to them (at any address they had), as queued: subject and text. */
async function mailTo(db: Executor, userId: number): Promise<Row[]> {
  const rows = await findMailTo(db, userId);
  return rows
    .map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }))
    .map((row) => ({
      to: row.payload.to,
      subject: row.payload.subject,
      text: row.payload.text,
      creation_date: jsonValue(row.creation_date, undefined),
      delivered_at: jsonValue(row.delivered_at, undefined),
    }));
}

/** Their uploads, as links they can open (the bytes are the picture itself). */
async function uploadsOf(db: Executor, userId: number, publicUrl: URL): Promise<Row[]> {
  const assetId = assetIdOf('user', userId);
  const rows = await findUploadsOf(db, assetId);
  return rows.map((row) => ({
    asset_id: row.asset_id,
    type: row.type,
    width: row.width,
    height: row.height,
    modification_date: jsonValue(row.modification_date, undefined),
    url: new URL(`api/assets/${row.asset_id}`, publicUrl).href,
  }));
}

/**
 * GET /api/users/me/export: everything the site holds about the person — a key for every
 * table that refers to a user (personalTables, an empty list where nothing is theirs), and
 * what names them elsewhere: mail sent to them, their uploads, sign-in records and counters.
 */
export async function exportUserData(
  db: AppDatabase,
  user: UserRow,
  publicUrl: URL,
  now = new Date(),
): Promise<DataExport> {
  const types = await typesOf(db);
  const data: DataExport['data'] = {};
  for (const [table, spec] of Object.entries(personalTables) as [
    PersonalTableName,
    PersonalTable,
  ][])
    data[table] = await rowsOf(db, table, spec, user.id, types.get(table) ?? new Map());
  const username = (await findUsernameOfUser(db, user.id)) ?? null;
  data.outbox = await mailTo(db, user.id);
  data.assets = await uploadsOf(db, user.id, publicUrl);
  data.oidc_records = await signInRecordsOf(db, user.subject);
  data.attempt_counters = await attemptCountersOf(
    db,
    personalAttemptKeyPrefixes(user.id, username),
  );
  return { exportedAt: now.toISOString(), userId: user.id, data };
}
