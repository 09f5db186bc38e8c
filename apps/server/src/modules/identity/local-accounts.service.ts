import { randomUUID } from 'node:crypto';
import { formatValidationMessage } from '@lanparty/contract';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { findUserByEmail, normalizeEmail } from '../accounts/accounts.repository.ts';
import { startEmailVerification } from '../users/email-verification.ts';
import { insertSignedUpUser } from './account-creation.ts';
import {
  assignSubject,
  findLocalAccountByUsername,
  insertLocalAccount,
  isUniqueViolation,
  isUsernameTaken,
} from './local-accounts.repository.ts';
import {
  hashPassword,
  minimumPasswordLength,
  unknownAccountHash,
  verifyPassword,
} from './passwords.ts';
import type { CreateAccountErrors } from './sign-in-pages.ts';

export const usernameLength = { min: 3, max: 32 } as const;
const usernamePattern = /^[A-Za-z0-9._-]+$/;
/** Long enough for any passphrase, short enough that scrypt is never fed megabytes. */
const maximumPasswordLength = 1024;
const emailSchema = z.email().max(254);

export type NewAccountInput = {
  username: string;
  email: string;
  password: string;
  passwordRepeat: string;
};

/** The rules of a new account that need no database, each message naming its field. */
export function validateNewAccount(input: NewAccountInput): CreateAccountErrors {
  const errors: CreateAccountErrors = {};
  const username = input.username.trim();
  if (username === '') errors.username = formatValidationMessage('required', 'username');
  else if (username.length < usernameLength.min)
    errors.username = formatValidationMessage('minlength', 'username', usernameLength.min);
  else if (username.length > usernameLength.max)
    errors.username = formatValidationMessage('maxlength', 'username', usernameLength.max);
  else if (!usernamePattern.test(username))
    errors.username = 'Username may contain only letters, digits, dots, underscores and hyphens';

  const email = input.email.trim();
  if (email === '') errors.email = formatValidationMessage('required', 'email');
  else if (!emailSchema.safeParse(email).success)
    errors.email = formatValidationMessage('email', 'email');

  if (input.password === '') errors.password = formatValidationMessage('required', 'password');
  else if (input.password.length < minimumPasswordLength)
    errors.password = formatValidationMessage('minlength', 'password', minimumPasswordLength);
  else if (input.password.length > maximumPasswordLength)
    errors.password = formatValidationMessage('maxlength', 'password', maximumPasswordLength);

  if (input.passwordRepeat === '') errors.passwordRepeat = 'Repeat the password';
  else if (input.passwordRepeat !== input.password)
    errors.passwordRepeat = 'The passwords do not match';
  return errors;
}

export type CreateAccountResult =
  | { isCreated: true; subject: string; userId: number; isAdministrator: boolean }
  | { isCreated: false; errors: CreateAccountErrors };

/**
 * Creates a local account: the user and the account in one transaction, the e-mail
 * verification started in it, and the first account of the site made administrator.
 * Nothing is written when any rule refuses.
 */
export async function createLocalAccount(
  db: AppDatabase,
  input: NewAccountInput,
  options: { publicUrl: URL; now?: Date },
): Promise<CreateAccountResult> {
  const username = input.username.trim();
  const email = normalizeEmail(input.email);
  const errors = { ...(await takenFields(db, username, email)), ...validateNewAccount(input) };
  if (Object.keys(errors).length > 0) return { isCreated: false, errors };
  const now = options.now ?? new Date();
  // Hashing takes a while; do it before the transaction so the lock is held briefly.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const { user, isAdministrator } = await insertSignedUpUser(
        trx,
        { subject: randomUUID(), nickname: username, email },
        now,
      );
      await insertLocalAccount(trx, { userId: user.id, username, passwordHash }, now);
      await startEmailVerification(
        trx,
        { userId: user.id, nickname: user.nickname, email, publicUrl: options.publicUrl },
        now,
      );
      return {
        isCreated: true as const,
        subject: user.subject as string,
        userId: user.id,
        isAdministrator,
      };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A sign-up that raced ours took the name or address; the unique indexes had the
    // final word. Tell which.
    const taken = await takenFields(db, username, email);
    return {
      isCreated: false,
      errors: Object.keys(taken).length > 0 ? taken : { username: 'Please try again' },
    };
  }
}

async function takenFields(
  db: AppDatabase,
  username: string,
  email: string,
): Promise<CreateAccountErrors> {
  const errors: CreateAccountErrors = {};
  if (username !== '' && (await isUsernameTaken(db, username)))
    errors.username = formatValidationMessage('emailUsed', 'username');
  if (email !== '' && (await findUserByEmail(db, email)))
    errors.email = formatValidationMessage('emailUsed', 'email');
  return errors;
}

/**
 * The subject of the account these credentials belong to, or undefined. An unknown
 * username costs the same scrypt work as a wrong password, so timing tells nothing.
 */
export async function authenticateLocalAccount(
  db: AppDatabase,
  username: string,
  password: string,
): Promise<string | undefined> {
  const account = await findLocalAccountByUsername(db, username.trim());
  const isValid = await verifyPassword(
    password.slice(0, maximumPasswordLength),
    account?.passwordHash ?? unknownAccountHash,
  );
  if (!account || !isValid) return undefined;
  if (account.subject) return account.subject;
  const subject = randomUUID();
  await assignSubject(db, account.userId, subject);
  return (await findLocalAccountByUsername(db, username.trim()))?.subject ?? undefined;
}
