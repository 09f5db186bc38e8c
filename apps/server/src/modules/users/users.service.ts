import {
  formatValidationMessage,
  type Paged,
  type Role,
  type SignUp,
  type UserProfile,
  type UserProfileInput,
  type UserPublic,
  type UserUpdate,
} from '@lanparty/contract';
import { listMissingProfileFields, requiredRoles } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { SteamConfig } from '../../config.ts';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import { sharedLooks } from '../../db/shared-looks.ts';
import type { JsonBytes, KeptReads } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import {
  findRoles,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  replaceRoles,
  type UserRow,
} from '../accounts/accounts.repository.ts';
import { keepASystemAdministrator } from '../accounts/system-administrators.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { cancelWaitingMessage, enqueueMessage } from '../outbox/outbox.repository.ts';
import {
  getPlayerSummaries,
  isSteamApiConfigured,
  type SteamPlayerSummary,
} from '../steam/steam-api.ts';
import { hashVerificationCode, startEmailVerification } from './email-verification.ts';
import {
  findEmailVerification,
  markEmailVerificationUsed,
} from './email-verifications.repository.ts';
import { findProfileNotices } from './profile-notices.ts';
import {
  findStatsAndAvatars,
  findUserFacts,
  noStatsNorAvatar,
  type StatsAndAvatar,
} from './user-facts.repository.ts';
import { type PublicUserFields, presentPublicUser, presentUserProfile } from './users.presenter.ts';
import {
  findNextOpenLan,
  listUsers,
  markEmailActivated,
  type UserListFilter,
  updateProfile,
  updateSteamProfile,
} from './users.repository.ts';

export type UsersDeps = {
  db: AppDatabase;
  publicUrl: URL;
  steam: SteamConfig;
  /**
   * Answers kept while the lans group of tables (users and roles among them) is unchanged
   * and no lan has started (a user's stats count started lans): the lan reads' cache.
   */
  reads: KeptReads<{ json: JsonBytes; isInactive: boolean }>;
};

/**
 * Users as anyone may see them, with roles, lan stats and avatars read once for all of
 * them, in the order given: for answers that hold many users (lists, leaderboards).
 */
export async function presentPublicUsers(
  db: Executor,
  users: readonly PublicUserFields[],
): Promise<UserPublic[]> {
  const factsOf = await findUserFacts(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => presentPublicUser(user, factsOf(user.id)));
}

/** A whole profile (after a save, or for member administrators): stats and avatar in one query, roles in another. */
export async function readUserProfile(db: Executor, row: UserRow): Promise<UserProfile> {
  const [facts, roles, notices] = await Promise.all([
    findStatsAndAvatars(db, [row.id]),
    findRoles(db, [row.id]).then((byUser) => byUser.get(row.id) ?? []),
    findProfileNotices(db, row),
  ]);
  return presentUserProfile(row, { roles, ...(facts.get(row.id) ?? noStatsNorAvatar) }, notices);
}

// The own profiles asked for together (after a change every request builds its own) read
// their users' stats and avatars in one look (db/shared-looks.ts): one query per look on
// PostgreSQL was most of a fresh profile's time.
const ownFactsLooks = new WeakMap<
  AppDatabase,
  (userId: number) => Promise<Map<number, StatsAndAvatar>>
>();

/** The signed-in user's own profile; their roles are the viewer's, read at the same version. */
export async function readOwnProfile(
  db: AppDatabase,
  row: UserRow,
  roles: Role[],
): Promise<UserProfile> {
  let look = ownFactsLooks.get(db);
  if (!look) {
    look = sharedLooks((userIds: readonly number[]) => findStatsAndAvatars(db, userIds));
    ownFactsLooks.set(db, look);
  }
  const [facts, notices] = await Promise.all([
    look(row.id).then((byUser) => byUser.get(row.id) ?? noStatsNorAvatar),
    findProfileNotices(db, row),
  ]);
  return presentUserProfile(row, { roles, ...facts }, notices);
}

