import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type Clan,
  type ClanInput,
  type ClanListItem,
  type ClanRole,
  clanSchema,
  type Paged,
} from '@lanparty/contract';
import { assetIdOf, clanKey } from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-errors.ts';
import type { Executor } from '../../db/executor.ts';
import {
  type AnswerDepends,
  type JsonBytes,
  type KeptAnswers,
  toJson,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findImageVersions } from '../image-versions/image-versions.repository.ts';
import { presentClan, presentClanListItem } from './clans.presenter.ts';
import {
  type ClanFields,
  type ClanRow,
  deleteClan,
  deleteClanMember,
  findClan,
  findClanMembers,
  findClansByKeys,
  findComingLansEnd,
  findComingLansOf,
  findMembership,
  insertClan,
  insertClanMember,
  pageClans,
  setInviteCode,
  setMemberRole,
  updateClan,
} from './clans.repository.ts';

/**
 * Clans (issue 34): any lanner or member creates one and leads it; others join with its
 * invite code; the leader runs it. A person is in at most one clan, a clan has one leader:
 * the database refuses the second of two at once (migration 0021), and the loser of a race
 * hears the same 409 as someone who came later.
 */

export type ClansDeps = { db: AppDatabase; timeZone: string };

/** An invite code: 144 random bits, 24 characters of an address. */
export const createInviteCode = () => randomBytes(18).toString('base64url');

const notFound = (clanId: number) => new ProblemError(404, `There is no clan ${clanId}.`);

function fieldsOf(input: ClanInput): ClanFields {
  return { ...input, nameKey: clanKey(input.name), tagKey: clanKey(input.tag) };
}

/** A 409 naming what another clan holds already: its name, its tag, or both. */
async function refuseTaken(db: Executor, fields: ClanFields, exceptId?: number): Promise<void> {
  const taken = await findClansByKeys(db, fields, exceptId);
  const errors: Record<string, string[]> = {};
  const name = taken.find((clan) => clan.name_key === fields.nameKey);
  const tag = taken.find((clan) => clan.tag_key === fields.tagKey);
  if (name) errors.name = [`There is already a clan named ${name.name}`];
  if (tag) errors.tag = [`The tag ${tag.tag} is taken by ${tag.name}`];
  if (name || tag)
    throw new ProblemError(409, Object.values(errors).flat().join('. ').concat('.'), { errors });
}

/** The asker's role in this clan; null when they are in none, or another. */
async function roleIn(db: Executor, viewer: Viewer | null, clanId: number) {
  if (!viewer) return null;
  const membership = await findMembership(db, viewer.user.id);
  return membership?.clan_id === clanId ? membership.role : null;
}

/** What a clan's page shows: its members, their avatars and the coming lans each is at. */
async function clanPage(deps: ClansDeps, db: Executor, row: ClanRow) {
  const members = await findClanMembers(db, row.id);
  const ids = members.map((member) => member.user_id);
  const [avatars, comingLans] = await Promise.all([
    findImageVersions(
      db,
      ids.map((id) => assetIdOf('user', id)),
    ),
    findComingLansOf(db, ids, new Date()),
  ]);
  const roles = new Map(members.map((member) => [member.user_id, member.role]));
  const present = (showsCode: boolean) =>
    presentClan(row, members, {
      avatarVersionOf: (userId) => avatars.get(assetIdOf('user', userId)) ?? null,
      comingLans,
      showsCode,
      timeZone: deps.timeZone,
    });
  return { roles, present };
}

/** Whether the viewer sees the invite code: the clan's leader and member administrators. */
const showsCodeTo = (viewer: Viewer | null, roles: ReadonlyMap<number, ClanRole>) =>
  isAllowed(viewer, 'clan.lead', (viewer && roles.get(viewer.user.id)) ?? null);

async function readClan(
  deps: ClansDeps,
  db: Executor,
  row: ClanRow,
  viewer: Viewer | null,
): Promise<Clan> {
  const { roles, present } = await clanPage(deps, db, row);
  return present(showsCodeTo(viewer, roles));
}

/**
 * A clan's page as kept: as everyone reads it, as its leader and member administrators
 * read it (with the invite code), and who holds which role in it.
 */
export type KeptClan = {
  json: JsonBytes;
  jsonWithCode: JsonBytes;
  roles: ReadonlyMap<number, ClanRole>;
};

