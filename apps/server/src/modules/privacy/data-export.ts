import type { DataExport } from '@lanparty/contract';
import { assetIdOf, formatEuros, textMoney } from '@lanparty/contract/rules';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { listOwnFoodOrderLines } from '../food/food-orders.repository.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { findOidcRecordsOfAccount } from '../identity/oidc-records.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { findMailTo } from '../outbox/outbox.repository.ts';
import {
  findAttemptCountersOf,
  findNamesOf,
  findRowsActedOn,
  findRowsOf,
  findUploadsOf,
  type NamedTable,
} from './erasure.repository.ts';
import { type PersonalTable, type PersonalTableName, personalTables } from './personal-tables.ts';
import { readColumns } from './user-catalogue.repository.ts';

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

/** Columns naming a lan, game, clan or tournament: the export writes its name beside it. */
const namedColumns: Readonly<Record<string, NamedTable>> = {
  lan_id: 'lans',
  game_id: 'games',
  clan_id: 'clans',
  tournament_id: 'tournaments',
};

/** A moment as either engine gives it: a Date (PostgreSQL), or toISOString's text (SQLite). */
const isoInstant = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * A value as JSON shows it, the same from both engines: booleans (SQLite keeps 0/1) as
 * booleans, big integers (PostgreSQL answers text) as numbers, moments as ISO 8601 with the
 * community's offset then (as every answer of the site writes them).
 */
function jsonValue(value: unknown, type: string | undefined, timeZone: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1;
  if (type === 'bigint' || type === 'integer') return Number(value);
  if (value instanceof Date || (typeof value === 'string' && isoInstant.test(value)))
    return toZonedIsoTimestamp(value, timeZone);
  if (value instanceof Uint8Array) return `(${value.byteLength} bytes)`;
  return value;
}

/** Each row's values as JSON shows them, without the columns left out. */
function toJsonRows(
  rows: Row[],
  types: Map<string, string>,
  leftOut: ReadonlySet<string>,
  timeZone: string,
): Row[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([column]) => !leftOut.has(column))
        .map(([column, value]) => [column, jsonValue(value, types.get(column), timeZone)]),
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
  timeZone: string,
): Promise<Row[]> {
  const rows = toJsonRows(
    await findRowsOf<Row>(db, table, spec.userColumns, userId),
    types,
    new Set(spec.secretColumns ?? []),
    timeZone,
  );
  for (const [column, shown] of Object.entries(spec.actedColumns ?? {})) {
    const acted = await findRowsActedOn<Row>(
      db,
      table,
      { column, shown, theirColumns: spec.userColumns },
      userId,
    );
    rows.push(...toJsonRows(acted, types, new Set(), timeZone));
  }
  return rows;
}

type Names = Map<NamedTable, Map<number, string>>;

/** The names of every lan, game, clan and tournament the rows name by id, read once each. */
async function namesIn(db: Executor, parts: Iterable<Row[]>): Promise<Names> {
  const ids = new Map<NamedTable, Set<number>>();
  for (const rows of parts)
    for (const row of rows)
      for (const [column, table] of Object.entries(namedColumns))
        if (typeof row[column] === 'number')
          ids.set(table, (ids.get(table) ?? new Set()).add(row[column] as number));
  const names: Names = new Map();
  for (const [table, wanted] of ids) names.set(table, await findNamesOf(db, table, [...wanted]));
  return names;
}

/**
 * A row as a person reads it: money (`amount_due_cents: 2500`) in euros through the one money
 * module (`amount_due: "€25.00"`), and a lan's, game's, clan's or tournament's name beside its
 * id (`lan_id: 19, lan_name: "Winter Lan"`).
 */
function readable(row: Row, names: Names): Row {
  const shown: Row = {};
  for (const [column, value] of Object.entries(row)) {
    const money = /^(.+)_cents$/.exec(column);
    if (money?.[1] && (typeof value === 'number' || value === null)) {
      shown[money[1]] = value === null ? null : formatEuros(value, textMoney);
      continue;
    }
    shown[column] = value;
    const named = namedColumns[column];
    if (named)
      shown[`${column.slice(0, -'_id'.length)}_name`] =
        typeof value === 'number' ? (names.get(named)?.get(value) ?? null) : null;
  }
  return shown;
}

/**
 * The identity provider's records of their sign-ins (sessions, grants, tokens): when and
 * through which client, without the ids, which are the tokens themselves.
 */
async function signInRecordsOf(
  db: Executor,
  subject: string | null,
  timeZone: string,
): Promise<Row[]> {
  if (subject === null) return [];
  const rows = await findOidcRecordsOfAccount(db, subject);
  // The provider counts in seconds since 1970: written as the moments they are.
  const moment = (seconds: unknown) =>
    typeof seconds === 'number' ? toZonedIsoTimestamp(new Date(seconds * 1000), timeZone) : null;
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    return {
      kind: row.kind,
      subject: payload.accountId ?? null,
      client_id: payload.clientId ?? null,
      scope: payload.scope ?? null,
      ...('amr' in payload ? { sign_in_methods: payload.amr } : {}),
      ...('loginTs' in payload ? { signed_in_at: moment(payload.loginTs) } : {}),
      issued_at: moment(payload.iat),
      expires_at: jsonValue(row.expires_at, undefined, timeZone),
      consumed_at: jsonValue(row.consumed_at, undefined, timeZone),
    };
  });
}

