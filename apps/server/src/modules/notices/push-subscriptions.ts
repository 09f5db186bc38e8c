import { createECDH } from 'node:crypto';
import {
  maximumPushSubscriptions,
  type PushSubscription,
  type PushSubscriptionInput,
  type PushSubscriptionList,
} from '@lanparty/contract';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { Viewer } from '../auth/viewer.ts';
import { endpointAddressProblem, endpointTextProblem } from './push-endpoint.ts';
import {
  deletePushSubscription,
  findPushSubscriptionByEndpoint,
  listPushSubscriptions,
  lockSubscriber,
  type PushSubscriptionRow,
  upsertPushSubscription,
} from './push-subscriptions.repository.ts';
import type { VapidKeys } from './web-push.ts';

/** What subscribing a browser needs: the site's keys, and whether loopback pushes are allowed. */
export type PushDeps = {
  db: AppDatabase;
  communityTimeZone: string;
  vapidKeys: () => Promise<VapidKeys>;
  allowsLoopback: boolean;
};

const toSubscription = (row: PushSubscriptionRow, timeZone: string): PushSubscription => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: toZonedIsoTimestamp(row.creation_date, timeZone),
});

/** GET users/me/push-subscriptions: the key to subscribe with, and the viewer's browsers. */
export async function listOwnPushSubscriptions(
  deps: PushDeps,
  viewer: Viewer,
): Promise<PushSubscriptionList> {
  const [keys, rows] = await Promise.all([
    deps.vapidKeys(),
    listPushSubscriptions(deps.db, viewer.user.id),
  ]);
  return {
    publicKey: keys.publicKey,
    items: rows.map((row) => toSubscription(row, deps.communityTimeZone)),
  };
}

const invalid = (field: string, message: string) =>
  new ProblemError(400, 'One or more fields are invalid.', { errors: { [field]: [message] } });

/** A browser's P-256 public key is a point on the curve; its auth secret is 16 bytes. */
function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (publicKey.length !== 65) throw new Error('not 65 bytes');
    const own = createECDH('prime256v1');
    own.generateKeys();
    own.computeSecret(publicKey);
  } catch {
    throw invalid('keys.p256dh', 'Must be the browser’s P-256 public key (65 bytes)');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    throw invalid('keys.auth', 'Must be the browser’s 16-byte authentication secret');
}

/**
 * POST users/me/push-subscriptions: notifies the viewer on this browser. The endpoint is
 * checked before anything is stored (push-endpoint.ts); a browser subscribed before (for
 * anyone) is the viewer's now; at most 5 browsers a person, counted under a lock so two
 * sent at once cannot make a sixth. `isNew` tells a new browser from one known already.
 */
export async function subscribeOwnBrowser(
  deps: PushDeps,
  viewer: Viewer,
  input: PushSubscriptionInput,
  now: Date,
): Promise<{ subscription: PushSubscription; isNew: boolean }> {
  const textProblem = endpointTextProblem(input.endpoint, deps.allowsLoopback);
  if (textProblem) throw invalid('endpoint', textProblem);
  checkKeys(input.keys);
  const addressProblem = await endpointAddressProblem(input.endpoint, deps.allowsLoopback);
  if (addressProblem) throw invalid('endpoint', addressProblem);
  return deps.db.transaction().execute(async (trx) => {
    await lockSubscriber(trx, viewer.user.id);
    const known = await findPushSubscriptionByEndpoint(trx, input.endpoint);
    const isTheirs = known?.user_id === viewer.user.id;
    if (!isTheirs) {
      const theirs = await listPushSubscriptions(trx, viewer.user.id);
      if (theirs.length >= maximumPushSubscriptions)
        throw new ProblemError(
          409,
          `You are notified on ${maximumPushSubscriptions} browsers already: turn one of them off first.`,
        );
    }
    const row = await upsertPushSubscription(
      trx,
      {
        userId: viewer.user.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      },
      now,
    );
    return { subscription: toSubscription(row, deps.communityTimeZone), isNew: !isTheirs };
  });
}

/** DELETE users/me/push-subscriptions/{id}: one of the viewer's own browsers; 404 otherwise. */
export async function unsubscribeOwnBrowser(
  deps: PushDeps,
  viewer: Viewer,
  id: number,
): Promise<void> {
  if (!(await deletePushSubscription(deps.db, viewer.user.id, id)))
    throw new ProblemError(404, 'You are not notified on such a browser.');
}