export async function listPublicUsers(deps: UsersDeps, filter: UserListFilter) {
  const { rows, total } = await listUsers(deps.db, filter);
  return {
    items: await presentPublicUsers(deps.db, rows),
    offset: filter.offset,
    limit: filter.limit,
    total,
  };
}

export async function getUser(
  deps: UsersDeps,
  viewer: Viewer | null,
  id: number,
): Promise<UserProfile | UserPublic> {
  const row = await findUserById(deps.db, id);
  if (!row) throw new ProblemError(404, `There is no user ${id}.`);
  if (isAllowed(viewer, 'user.seePersonal', id)) return readUserProfile(deps.db, row);
  const [user] = await presentPublicUsers(deps.db, [row]);
  if (!user) throw new ProblemError(404, `There is no user ${id}.`);
  return user;
}

/**
 * Built from the viewer's row and roles, not read again: the viewer is resolved within the
 * same request, kept under the same `lans` version this answer is kept under, so its row and
 * roles are as current as a second read would be (a kept answer must be built from data read
 * after the version it is kept under: decision 013).
 */
export async function getOwnProfile(deps: UsersDeps, viewer: Viewer): Promise<UserProfile> {
  return readOwnProfile(deps.db, viewer.user, viewer.roles);
}

/** Left out: unchanged; null: cleared (administrators only). */
type ProfileChanges = {
  [Field in 'email' | 'firstName' | 'surname' | 'city' | 'birthDate']?:
    | UserProfileInput[Field]
    | null;
};

/**
 * Saves profile fields, and with `roles` replaces the user's roles, in one transaction.
 * A new e-mail address is unverified until its link is opened: the verification mail is
 * queued in the same transaction.
 */
async function saveProfile(
  deps: UsersDeps,
  user: UserRow,
  changes: ProfileChanges,
  roles?: readonly Role[],
): Promise<UserRow> {
  const newEmail =
    changes.email === undefined
      ? undefined
      : changes.email === null
        ? null
        : normalizeEmail(changes.email);
  const isEmailChanged = newEmail !== undefined && newEmail !== user.email;
  if (newEmail && isEmailChanged) {
    const owner = await findUserByEmail(deps.db, newEmail);
    if (owner && owner.id !== user.id) throw emailUsedError();
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = new Date();
      const saved = await updateProfile(
        trx,
        user.id,
        {
          firstName: changes.firstName,
          surname: changes.surname,
          city: changes.city,
          birthDate: changes.birthDate,
          ...(isEmailChanged ? { email: newEmail } : {}),
        },
        now,
      );
      if (roles) {
        if (!roles.includes('SystemAdministrator'))
          await keepASystemAdministrator(trx, user.id, 'taking their SystemAdministrator role');
        const before = (await findRoles(trx, [user.id])).get(user.id) ?? [];
        await replaceRoles(trx, user.id, roles, now);
        if (roles.includes('Lanner') && !before.includes('Lanner'))
          await welcomeLanner(trx, deps, saved, now);
        // Taken back (the sign-ups' Undo) before the welcome went: it never goes.
        if (before.includes('Lanner') && !roles.includes('Lanner'))
          await cancelWaitingMessage(trx, lannerWelcomeThread(user.id), now);
      }
      if (isEmailChanged && newEmail) {
        await startEmailVerification(
          trx,
          { userId: user.id, nickname: user.nickname, email: newEmail, publicUrl: deps.publicUrl },
          now,
        );
      }
      return saved;
    });
  } catch (error) {
    // Two people saving the same address at once: the unique index decides. Any other
    // failure is not about the address and must not be reported as if it were.
    if (newEmail && isEmailChanged && isUniqueViolation(error)) {
      const owner = await findUserByEmail(deps.db, newEmail);
      if (owner && owner.id !== user.id) throw emailUsedError();
    }
    throw error;
  }
}

