import type { Executor } from '../../db/executor.ts';
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
  const account = await db
    .selectFrom('local_accounts')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!account) return 'none';
  return (await verifyPassword(password, account.password_hash)) ? 'right' : 'wrong';
}
