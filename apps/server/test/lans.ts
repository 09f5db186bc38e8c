import type { Executor } from '../src/db/executor.ts';

const day = 24 * 60 * 60 * 1000;

/** A valid body of POST /api/lans for an active lan starting `days` from now, lasting two days. */
export function buildLanBody(overrides: Record<string, unknown> = {}, days = 10) {
  // One moment for both: read twice, a millisecond between them made the lan 48 h + 1 ms.
  const now = Date.now();
  return {
    name: 'Winter lan',
    description: 'Bring a cable.',
    startDate: new Date(now + days * day).toISOString(),
    endDate: new Date(now + (days + 2) * day).toISOString(),
    isActive: true,
    maximumSubcribers: 10,
    price: 30,
    membersPrice: 25,
    ...overrides,
  };
}

/**
 * An active lan written straight into the database, starting `daysAgo` days ago (negative: from now) and lasting
 * `days` (a past lan, which the API would not create): its id and start.
 */
export async function insertPastLan(
  db: Executor,
  { name, daysAgo, days = 2 }: { name: string; daysAgo: number; days?: number },
): Promise<{ id: number; start_date: string | Date }> {
  const now = new Date().toISOString();
  const start = new Date(Date.now() - daysAgo * day).toISOString();
  return db
    .insertInto('lans')
    .values({
      name,
      description: '',
      start_date: start,
      end_date: new Date(Date.parse(start) + days * day).toISOString(),
      is_active: true,
      maximum_subscribers: 10,
      price_cents: 3000,
      members_price_cents: 2500,
      location_invoice_number: null,
      location_is_payed: false,
      creation_date: now,
      modification_date: now,
    })
    .returning(['id', 'start_date'])
    .executeTakeFirstOrThrow();
}