/**
 * How long the welcome of a new lanner waits before it goes: the Lanner role taken back
 * meanwhile (the sign-ups' Undo, a slip of the finger) cancels it, as a status mail's.
 */
export const lannerWelcomeWaitMs = 60_000;

const lannerWelcomeThread = (userId: number) => `lanner-welcome:${userId}`;

/**
 * Tells a user who has just become a lanner, at a verified address only (an unverified
 * one may be someone else's), with a link to the next lan; a minute later, unless the
 * role is taken back before.
 */
async function welcomeLanner(db: Executor, deps: UsersDeps, user: UserRow, now: Date) {
  if (!user.email || !toBoolean(user.is_email_activated)) return;
  const lan = await findNextOpenLan(db, now);
  const next = lan
    ? `The next lan is ${lan.name}:\n\n${new URL(`lans/${lan.id}`, deps.publicUrl).href}\n\n`
    : `See the upcoming lans:\n\n${new URL('lans/upcoming', deps.publicUrl).href}\n\n`;
  await enqueueMessage(
    db,
    {
      channel: 'email',
      dedupeKey: `lanner-granted:${user.id}:${now.getTime()}`,
      people: { recipient: user.id },
      payload: {
        to: user.email,
        subject: 'You are a lanner now',
        text:
          `Hi ${user.nickname},\n\nAn administrator has verified you as a lanner: you can ` +
          `sign up for lans now. ${next}See you there!\n\n— Lanparty`,
      },
    },
    now,
    {
      notBefore: new Date(now.getTime() + lannerWelcomeWaitMs),
      thread: { key: lannerWelcomeThread(user.id), origin: 'not a lanner' },
    },
  );
}

/**
 * GET sign-ups: users without the Lanner role, newest first, for those who may verify them.
 * Administrators are left out: someone gave them their role, so they wait for nobody.
 */
export async function listSignUps(
  deps: UsersDeps,
  viewer: Viewer,
  page: { offset: number; limit: number },
): Promise<Paged<SignUp>> {
  authorize(viewer, 'signUps.verify');
  const { rows, total } = await listUsers(deps.db, {
    missingRoles: ['Lanner', ...requiredRoles.administration],
    sort: 'newest',
    ...page,
  });
  const users = await presentPublicUsers(deps.db, rows);
  const items = rows.flatMap((row, index) => {
    const user = users[index];
    if (!user) return [];
    const missingProfileFields = listMissingProfileFields({
      email: row.email,
      firstName: row.first_name,
      surname: row.surname,
      city: row.city,
      birthDate: row.birth_date,
    });
    return [
      {
        user,
        email: row.email,
        emailVerified: row.email !== null && toBoolean(row.is_email_activated),
        isProfileComplete: missingProfileFields.length === 0,
        missingProfileFields,
        creationDate: toIsoTimestamp(row.creation_date),
      },
    ];
  });
  return { items, ...page, total };
}

function emailUsedError(): ProblemError {
  return new ProblemError(400, 'One or more fields are invalid.', {
    title: 'Invalid input',
    errors: { email: [formatValidationMessage('emailUsed', 'email')] },
  });
}

/** PUT users/me: roles, nickname, Steam id and stats in the body are ignored. */
export async function updateOwnProfile(
  deps: UsersDeps,
  viewer: Viewer,
  input: UserProfileInput,
): Promise<UserProfile> {
  const saved = await saveProfile(deps, viewer.user, input);
  return readUserProfile(deps.db, saved);
}

/**
 * PUT users/{id} by an administrator. Every role added or removed must be one the
 * administrator may grant, and nobody removes their own SystemAdministrator role.
 */
