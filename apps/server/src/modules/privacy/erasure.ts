import type { SubscriberStatus } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/executor.ts';
import { erasedSubjectOf, type UserRow } from '../accounts/accounts.repository.ts';
import { keepASystemAdministrator } from '../accounts/system-administrators.ts';
import { leaveClanForGood } from '../clans/clans.service.ts';
import { dropFoodOrdersOnErasure } from '../food/food-orders.repository.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { deleteOidcRecordsOfAccount } from '../identity/oidc-records.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { sweepMailFolder } from '../outbox/mail-files.ts';
import { forgetMessagesAbout } from '../outbox/outbox.repository.ts';
import { forgetContactEmails } from '../payments/payment-details.repository.ts';
import { findPlaceLan, type PlaceLanRow } from '../subscriptions/place-lans.repository.ts';
import type { PlacesDeps } from '../subscriptions/places.ts';
import { findSubscriberById } from '../subscriptions/subscribers.repository.ts';
import { dropSubscription } from '../subscriptions/subscribers.service.ts';
import {
  anonymiseUser,
  checkpointAfterErasure,
  claimErasure,
  deleteAttemptCountersOf,
  deleteRowsOf,
  deleteUploadsOf,
  findLansOfSeatsToCome,
  findLansOfTheirTournaments,
  findSubscriptionsToDrop,
  findTheirAddresses,
  recordErasure,
  renameInUnreachable,
  renameSender,
} from './erasure.repository.ts';
import { personalTables } from './personal-tables.ts';

export type ErasureDeps = PlacesDeps & {
  db: AppDatabase;
  dataDir: string;
};

/**
 * Who erased the account: the person, or a member administrator. No reason is asked: free
 * text may name the person (issue 50).
 */
export type Eraser = { kind: 'self' } | { kind: 'administrator'; userId: number };

/** The tables whose rows of the person simply go (personalTables' `delete`). */
const deletedTables = Object.entries(personalTables)
  .filter(([, spec]) => spec.onErasure === 'delete')
  .map(([table, spec]) => ({ table, columns: spec.userColumns as readonly string[] }));

/**
 * Whether a subscription of theirs goes: every pending one, and at a lan to come (not ended)
 * every one but a paid place (the organiser's money: it stays, of a "Former lanner").
 */
function isDropped(status: SubscriberStatus, lanEnd: Date | string, now: Date): boolean {
  return status === 'Pending' || (new Date(lanEnd).getTime() >= now.getTime() && status !== 'Paid');
}

/**
 * Erases an account (issue 36) in one transaction. What names the person goes: names,
 * e-mail, Steam id, avatar and uploads, sessions and tokens (a token issued before is
 * refused at once: authenticate.ts refuses an erased account's subject), roles, clan
 * membership, seats of lans to come, pending subscriptions and places at lans to come,
 * the attempt counters and sign-in records that name them, mail waiting for them. What
 * stays is anonymised: the user row, as "Former lanner", with past subscriptions and
 * payments and the playtime per day, so the organiser's accounts, leaderboards and
 * rewinds add up as before. Recorded in `erasures` without personal data. False when
 * the account was erased already (or never was).
 */
export async function eraseAccount(
  deps: ErasureDeps,
  user: UserRow,
  eraser: Eraser,
  now: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const email = user.email;
  const isErased = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimErasure(trx, user.id, now))) return false;
    await keepASystemAdministrator(
      trx,
      user.id,
      eraser.kind === 'self' ? 'erasing your own account' : 'erasing their account',
    );
    const username = (await findUsernameOfUser(trx, user.id)) ?? null;
    const dropped = await findSubscriptionsToDrop(trx, user.id, now);
    // The lans they leave besides those of the places dropped: where they sit at a lan to
    // come (a paid place stays, the seat does not), and those of their tournaments.
    const leftToo = new Set([
      ...(await findLansOfSeatsToCome(trx, user.id, now)),
      ...(await findLansOfTheirTournaments(trx, user.id)),
    ]);
    // Every lan this erasure changes is held first, once, in id order, as any other erasure
    // holds them: taking the lans of their places and then those of their tournaments, a
    // lower id after a higher one, two erasures at once could each wait for the other.
    const lanIds = [...new Set([...dropped.map((row) => row.lan_id), ...leftToo])].sort(
      (a, b) => a - b,
    );
    const lans = new Map<number, PlaceLanRow>();
    for (const lanId of lanIds) {
      const lan = await findPlaceLan(trx, lanId, { isLocked: true });
      if (lan) lans.set(lanId, lan);
    }
    for (const { id, lan_id } of dropped) {
      const lan = lans.get(lan_id);
      // Read again under the lan's lock: a place just marked Paid stays (the organiser's).
      const subscription = await findSubscriberById(trx, id);
      if (!lan || !subscription || !isDropped(subscription.status, lan.end_date, now)) continue;
      // Leaving the lan with it: their seat freed, its tournaments left (decision 049).
      if (await dropSubscription(trx, deps, lan, subscription, now)) leftToo.delete(lan_id);
    }
    await leaveClanForGood(trx, user.id);
    await dropFoodOrdersOnErasure(trx, user.id, now);
    // The lans they leave with a place kept (the organiser's) or none: the same step, so an
    // entry they captain in a tournament under way gives up and the others can play on.
    for (const lanId of lanIds) if (leftToo.has(lanId)) await deps.leaveLan(trx, lanId, user.id);
    await forgetContactEmails(trx, await findTheirAddresses(trx, user.id, email), now);
    await forgetMessagesAbout(trx, user.id, now);
    for (const { table, columns } of deletedTables)
      await deleteRowsOf(trx, table, columns, user.id);
    await deleteUploadsOf(trx, assetIdOf('user', user.id));
    if (user.subject !== null) await deleteOidcRecordsOfAccount(trx, user.subject);
    await deleteAttemptCountersOf(trx, personalAttemptKeyPrefixes(user.id, username));
    await renameSender(trx, user.id);
    await renameInUnreachable(trx, user.nickname);
    await anonymiseUser(
      trx,
      user.id,
      user.subject === null ? null : erasedSubjectOf(user.subject),
      now,
    );
    await recordErasure(trx, eraser.kind === 'administrator' ? eraser.userId : null, now);
    return true;
  });
  if (isErased) {
    await checkpointAfterErasure(deps.db, log);
    // This server's mail folder at once; every other server's on its next sweep.
    await sweepMailFolder(deps.db, deps.dataDir);
  }
  return isErased;
}