// A clan's page shows clans, members, users and their avatars (the lans group) and the
// coming lans each member is at: until one of those ends.
const keptClanDepends = (db: AppDatabase, clanId: number): AnswerDepends => ({
  groups: ['lans'],
  validUntil: (now) => findComingLansEnd(db, clanId, now),
});

/**
 * GET /api/clans/{id}: kept per clan while what it shows is unchanged; the viewer picks
 * the copy with or without the invite code.
 */
export async function readClanPage(
  deps: ClansDeps & { pages: KeptAnswers<KeptClan> },
  viewer: () => Promise<Viewer | null>,
  clanId: number,
  scope?: object,
): Promise<JsonBytes> {
  const kept = await deps.pages.read(
    `clan ${clanId}`,
    keptClanDepends(deps.db, clanId),
    async () => {
      const row = await findClan(deps.db, clanId);
      if (!row) throw notFound(clanId);
      const { roles, present } = await clanPage(deps, deps.db, row);
      return {
        json: toJson(clanSchema, present(false)),
        jsonWithCode: toJson(clanSchema, present(true)),
        roles,
      };
    },
    scope,
  );
  return showsCodeTo(await viewer(), kept.roles) ? kept.jsonWithCode : kept.json;
}

export async function listClans(
  deps: ClansDeps,
  paging: { offset: number; limit: number },
): Promise<Paged<ClanListItem>> {
  const { rows, total } = await pageClans(deps.db, paging);
  return { items: rows.map(presentClanListItem), ...paging, total };
}

export async function getClan(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
): Promise<Clan> {
  const row = await findClan(deps.db, clanId);
  if (!row) throw notFound(clanId);
  return readClan(deps, deps.db, row, viewer);
}

/** Runs `work` in a transaction, a unique index's refusal (a race lost) as `conflict`. */
async function inTransaction<T>(
  db: AppDatabase,
  work: (trx: Executor) => Promise<T>,
  conflict: () => Promise<ProblemError>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw await conflict();
    throw error;
  }
}

/** A 409 for someone who is in a clan already (this one or another). */
async function alreadyInAClan(db: Executor, userId: number, joining?: number) {
  const membership = await findMembership(db, userId);
  if (!membership) return null;
  if (membership.clan_id === joining) return new ProblemError(409, 'You are in this clan already.');
  const clan = await findClan(db, membership.clan_id);
  return new ProblemError(
    409,
    `You are in ${clan?.name ?? 'a clan'} already: leave it before you join or create another.`,
  );
}

/** Creates a clan led by the asker. */
export async function createClan(
  deps: ClansDeps,
  viewer: Viewer | null,
  input: ClanInput,
): Promise<Clan> {
  authorize(viewer, 'clans.join');
  const fields = fieldsOf(input);
  const now = new Date();
  const conflict = async () => {
    const inClan = await alreadyInAClan(deps.db, viewer.user.id);
    if (inClan) return inClan;
    await refuseTaken(deps.db, fields);
    return new ProblemError(409, 'That clan was just made by someone else.');
  };
  const row = await inTransaction(
    deps.db,
    async (trx) => {
      const inClan = await alreadyInAClan(trx, viewer.user.id);
      if (inClan) throw inClan;
      await refuseTaken(trx, fields);
      const clan = await insertClan(trx, { ...fields, code: createInviteCode(), now });
      await insertClanMember(trx, { clanId: clan.id, userId: viewer.user.id, role: 'leader', now });
      return clan;
    },
    conflict,
  );
  return readClan(deps, deps.db, row, viewer);
}

/** Changes a clan's name, tag and colour (its leader, member administrators). */
export async function changeClan(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
  input: ClanInput,
): Promise<Clan> {
  const fields = fieldsOf(input);
  await inTransaction(
    deps.db,
    async (trx) => {
      if (!(await findClan(trx, clanId, { isLocked: true }))) throw notFound(clanId);
      authorize(viewer, 'clan.lead', await roleIn(trx, viewer, clanId));
      await refuseTaken(trx, fields, clanId);
      await updateClan(trx, clanId, fields, new Date());
    },
    async () => {
      await refuseTaken(deps.db, fields, clanId);
      return new ProblemError(409, 'That name or tag was just taken by another clan.');
    },
  );
  return getClan(deps, viewer, clanId);
}

/** A new invite code; the old one no longer lets anyone join. */
export async function renewInviteCode(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
): Promise<{ code: string }> {
  const code = createInviteCode();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findClan(trx, clanId, { isLocked: true }))) throw notFound(clanId);
    authorize(viewer, 'clan.lead', await roleIn(trx, viewer, clanId));
    await setInviteCode(trx, clanId, code, new Date());
  });
  return { code };
}

