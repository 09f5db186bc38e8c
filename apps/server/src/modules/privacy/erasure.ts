import type { SubscriberStatus } from '@lanparty/contract';
import { assetIdOf, formerLannerNickname } from '@lanparty/contract/rules';
import { sql } from 'kysely';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { erasedSubjectOf, type UserRow } from '../accounts/accounts.repository.ts';
import { keepASystemAdministrator } from '../accounts/system-administrators.ts';
import { leaveClanForGood } from '../clans/clans.service.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { sweepMailFolder } from '../outbox/mail-files.ts';
import { forgetMessagesAbout } from '../outbox/outbox.repository.ts';
import { forgetContactEmails } from '../payments/payment-details.repository.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import type { PlacesDeps } from '../subscriptions/places.ts';
import { findSubscriberById } from '../subscriptions/subscribers.repository.ts';
import { dropSubscription } from '../subscriptions/subscribers.service.ts';
import {
  checkpointAfterErasure,
  findLansOfTheirTournaments,
  findTheirAddresses,
} from './erasure.repository.ts';
import { like, likeText } from './like-text.ts';
import { personalTables } from './personal-tables.ts';

export type ErasureDeps = PlacesDeps & {
  db: AppDatabase;
  dataDir: string;
  /** The tournaments module's leaving of a lan's tournaments (handed by the app). */
  leaveTournaments: (trx: Executor, lanId: number, userId: number) => Promise<void>;
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

/** Their subscriptions that go (isDropped), as the query finds them before any lock. */
async function subscriptionsToDrop(trx: Executor, userId: number, now: Date) {
  return trx
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select(['subscribers.id', 'subscribers.lan_id', 'subscribers.status'])
    .where('subscribers.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('subscribers.status', '=', 'Pending'),
        eb.and([
          eb('lans.end_date', '>=', now.toISOString()),
          eb('subscribers.status', '!=', 'Paid'),
        ]),
      ]),
    )
    .orderBy('subscribers.lan_id')
    .execute();
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
  now = new Date(),
): Promise<boolean> {
  const email = user.email;
  const isErased = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ erased_at: now.toISOString() })
      .where('id', '=', user.id)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await keepASystemAdministrator(
      trx,
      user.id,
      eraser.kind === 'self' ? 'erasing your own account' : 'erasing their account',
    );
    const username = (await findUsernameOfUser(trx, user.id)) ?? null;
    for (const { id, lan_id } of await subscriptionsToDrop(trx, user.id, now)) {
      const lan = await findPlaceLan(trx, lan_id, { isLocked: true });
      // Read again under the lan's lock: a place just marked Paid stays (the organiser's).
      const subscription = await findSubscriberById(trx, id);
      if (!lan || !subscription || !isDropped(subscription.status, lan.end_date, now)) continue;
      await dropSubscription(trx, deps, lan, subscription, now);
    }
    await trx
      .updateTable('seats')
      .set({ occupant_user_id: null, occupied_date: null })
      .where('occupant_user_id', '=', user.id)
      .where('lan_id', 'in', (eb) =>
        eb.selectFrom('lans').select('id').where('end_date', '>=', now.toISOString()),
      )
      .execute();
    await leaveClanForGood(trx, user.id);
    // As one who leaves the lan: out of tournaments not started, and an entry they captain
    // in one under way gives up, so the others can play on. The lan's row first, as a
    // withdrawal holds it.
    for (const lanId of await findLansOfTheirTournaments(trx, user.id)) {
      await findPlaceLan(trx, lanId, { isLocked: true });
      await deps.leaveTournaments(trx, lanId, user.id);
    }
    await forgetContactEmails(trx, await findTheirAddresses(trx, user.id, email), now);
    await forgetMessagesAbout(trx, user.id, now);
    for (const { table, columns } of deletedTables)
      await sql`delete from ${sql.table(table)} where ${sql.join(
        columns.map((column) => sql`${sql.ref(column)} = ${user.id}`),
        sql` or `,
      )}`.execute(trx);

    await trx.deleteFrom('assets').where('asset_id', '=', assetIdOf('user', user.id)).execute();
    if (user.subject !== null)
      await trx.deleteFrom('oidc_records').where('account_id', '=', user.subject).execute();
    const prefixes = personalAttemptKeyPrefixes(user.id, username);
    await trx
      .deleteFrom('attempt_counters')
      .where((eb) => eb.or(prefixes.map((prefix) => like('key', `${likeText(prefix)}%`))))
      .execute();
    await trx
      .updateTable('lan_messages')
      .set({ sender_nickname: formerLannerNickname })
      .where('sender_user_id', '=', user.id)
      .execute();
    await renameInUnreachable(trx, user.nickname);
    // The subject is kept hashed: an old token for it must find an erased account
    // (refused), not make a new one. Leaderboards keep lanner_since.
    await trx
      .updateTable('users')
      .set({
        nickname: formerLannerNickname,
        subject: user.subject === null ? null : erasedSubjectOf(user.subject),
        steam_id: null,
        steam_avatar_url: null,
        email: null,
        is_email_activated: false,
        first_name: null,
        surname: null,
        city: null,
        birth_date: null,
        shows_on_screens: false,
        shows_history: false,
        modification_date: now.toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('erasures')
      .values({
        erased_at: now.toISOString(),
        by_user_id: eraser.kind === 'administrator' ? eraser.userId : null,
        is_by_administrator: eraser.kind === 'administrator',
        reason: null,
      })
      .execute();
    return true;
  });
  if (isErased) {
    await checkpointAfterErasure(deps.db);
    // This server's mail folder at once; every other server's on its next sweep.
    await sweepMailFolder(deps.db, deps.dataDir);
  }
  return isErased;
}

/** The lan messages that listed them among those without a verified address. */
async function renameInUnreachable(trx: Executor, nickname: string): Promise<void> {
  const rows = await trx
    .selectFrom('lan_messages')
    .select(['id', 'unreachable'])
    .where(like('unreachable', `%${likeText(JSON.stringify(nickname))}%`))
    .execute();
  for (const row of rows) {
    const names = JSON.parse(row.unreachable) as string[];
    if (!names.includes(nickname)) continue;
    await trx
      .updateTable('lan_messages')
      .set({
        unreachable: JSON.stringify(
          names.map((name) => (name === nickname ? formerLannerNickname : name)),
        ),
      })
      .where('id', '=', row.id)
      .execute();
  }
}
