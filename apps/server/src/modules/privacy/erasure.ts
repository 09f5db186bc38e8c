import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { assetIdOf, formerLannerNickname } from '@lanparty/contract/rules';
import { sql } from 'kysely';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { leaveClanForGood } from '../clans/clans.service.ts';
import { findUsernameOfUser } from '../identity/local-accounts.repository.ts';
import { personalAttemptKeyPrefixes } from '../limits/attempt-limits.ts';
import { findPlaceLan } from '../subscriptions/place-lans.repository.ts';
import type { PlacesDeps } from '../subscriptions/places.ts';
import { dropSubscription } from '../subscriptions/subscribers.service.ts';
import { personalTables } from './personal-tables.ts';

export type ErasureDeps = PlacesDeps & { db: AppDatabase; dataDir: string };

/** Who erased the account: the person, or a member administrator with a reason. */
export type Eraser = { kind: 'self' } | { kind: 'administrator'; userId: number; reason: string };

const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The tables whose rows of the person simply go (personalTables' `delete`). */
const deletedTables = Object.entries(personalTables)
  .filter(([, spec]) => spec.onErasure === 'delete')
  .map(([table, spec]) => ({ table, columns: spec.userColumns as readonly string[] }));

/**
 * Their subscriptions that go: every pending one, and at lans to come (not ended) every one
 * but a paid place (the organiser's money: it stays, of a "Former lanner", theirs to settle).
 */
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
    const username = (await findUsernameOfUser(trx, user.id)) ?? null;

    for (const subscription of await subscriptionsToDrop(trx, user.id, now)) {
      const lan = await findPlaceLan(trx, subscription.lan_id, { isLocked: true });
      if (lan) await dropSubscription(trx, deps, lan, subscription, now);
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
    for (const { table, columns } of deletedTables)
      await sql`delete from ${sql.table(table)} where ${sql.join(
        columns.map((column) => sql`${sql.ref(column)} = ${user.id}`),
        sql` or `,
      )}`.execute(trx);

    await trx.deleteFrom('assets').where('asset_id', '=', assetIdOf('user', user.id)).execute();
    if (user.subject !== null)
      await trx
        .deleteFrom('oidc_records')
        .where(
          sql<boolean>`payload like ${`%"accountId":"${likeText(user.subject)}"%`} escape '\\'`,
        )
        .execute();
    const prefixes = personalAttemptKeyPrefixes(user.id, username);
    await trx
      .deleteFrom('attempt_counters')
      .where((eb) => eb.or(prefixes.map((prefix) => eb('key', 'like', `${likeText(prefix)}%`))))
      .execute();
    if (email !== null)
      await trx
        .deleteFrom('outbox')
        .where('channel', '=', 'email')
        .where(
          sql<boolean>`lower(payload) like ${`%${likeText(JSON.stringify(email).slice(1, -1).toLowerCase())}%`} escape '\\'`,
        )
        .execute();
    await trx
      .updateTable('lan_messages')
      .set({ sender_nickname: formerLannerNickname })
      .where('sender_user_id', '=', user.id)
      .execute();
    // The subject stays: it is a random id, and an old token for it must find an erased
    // account (refused), not make a new one. Leaderboards keep lanner_since.
    await trx
      .updateTable('users')
      .set({
        nickname: formerLannerNickname,
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

/** Mail written to files (no SMTP server set up) for this address goes too. */
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
    if (text.toLowerCase().includes(address)) await rm(file, { force: true });
  }
}
