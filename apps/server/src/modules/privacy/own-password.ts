import type { Executor } from '../../db/executor.ts';
import { findPasswordHashOfUser } from '../identity/local-accounts.repository.ts';
import { verifyPassword } from '../identity/passwords.ts';

/**
 * Whether `password` is the password of this user's account: `none` when the account has
 * no password (Steam or single sign-on only).
 */
export async function verifyOwnPassword(
  db: Executor,
  userId: number,
  password: string,
): Promise<'right' | 'wrong' | 'none'> {
  const passwordHash = await findPasswordHashOfUser(db, userId);
  if (passwordHash === undefined) return 'none';
  return (await verifyPassword(password, passwordHash)) ? 'right' : 'wrong';
}