/** Their rate-limit counters: which limit (hashed subject), how many, until when. */
async function attemptCountersOf(
  db: Executor,
  prefixes: readonly string[],
  timeZone: string,
): Promise<Row[]> {
  const rows = await findAttemptCountersOf(db, prefixes);
  return rows.map((row) => ({
    key: row.key,
    count: row.count,
    expires_at: toZonedIsoTimestamp(new Date(Number(row.expires_at)), timeZone),
  }));
}

/** Mail sent to them (at any address they had), as queued: subject and text. */
async function mailTo(db: Executor, userId: number, timeZone: string): Promise<Row[]> {
  const rows = await findMailTo(db, userId);
  return rows
    .map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }))
    .map((row) => ({
      to: row.payload.to,
      subject: row.payload.subject,
      text: row.payload.text,
      creation_date: jsonValue(row.creation_date, undefined, timeZone),
      delivered_at: jsonValue(row.delivered_at, undefined, timeZone),
    }));
}

/** Their uploads, as links they can open (the bytes are the picture itself). */
async function uploadsOf(
  db: Executor,
  userId: number,
  publicUrl: URL,
  timeZone: string,
): Promise<Row[]> {
  const assetId = assetIdOf('user', userId);
  const rows = await findUploadsOf(db, assetId);
  return rows.map((row) => ({
    asset_id: row.asset_id,
    type: row.type,
    width: row.width,
    height: row.height,
    modification_date: jsonValue(row.modification_date, undefined, timeZone),
    url: new URL(`api/assets/${row.asset_id}`, publicUrl).href,
  }));
}

/** What they ordered in each of their food orders: the item and choices named, in euros. */
async function foodOrderLinesOf(db: Executor, userId: number, names: Names): Promise<Row[]> {
  return (await listOwnFoodOrderLines(db, userId)).map((line) => readable(line, names));
}

/** What the parts beyond the tables hold, for the `about` of the file. */
const beyondTables = {
  food_order_lines:
    'What you ordered in each of your food orders (its order_id): the item, how many, its choices, its price for one as ordered, and your note.',
  outbox:
    'Mail sent to you, at any address you had: to, subject, text, when queued and delivered (the text goes 30 days after sending).',
  assets: 'Pictures you uploaded, as links.',
  oidc_records:
    'Your sign-ins at this site: sessions, grants and tokens, through which client, when and until when (without the tokens themselves).',
  attempt_counters:
    'Counters limiting how often you may try things (sign-ins, checks, uploads, exports), until their window ends.',
} as const;

/** What the file is, and how it writes times, money and ids. */
function aboutTheFile(userId: number, timeZone: string): string {
  return (
    `Everything Lanparty holds about you (user ${userId}). Each part of "data" is one kind of ` +
    'record, said in a sentence under "parts"; an empty list means the site holds none of yours. ' +
    `Times are ISO 8601 with the offset of the community's time zone (${timeZone}); money is in ` +
    'euros; the number of a lan, game, clan or tournament has its name beside it. Left out: ' +
    'password and code hashes, tokens, ticket codes, and anything about other people.'
  );
}

/**
 * GET /api/users/me/export: everything the site holds about the person, for them to read —
 * a key for every table that refers to a user (personalTables, an empty list where nothing
 * is theirs), and what names them elsewhere: mail sent to them, their uploads, sign-in
 * records and counters; an `about` says what each part is.
 */
export async function exportUserData(
  db: AppDatabase,
  user: UserRow,
  { publicUrl, timeZone }: { publicUrl: URL; timeZone: string },
  now = new Date(),
): Promise<DataExport> {
  const types = await typesOf(db);
  const tables: [string, Row[]][] = [];
  const parts: Record<string, string> = {};
  for (const [table, spec] of Object.entries(personalTables) as [
    PersonalTableName,
    PersonalTable,
  ][]) {
    tables.push([
      table,
      await rowsOf(db, table, spec, user.id, types.get(table) ?? new Map(), timeZone),
    ]);
    parts[table] = spec.about;
  }
  const names = await namesIn(
    db,
    tables.map(([, rows]) => rows),
  );
  const data: DataExport['data'] = Object.fromEntries(
    tables.map(([table, rows]) => [table, rows.map((row) => readable(row, names))]),
  );
  const username = (await findUsernameOfUser(db, user.id)) ?? null;
  data.food_order_lines = await foodOrderLinesOf(db, user.id, names);
  data.outbox = await mailTo(db, user.id, timeZone);
  data.assets = await uploadsOf(db, user.id, publicUrl, timeZone);
  data.oidc_records = await signInRecordsOf(db, user.subject, timeZone);
  data.attempt_counters = await attemptCountersOf(
    db,
    personalAttemptKeyPrefixes(user.id, username),
    timeZone,
  );
  Object.assign(parts, beyondTables);
  return {
    about: { file: aboutTheFile(user.id, timeZone), parts },
    exportedAt: toZonedIsoTimestamp(now, timeZone),
    timeZone,
    userId: user.id,
    data,
  };
}
