import type { LanPaymentDetails, PaymentDetails } from '@lanparty/contract';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  findLanPaymentDetails,
  readDefaultPaymentDetails,
  saveDefaultPaymentDetails,
  saveLanPaymentDetails,
} from '../payments/payment-details.repository.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import { findLanById } from './lans.repository.ts';

/**
 * How lanners pay and whom they ask about money (decision 034), for lan administrators:
 * the defaults, and a lan's own payment details. Never on the public lan: an IBAN and an
 * address are for the people who owe.
 */

export async function getDefaultPaymentDetails(
  db: Executor,
  viewer: Viewer | null,
): Promise<PaymentDetails> {
  authorize(viewer, 'paymentDetails.manage');
  return readDefaultPaymentDetails(db);
}

/** Replaces the defaults whole; the answer is what is saved. */
export async function setDefaultPaymentDetails(
  db: Executor,
  viewer: Viewer | null,
  details: PaymentDetails,
): Promise<PaymentDetails> {
  authorize(viewer, 'paymentDetails.manage');
  await saveDefaultPaymentDetails(db, details, new Date());
  return readDefaultPaymentDetails(db);
}

async function lanPaymentDetails(db: Executor, lanId: number): Promise<LanPaymentDetails> {
  return {
    details: (await findLanPaymentDetails(db, lanId)) ?? null,
    defaults: await readDefaultPaymentDetails(db),
  };
}

/** A lan's own payment details (null: the defaults apply) and the defaults; 404 when unknown. */
export async function getLanPaymentDetails(
  db: Executor,
  viewer: Viewer | null,
  lanId: number,
): Promise<LanPaymentDetails> {
  authorize(viewer, 'paymentDetails.manage');
  if (!(await findLanById(db, lanId))) throw new ProblemError(404, `There is no lan ${lanId}.`);
  return lanPaymentDetails(db, lanId);
}

/** Gives a lan its own payment details, used whole, or lets the defaults apply (null). */
export async function setLanPaymentDetails(
  db: AppDatabase,
  viewer: Viewer | null,
  lanId: number,
  details: PaymentDetails | null,
): Promise<LanPaymentDetails> {
  authorize(viewer, 'paymentDetails.manage');
  await db.transaction().execute(async (trx) => {
    // Locked: a lan deleted meanwhile is a 404, not a broken reference.
    if (!(await findPlaceLan(trx, lanId, { isLocked: true })))
      throw new ProblemError(404, `There is no lan ${lanId}.`);
    await saveLanPaymentDetails(trx, lanId, details, new Date());
  });
  return lanPaymentDetails(db, lanId);
}
