import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import {
  countAttempt,
  deleteAttemptCounters,
  purgeExpiredAttemptCounters,
  uncountAttempt,
} from './attempt-counters.repository.ts';

/** At most `maxAttempts` per `windowMs` for each subject (an account, an address, a user). */
export type AttemptLimit = { name: string; maxAttempts: number; windowMs: number };

const minute = 60_000;

/**
 * The limits of the site, in one place. An address may stand for a whole lan venue behind
 * one router, so limits per address are generous; the tight ones are per account or user.
 */
export const attemptLimits = {
  /** Password guessing against one account, from however many addresses. */
  signInPerAccount: { name: 'sign-in-account', maxAttempts: 10, windowMs: 5 * minute },
  signInPerAddress: { name: 'sign-in-address', maxAttempts: 100, windowMs: 10 * minute },
  newAccountsPerAddress: { name: 'new-account-address', maxAttempts: 30, windowMs: 60 * minute },
  /** Asking which addresses have accounts: a profile form needs a handful. */
  emailChecksPerUser: { name: 'email-check-user', maxAttempts: 30, windowMs: 10 * minute },
  emailChecksPerAddress: { name: 'email-check-address', maxAttempts: 100, windowMs: 10 * minute },
  uploadsPerUser: { name: 'upload-user', maxAttempts: 20, windowMs: minute },
  uploadsPerAddress: { name: 'upload-address', maxAttempts: 60, windowMs: minute },
  /**
   * A ticket's short code (40 bits) typed at the door that finds no ticket, per lan
   * administrator: a typo now and then, never a guessing run (decision 035).
   */
  shortCodeMissesPerUser: { name: 'short-code-user', maxAttempts: 30, windowMs: 10 * minute },
  /** The password typed to erase one's own account (issue 36): no guessing from a session. */
  passwordChecksPerUser: { name: 'password-check-user', maxAttempts: 10, windowMs: 5 * minute },
  /**
   * The export of everything about oneself reads every table that names a person: a few a
   * quarter of an hour is more than anyone downloading their data needs (issue 50).
   */
  exportsPerUser: { name: 'export-user', maxAttempts: 5, windowMs: 15 * minute },
} as const satisfies Record<string, AttemptLimit>;

/**
 * Every change one person asks for, `perMinute` a minute (WRITES_PER_MINUTE, default 120):
 * two a second for a minute is more than an organiser clicking through a participants list
 * or a door checking people in ever needs.
 */
export function writesPerUser(perMinute: number): AttemptLimit {
  return { name: 'write-user', maxAttempts: perMinute, windowMs: minute };
}

/**
 * Changes for the signed-in asked without signing in, per address, `perMinute` a minute
 * (WRITES_PER_MINUTE): each is refused with 401, so only a loop runs into it; an address
 * may be a whole lan venue, so it is as generous as one person's allowance.
 */
export function anonymousWritesPerAddress(perMinute: number): AttemptLimit {
  return { name: 'anonymous-write-address', maxAttempts: perMinute, windowMs: minute };
}

export type AttemptVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** How often, at most, one server sweeps finished windows out of the table. */
const purgeIntervalMs = 10 * minute;
let lastPurge = 0;

/**
 * Counts an attempt against each (limit, subject) and refuses it when any of them is used
 * up, saying how long until it has room again. Every count is kept in the database
 * (attempt_counters), so every server of a site shares them, and a client cannot reset
 * one by changing a header: subjects are accounts, signed-in users and the address Fastify
 * trusts (TRUST_PROXY).
 *
 * A sliding window, estimated from two fixed ones (key = limit, hashed subject, window
 * number): the attempts of this window plus those of the window before, weighted by how
 * much of it still lies within the last `windowMs`. Fixed windows alone would let twice
 * the limit through around each window's end.
 */
export async function tryAttempt(
  db: AppDatabase,
  checks: ReadonlyArray<readonly [AttemptLimit, string]>,
  now = Date.now(),
): Promise<AttemptVerdict> {
  if (now - lastPurge >= purgeIntervalMs) {
    lastPurge = now;
    await purgeExpiredAttemptCounters(db, now);
  }
  let retryAfterMs = 0;
  for (const [limit, subject] of checks) {
    const window = windowOf(limit, subject, now);
    const { current, previous } = await countAttempt(
      db,
      window.key,
      window.expiresAt,
      window.previousKey,
    );
    retryAfterMs = Math.max(retryAfterMs, waitOf(limit, window, now, current, previous));
  }
  return retryAfterMs === 0
    ? { isAllowed: true }
    : {
        isAllowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(Math.round(retryAfterMs) / 1000)),
      };
}

