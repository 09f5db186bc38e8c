import { noPaymentDetails, type PaymentDetails } from '@lanparty/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { LanPaymentDetailsTable } from '../../db/schema.ts';

/** The settings key of the default payment details: one JSON value, saved whole. */
const defaultsKey = 'paymentDetails';

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The default payment details; none of them until a lan administrator sets them. */
export async function readDefaultPaymentDetails(db: Executor): Promise<PaymentDetails> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', defaultsKey)
    .executeTakeFirst();
  if (!row) return noPaymentDetails;
  const saved = JSON.parse(row.value) as Record<string, unknown>;
  return {
    accountHolder: textOrNull(saved.accountHolder),
    iban: textOrNull(saved.iban),
    reference: textOrNull(saved.reference),
    contactEmail: textOrNull(saved.contactEmail),
  };
}

export async function saveDefaultPaymentDetails(
  db: Executor,
  details: PaymentDetails,
  now: Date,
): Promise<void> {
  const value = JSON.stringify(details);
  await db
    .insertInto('settings')
    .values({ key: defaultsKey, value, modification_date: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value, modification_date: now.toISOString() }),
    )
    .execute();
}

type LanPaymentDetailsRow = Selectable<LanPaymentDetailsTable>;

/** The columns of a lan's own payment details, read as the contract's shape by detailsOf. */
const detailColumns = ['account_holder', 'iban', 'reference', 'contact_email'] as const;

function detailsOf(
  row: Pick<LanPaymentDetailsRow, (typeof detailColumns)[number]>,
): PaymentDetails {
  return {
    accountHolder: row.account_holder,
    iban: row.iban,
    reference: row.reference,
    contactEmail: row.contact_email,
  };
}

/** A lan's own payment details; undefined when the defaults apply. */
export async function findLanPaymentDetails(
  db: Executor,
  lanId: number,
): Promise<PaymentDetails | undefined> {
  const row = await db
    .selectFrom('lan_payment_details')
    .select(detailColumns)
    .where('lan_id', '=', lanId)
    .executeTakeFirst();
  return row && detailsOf(row);
}

/** The own payment details of those of these lans that have them, by lan id. */
export async function listLanPaymentDetails(
  db: Executor,
  lanIds: readonly number[],
): Promise<Map<number, PaymentDetails>> {
  if (lanIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lan_payment_details')
    .select(['lan_id', ...detailColumns])
    .where('lan_id', 'in', [...lanIds])
    .execute();
  return new Map(rows.map((row) => [row.lan_id, detailsOf(row)]));
}

/** Gives a lan its own payment details, or (null) lets the defaults apply again. */
export async function saveLanPaymentDetails(
  db: Executor,
  lanId: number,
  details: PaymentDetails | null,
  now: Date,
): Promise<void> {
  if (details === null) {
    await db.deleteFrom('lan_payment_details').where('lan_id', '=', lanId).execute();
    return;
  }
  const values = {
    account_holder: details.accountHolder,
    iban: details.iban,
    reference: details.reference,
    contact_email: details.contactEmail,
    modification_date: now.toISOString(),
  };
  await db
    .insertInto('lan_payment_details')
    .values({ lan_id: lanId, ...values })
    .onConflict((conflict) => conflict.column('lan_id').doUpdateSet(values))
    .execute();
}

/**
 * An erased person's addresses leave the payment details they were the contact of (issue 50):
 * a lan's own and the defaults. The details stay otherwise; the contact is then none.
 */
export async function forgetContactEmails(
  db: Executor,
  addresses: readonly string[],
  now: Date,
): Promise<void> {
  const lower = new Set(addresses.map((address) => address.toLowerCase()));
  if (lower.size === 0) return;
  await db
    .updateTable('lan_payment_details')
    .set({ contact_email: null, modification_date: now.toISOString() })
    .where((eb) => eb(eb.fn('lower', ['contact_email']), 'in', [...lower]))
    .execute();
  const defaults = await readDefaultPaymentDetails(db);
  if (defaults.contactEmail !== null && lower.has(defaults.contactEmail.toLowerCase()))
    await saveDefaultPaymentDetails(db, { ...defaults, contactEmail: null }, now);
}