export async function updateUser(
  deps: UsersDeps,
  viewer: Viewer,
  id: number,
  input: UserUpdate,
): Promise<UserProfile> {
  authorize(viewer, 'users.manage');
  const user = await findUserById(deps.db, id);
  if (!user) throw new ProblemError(404, `There is no user ${id}.`);
  const current = (await findRoles(deps.db, [id])).get(id) ?? [];
  const wanted = [...new Set(input.roles)];
  const changed = [
    ...wanted.filter((role) => !current.includes(role)),
    ...current.filter((role) => !wanted.includes(role)),
  ];
  authorize(viewer, 'roles.grant', changed);
  const removesOwnAdmin =
    viewer.user.id === id &&
    current.includes('SystemAdministrator') &&
    !wanted.includes('SystemAdministrator');
  if (removesOwnAdmin) {
    throw new ProblemError(409, 'You cannot remove your own SystemAdministrator role.');
  }
  const { roles: _roles, ...profileChanges } = input;
  const saved = await saveProfile(
    deps,
    user,
    profileChanges,
    changed.length > 0 ? wanted : undefined,
  );
  return readUserProfile(deps.db, saved);
}

/**
 * Opens a verification link: the code must be the user's own, unused, unexpired, and
 * for the address the user has now.
 */
export async function verifyEmail(deps: UsersDeps, viewer: Viewer, code: string): Promise<void> {
  const verification = await findEmailVerification(
    deps.db,
    viewer.user.id,
    hashVerificationCode(code),
  );
  if (!verification) throw new ProblemError(404, 'This verification link is not known.');
  const now = new Date();
  if (verification.used_at !== null)
    throw new ProblemError(400, 'This verification link has been used already.');
  if (new Date(verification.expires_at).getTime() < now.getTime()) {
    throw new ProblemError(
      400,
      'This verification link has expired. Save your e-mail address again for a new one.',
    );
  }
  if (verification.email !== viewer.user.email) {
    throw new ProblemError(400, 'This verification link is for another e-mail address.');
  }
  await deps.db.transaction().execute(async (trx) => {
    // Single use: only the request that marks it used goes on, even if two arrive at once.
    if (!(await markEmailVerificationUsed(trx, verification.id, now)))
      throw new ProblemError(400, 'This verification link has been used already.');
    await markEmailActivated(trx, viewer.user.id, now);
  });
}

/** True when someone else has this address; the caller's own address counts as free. */
export async function isEmailUsedByOther(
  deps: UsersDeps,
  viewer: Viewer,
  email: string,
): Promise<boolean> {
  const owner = await findUserByEmail(deps.db, email);
  return owner !== undefined && owner.id !== viewer.user.id;
}

/** Whether the user's e-mail address is verified; for notifications and checks. */
export function isEmailActivated(user: UserRow): boolean {
  return toBoolean(user.is_email_activated);
}

/**
 * Brings nickname and avatar in line with the Steam profile. 'Updated' tells the web
 * app to reload; without a Steam id or API key there is nothing to sync.
 */
export async function syncSteamProfile(
  deps: UsersDeps,
  viewer: Viewer,
  log: FastifyBaseLogger,
): Promise<'Updated' | 'Unchanged'> {
  const { user } = viewer;
  if (!user.steam_id || !isSteamApiConfigured(deps.steam)) return 'Unchanged';
  let summary: SteamPlayerSummary | undefined;
  try {
    [summary] = await getPlayerSummaries(deps.steam, [user.steam_id]);
  } catch (error) {
    // Steam being away must not stand between someone and the site: try next sign-in.
    log.warn({ err: error, userId: user.id }, 'Steam profile sync failed');
    return 'Unchanged';
  }
  if (!summary) return 'Unchanged';
  const nickname = summary.personaname?.trim() || user.nickname;
  const avatarUrl = summary.avatarfull ?? user.steam_avatar_url;
  if (nickname === user.nickname && avatarUrl === user.steam_avatar_url) return 'Unchanged';
  await updateSteamProfile(deps.db, user.id, { nickname, steamAvatarUrl: avatarUrl });
  return 'Updated';
}