/**
 * Clears a subject's count in the current window: a successful sign-in forgets the failed
 * ones before it, so only guessing runs into the limit.
 */
export async function forgetAttempts(
  db: AppDatabase,
  limit: AttemptLimit,
  subject: string,
  now = Date.now(),
): Promise<void> {
  const window = windowOf(limit, subject, now);
  await deleteAttemptCounters(db, [window.key, window.previousKey]);
}

/**
 * Takes back one attempt of a subject in the current window: a successful sign-in does not
 * use up its address's allowance, so a hundred people behind one router at a lan can all
 * sign in, while failed guesses from it still add up.
 */
export async function refundAttempt(
  db: AppDatabase,
  limit: AttemptLimit,
  subject: string,
  now = Date.now(),
): Promise<void> {
  await uncountAttempt(db, windowOf(limit, subject, now).key);
}

type Window = { key: string; previousKey: string; startsAt: number; expiresAt: number };

function windowOf(limit: AttemptLimit, subject: string, now: number): Window {
  const number = Math.floor(now / limit.windowMs);
  const keyOf = (windowNumber: number) => `${attemptKeyPrefix(limit.name, subject)}${windowNumber}`;
  return {
    key: keyOf(number),
    previousKey: keyOf(number - 1),
    startsAt: number * limit.windowMs,
    // Kept through the next window too, where it is the window before.
    expiresAt: (number + 2) * limit.windowMs,
  };
}

/**
 * 0 when the sliding count is within the limit; otherwise how long until it is, if no
 * other attempt came: first the previous window's share fades, then this window's.
 */
function waitOf(
  limit: AttemptLimit,
  window: Window,
  now: number,
  current: number,
  previous: number,
): number {
  const { maxAttempts, windowMs } = limit;
  const elapsed = (now - window.startsAt) / windowMs;
  if (previous * (1 - elapsed) + current <= maxAttempts) return 0;
  if (current <= maxAttempts) {
    // previous × (1 − f) + current ≤ max once f reaches this fraction of the window.
    const fraction = 1 - (maxAttempts - current) / previous;
    return (fraction - elapsed) * windowMs;
  }
  const fractionOfNext = 1 - maxAttempts / current;
  return window.startsAt + windowMs - now + fractionOfNext * windowMs;
}

/**
 * The start of every counter key of this limit and subject (its windows follow): the
 * counters that name a person, for their data export and their account's erasure.
 */
export function attemptKeyPrefix(limitName: string, subject: string): string {
  return `${limitName}:${hashOf(subject)}:`;
}

/**
 * The counters that name this user: their id for the limits per user, their username for
 * password guessing against their account.
 */
export function personalAttemptKeyPrefixes(userId: number, username: string | null): string[] {
  const perUser = [
    attemptLimits.emailChecksPerUser.name,
    attemptLimits.uploadsPerUser.name,
    attemptLimits.shortCodeMissesPerUser.name,
    attemptLimits.passwordChecksPerUser.name,
    writesPerUser(0).name,
  ].map((name) => attemptKeyPrefix(name, String(userId)));
  return username === null
    ? perUser
    : [...perUser, attemptKeyPrefix(attemptLimits.signInPerAccount.name, username.toLowerCase())];
}

/** Subjects may be anything a client typed: hashed, every key has the same small size. */
function hashOf(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 32);
}

/** "2 minutes", "45 seconds": for the pages and problems that say how long to wait. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** For API routes: counts the attempt, or refuses it with a 429 problem and `Retry-After`. */
export async function requireAttempt(
  db: AppDatabase,
  checks: ReadonlyArray<readonly [AttemptLimit, string]>,
  what: string,
): Promise<void> {
  const verdict = await tryAttempt(db, checks);
  if (verdict.isAllowed) return;
  throw new ProblemError(
    429,
    `Too many ${what}. Please try again in ${describeWait(verdict.retryAfterSeconds)}.`,
    { retryAfterSeconds: verdict.retryAfterSeconds },
  );
}
