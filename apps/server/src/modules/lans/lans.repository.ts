import type { LanLocation } from '@lanparty/contract';
import type { Selectable } from 'kysely';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { queryOnce } from '../../db/query-once.ts';
import type { LansTable } from '../../db/schema.ts';
import type { LanTimelineEntry } from './lan-timeline.ts';

export type LanRow = Selectable<LansTable>;

/** A lan as it is written: dates ISO-8601 UTC, money in cents. */
export type LanValues = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  maximumSubscribers: number;
  priceCents: number;
  membersPriceCents: number;
  locationInvoiceNumber: string | null;
  locationIsPayed: boolean;
  location: LanLocation | null;
};

function columnsOf(values: LanValues) {
  return {
    name: values.name,
    description: values.description,
    start_date: values.startDate,
    end_date: values.endDate,
    is_active: values.isActive,
    maximum_subscribers: values.maximumSubscribers,
    price_cents: values.priceCents,
    members_price_cents: values.membersPriceCents,
    location_invoice_number: values.locationInvoiceNumber,
    location_is_payed: values.locationIsPayed,
    location_name: values.location?.name ?? null,
    location_address: values.location?.address ?? null,
  };
}

export async function findLanById(db: Executor, id: number): Promise<LanRow | undefined> {
  return db.selectFrom('lans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every lan's id, start, end and whether it is active, by start date then id. */
export async function listLanTimeline(db: Executor): Promise<LanTimelineEntry[]> {
  const rows = await db
    .selectFrom('lans')
    .select(['id', 'start_date', 'end_date', 'is_active'])
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    start: Date.parse(toIsoTimestamp(row.start_date)),
    end: Date.parse(toIsoTimestamp(row.end_date)),
    isActive: toBoolean(row.is_active),
  }));
}

/** These lans, in the order of `ids`. */
export async function findLansByIds(db: Executor, ids: readonly number[]): Promise<LanRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('lans').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertLan(db: Executor, values: LanValues, now: Date): Promise<LanRow> {
  return db
    .insertInto('lans')
    .values({
      ...columnsOf(values),
      creation_date: now.toISOString(),
      modification_date: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateLan(
  db: Executor,
  id: number,
  values: LanValues,
  now: Date,
): Promise<LanRow> {
  return db
    .updateTable('lans')
    .set({ ...columnsOf(values), modification_date: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a lan; its subscriptions go with it (foreign key cascade). */
export async function deleteLan(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('subscribers').where('lan_id', '=', id).execute();
  await db.deleteFrom('lans').where('id', '=', id).execute();
}

const nextLanEnd = queryOnce((db, values: { after: string }) =>
  db
    .selectFrom('lans')
    .select((eb) => eb.fn.min('end_date').as('next'))
    .where('end_date', '>', values.after),
);

/**
 * The end (ISO-8601) of the first lan ending after `now`, if any (asked by every lan read):
 * its lanners' numberOfLans and lastLanOn change then (issue 36: a lan attended has ended).
 */
export async function findNextLanEnd(db: Executor, now: Date): Promise<string | undefined> {
  const [row] = await nextLanEnd(db, { after: now.toISOString() });
  return row?.next ? toIsoTimestamp(row.next) : undefined;
}
