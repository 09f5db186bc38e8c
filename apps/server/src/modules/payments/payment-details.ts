import { noPaymentDetails, type PaymentDetails } from '@lanparty/contract';
import { fillPaymentReference } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import {
  findLanPaymentDetails,
  listLanPaymentDetails,
  readDefaultPaymentDetails,
} from './payment-details.repository.ts';

/** How a lan is paid for: its own payment details, whole, else the defaults (decision 034). */
export async function paymentDetailsOfLan(db: Executor, lanId: number): Promise<PaymentDetails> {
  return (await findLanPaymentDetails(db, lanId)) ?? (await readDefaultPaymentDetails(db));
}

/** The payment details of several lans at once, by lan id. */
export async function paymentDetailsOfLans(
  db: Executor,
  lanIds: readonly number[],
): Promise<Map<number, PaymentDetails>> {
  const own = await listLanPaymentDetails(db, lanIds);
  // The defaults are read only when some lan has no details of its own.
  const defaults =
    own.size < new Set(lanIds).size ? await readDefaultPaymentDetails(db) : noPaymentDetails;
  return new Map(lanIds.map((lanId) => [lanId, own.get(lanId) ?? defaults]));
}

/** The payment details as one lanner reads them: the reference filled in for them. */
export function paymentDetailsFor(
  details: PaymentDetails,
  values: { lan: string; nickname: string },
): PaymentDetails {
  return {
    ...details,
    reference: details.reference === null ? null : fillPaymentReference(details.reference, values),
  };
}

/**
 * Whom a mail's text names through the lan's payment details: the account whose address is
 * the contact for paying, when the text gives it (issue 50: erasing them empties the mail).
 */
export async function paymentContactsIn(db: Executor, lanId: number, text: string) {
  const { contactEmail } = await paymentDetailsOfLan(db, lanId);
  if (contactEmail === null || !text.includes(contactEmail)) return [];
  const contact = await findUserByEmail(db, contactEmail);
  return contact ? [contact.id] : [];
}
