import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SubscriberStatus } from '@lanparty/contract';
import { assetIdOf, formerLannerNickname } from '@lanparty/contract/rules';
import { sql } from 'kysely';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { erasedSubjectOf, type UserRow } from '../accounts/accounts.repository.ts';
import { keepASystemAdministrator } from '../accounts/system-administrators.ts';
import { leaveClanForGood } from '../clans/clans.service.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import type { PlacesDeps } from '../subscriptions/places.ts';
import { findSubscriberById } from '../subscriptions/subscribers.repository.ts';
import { dropSubscription } from '../subscriptions/subscribers.service.ts';
import { leaveTournamentsToCome } from '../tournaments/tournaments.repository.ts';
import { like, likeText } from './like-text.ts';
import { personalTables } from './personal-tables.ts';

export type ErasureDeps = PlacesDeps & { db: AppDatabase; dataDir: string };

/** Who erased the account: the person, or a member administrator with a reason. */
export type Eraser = { kind: 'self' } | { kind: 'administrator'; userId: number; reason: string };

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
    const subscriberIds = (
      await trx.selectFrom('subscribers').select('id').where('user_id', '=', user.id).execute()
    ).map((row) => row.id);

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
    await leaveTournamentsToCome(trx, user.id);
    for (const { table, columns } of deletedTables)
      await sql`delete from ${sql.table(table)} where ${sql.join(
        columns.map((column) => sql`${sql.ref(column)} = ${user.id}`),
        sql` or `,
      )}`.execute(trx);

    await trx.deleteFrom('assets').where('asset_id', '=', assetIdOf('user', user.id)).execute();
    if (user.subject !== null)
      await trx
        .deleteFrom('oidc_records')
        .where(like('payload', `%"accountId":"${likeText(user.subject)}"%`))
        .execute();
    const prefixes = personalAttemptKeyPrefixes(user.id, username);
    await trx
      .deleteFrom('attempt_counters')
      .where((eb) => eb.or(prefixes.map((prefix) => like('key', `${likeText(prefix)}%`))))
      .execute();
    await forgetTheirMail(trx, email, now);
    await cancelTheirChatPosts(trx, subscriberIds, now);
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
        reason: eraser.kind === 'administrator' ? eraser.reason : null,
      })
      .execute();
    return true;
  });
  if (isErased && email !== null) await deleteMailFilesTo(deps.dataDir, email);
  return isErased;
}

/** Whether a message is still to be sent: neither sent, given up on, nor cancelled. */
const isWaiting = (row: { delivered_at: unknown; failed_at: unknown; cancelled_at: unknown }) =>
  row.delivered_at === null && row.failed_at === null && row.cancelled_at === null;

/**
 * Mail to their address: a waiting one is cancelled, and every one's text emptied (the row
 * stays: its dedupe key keeps a message from being queued twice, decision 044). Where their
 * address is only the reply-to of mail to others (a lan message they sent), it is taken out.
 */
async function forgetTheirMail(trx: Executor, email: string | null, now: Date): Promise<void> {
  if (email === null) return;
  const address = email.toLowerCase();
  const rows = await trx
    .selectFrom('outbox')
    .select(['id', 'payload', 'delivered_at', 'failed_at', 'cancelled_at'])
    .where('channel', '=', 'email')
    .where(
      sql<boolean>`lower(payload) like ${`%${likeText(JSON.stringify(address).slice(1, -1))}%`} escape '\\'`,
    )
    .execute();
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as { to?: string; replyTo?: string };
    if (String(payload.to ?? '').toLowerCase() === address)
      await trx
        .updateTable('outbox')
        .set({
          payload: '{}',
          ...(isWaiting(row) ? { cancelled_at: now.toISOString() } : {}),
        })
        .where('id', '=', row.id)
        .execute();
    else if (String(payload.replyTo ?? '').toLowerCase() === address) {
      const { replyTo: _theirs, ...rest } = payload;
      await trx
        .updateTable('outbox')
        .set({ payload: JSON.stringify(rest) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

/** Chat posts still waiting that name them (a place taken: "… is joining"): cancelled. */
async function cancelTheirChatPosts(
  trx: Executor,
  subscriberIds: readonly number[],
  now: Date,
): Promise<void> {
  for (const id of subscriberIds)
    await trx
      .updateTable('outbox')
      .set({ payload: '{}', cancelled_at: now.toISOString() })
      .where('channel', '=', 'chat')
      .where((eb) =>
        eb.or([
          eb('dedupe_key', '=', `subscriber-accepted:${id}`),
          eb('dedupe_key', 'like', `subscriber-accepted:${id}:%`),
        ]),
      )
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where((eb) =>
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
      )
      .execute();
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

/** Mail written to files (no SMTP server set up) to this address goes too (its To header). */
async function deleteMailFilesTo(dataDir: string, email: string): Promise<void> {
  const folder = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return;
  }
  const address = email.toLowerCase();
  for (const name of names) {
    const file = path.join(folder, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const to = /^to:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
    if (to.toLowerCase().includes(address)) await rm(file, { force: true });
  }
}