function isSameCode(given: string, code: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Joins a clan with its invite code. */
export async function joinClan(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
  code: string,
): Promise<Clan> {
  authorize(viewer, 'clans.join');
  await inTransaction(
    deps.db,
    async (trx) => {
      const clan = await findClan(trx, clanId, { isLocked: true });
      if (!clan) throw notFound(clanId);
      authorize(viewer, 'clanInvite.use', isSameCode(code, clan.invite_code));
      const inClan = await alreadyInAClan(trx, viewer.user.id, clanId);
      if (inClan) throw inClan;
      await insertClanMember(trx, {
        clanId,
        userId: viewer.user.id,
        role: 'member',
        now: new Date(),
      });
    },
    async () =>
      (await alreadyInAClan(deps.db, viewer.user.id, clanId)) ??
      new ProblemError(409, 'You joined a clan meanwhile.'),
  );
  return getClan(deps, viewer, clanId);
}

/**
 * Sets a member's role (the leader, member administrators): `leader` hands the clan over,
 * the old leader becoming a seat manager, in one step.
 */
export async function changeMemberRole(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
  userId: number,
  role: ClanRole,
): Promise<Clan> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findClan(trx, clanId, { isLocked: true }))) throw notFound(clanId);
    authorize(viewer, 'clan.lead', await roleIn(trx, viewer, clanId));
    const members = await findClanMembers(trx, clanId);
    const member = members.find((each) => each.user_id === userId);
    if (!member) throw new ProblemError(404, `User ${userId} is not in this clan.`);
    if (member.role === role) return;
    if (member.role === 'leader')
      throw new ProblemError(
        409,
        'A clan always has a leader: hand it over to another member instead.',
      );
    if (role === 'leader') {
      // The old leader steps down first: the index allows one leader at any moment.
      const leader = members.find((each) => each.role === 'leader');
      if (leader) await setMemberRole(trx, clanId, leader.user_id, 'seatManager');
    }
    await setMemberRole(trx, clanId, userId, role);
  });
  return getClan(deps, viewer, clanId);
}

/**
 * Takes a member out of the clan: themself leaving, or removed by the leader or a member
 * administrator. A leader hands over first; the last member leaving disbands the clan.
 */
export async function removeMember(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
  userId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findClan(trx, clanId, { isLocked: true }))) throw notFound(clanId);
    authorize(viewer, 'clan.removeMember', { role: await roleIn(trx, viewer, clanId), userId });
    const members = await findClanMembers(trx, clanId);
    const member = members.find((each) => each.user_id === userId);
    if (!member) throw new ProblemError(404, `User ${userId} is not in this clan.`);
    if (members.length === 1) {
      await deleteClan(trx, clanId);
      return;
    }
    if (member.role === 'leader')
      throw new ProblemError(
        409,
        'The leader hands the clan over to another member before leaving, or disbands it.',
      );
    await deleteClanMember(trx, clanId, userId);
  });
}

/** Disbands a clan (its leader, member administrators): its members are in no clan. */
export async function disbandClan(
  deps: ClansDeps,
  viewer: Viewer | null,
  clanId: number,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findClan(trx, clanId, { isLocked: true }))) throw notFound(clanId);
    authorize(viewer, 'clan.lead', await roleIn(trx, viewer, clanId));
    await deleteClan(trx, clanId);
  });
}

/**
 * An erased account leaves its clan for good (issue 36), within the caller's transaction:
 * a leader's clan passes to the member who joined longest ago, or is disbanded when they
 * were its last member.
 */
export async function leaveClanForGood(trx: Executor, userId: number): Promise<void> {
  const membership = await findMembership(trx, userId);
  if (!membership) return;
  const clanId = membership.clan_id;
  await findClan(trx, clanId, { isLocked: true });
  const others = (await findClanMembers(trx, clanId))
    .filter((member) => member.user_id !== userId)
    .sort(
      (a, b) =>
        new Date(a.joined_date).getTime() - new Date(b.joined_date).getTime() ||
        a.user_id - b.user_id,
    );
  const [successor] = others;
  if (!successor) {
    await deleteClan(trx, clanId);
    return;
  }
  // The leader goes first: the index allows one leader at any moment.
  await deleteClanMember(trx, clanId, userId);
  if (membership.role === 'leader') await setMemberRole(trx, clanId, successor.user_id, 'leader');
}
