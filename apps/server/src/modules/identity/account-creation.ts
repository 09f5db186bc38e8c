import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  insertUser,
  type NewUser,
  replaceRoles,
  type UserRow,
} from '../accounts/accounts.repository.ts';
import { isFirstUser, lockAccountCreation } from './local-accounts.repository.ts';

export type CreatedUser = { user: UserRow; isAdministrator: boolean };

/**
 * Inserts a person who signs up (with a password or through Steam) and applies the rule
 * of a new site: the first account becomes SystemAdministrator, so someone can run it.
 * Call inside the transaction that creates the account; the decision is taken after the
 * insert, under a lock, so two simultaneous first sign-ups cannot both become
 * administrator.
 */
export async function insertSignedUpUser(
  trx: Transaction<Database>,
  newUser: NewUser,
  now = new Date(),
): Promise<CreatedUser> {
  await lockAccountCreation(trx);
  const user = await insertUser(trx, newUser, now);
  const isAdministrator = await isFirstUser(trx, user.id);
  if (isAdministrator) await replaceRoles(trx, user.id, ['SystemAdministrator']);
  return { user, isAdministrator };
}
