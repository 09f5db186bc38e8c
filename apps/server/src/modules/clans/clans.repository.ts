import type { ClanRole, ClanSummary } from '@lanparty/contract';
import { placeTakingStatuses } from '@lanparty/contract/rules';
import type { Selectable } from 'kysely';
import { dialectOf, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { ClanMembersTable, ClansTable } from '../../db/schema.ts';

/** The SQL of clans and their members (issue 34, migration 0021). */

export type ClanRow = Selectable<ClansTable>;
export type ClanMemberRow = Selectable<ClanMembersTable>;

/** A clan's fields as written: the keys are `clanKey` of the name and tag. */
export type ClanFields = {
  name: string;
  nameKey: string;
  tag: string;
  tagKey: string;
  colour: string;
};

export async function insertClan(
  db: Executor,
  fields: ClanFields & { code: string; now: Date },
): Promise<ClanRow> {
  const now = fields.now.toISOString();
  return db
    .insertInto('clans')
    .values({
      name: fields.name,
      name_key: fields.nameKey,
      tag: fields.tag,
      tag_key: fields.tagKey,
      colour: fields.colour,
      invite_code: fields.code,
      creation_date: now,
      modification_date: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateClan(
  db: Executor,
  clanId: number,
  fields: ClanFields,
  now: Date,
): Promise<void> {
  await db
    .updateTable('clans')
    .set({
      name: fields.name,
      name_key: fields.nameKey,
      tag: fields.tag,
      tag_key: fields.tagKey,
      colour: fields.colour,
      modification_date: now.toISOString(),
    })
    .where('id', '=', clanId)
    .execute();
}

export async function setInviteCode(
  db: Executor,
  clanId: number,
  code: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('clans')
    .set({ invite_code: code, modification_date: now.toISOString() })
    .where('id', '=', clanId)
    .execute();
}

/**
 * A clan. Locked (in a transaction), its row stays locked on PostgreSQL until the
 * transaction ends, so changes of one clan's members run one after another; SQLite runs one
 * writing transaction at a time.
 */
export async function findClan(
  db: Executor,
  clanId: number,
  options: { isLocked?: boolean } = {},
): Promise<ClanRow | undefined> {
  const query = db.selectFrom('clans').selectAll().where('id', '=', clanId);
  return options.isLocked && dialectOf(db as never) === 'postgres'
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

/** Which clans hold a name key or a tag key already (other than `exceptId`). */
export async function findClansByKeys(
  db: Executor,
  keys: { nameKey: string; tagKey: string },
  exceptId?: number,
): Promise<Pick<ClanRow, 'id' | 'name' | 'tag' | 'name_key' | 'tag_key'>[]> {
  return db
    .selectFrom('clans')
    .select(['id', 'name', 'tag', 'name_key', 'tag_key'])
    .where((eb) => eb.or([eb('name_key', '=', keys.nameKey), eb('tag_key', '=', keys.tagKey)]))
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as number))
    .execute();
}

export async function deleteClan(db: Executor, clanId: number): Promise<boolean> {
  const result = await db.deleteFrom('clans').where('id', '=', clanId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The clans of these users, by user (someone in none is not in the map). */
export async function findClanSummaries(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, ClanSummary>> {
  const clans = new Map<number, ClanSummary>();
  if (userIds.length === 0) return clans;
  const rows = await db
    .selectFrom('clan_members')
    .innerJoin('clans', 'clans.id', 'clan_members.clan_id')
    .select(['clan_members.user_id', 'clans.id', 'clans.name', 'clans.tag', 'clans.colour'])
    .where('clan_members.user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const { user_id, ...clan } of rows) clans.set(user_id, clan);
  return clans;
}

export async function findMembership(
  db: Executor,
  userId: number,
): Promise<ClanMemberRow | undefined> {
  return db.selectFrom('clan_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A clan's members with their nicknames, leader first, then seat managers, by joining. */
export async function findClanMembers(db: Executor, clanId: number) {
  return db
    .selectFrom('clan_members')
    .innerJoin('users', 'users.id', 'clan_members.user_id')
    .select([
      'clan_members.user_id',
      'clan_members.role',
      'clan_members.joined_date',
      'users.nickname',
    ])
    .where('clan_members.clan_id', '=', clanId)
    .orderBy((eb) =>
      eb
        .case()
        .when('clan_members.role', '=', 'leader')
        .then(0)
        .when('clan_members.role', '=', 'seatManager')
        .then(1)
        .else(2)
        .end(),
    )
    .orderBy('clan_members.joined_date')
    .orderBy('clan_members.user_id')
    .execute();
}

export type ClanMemberWithName = Awaited<ReturnType<typeof findClanMembers>>[number];

/** Adds a member; a person already in a clan is refused by the primary key. */
export async function insertClanMember(
  db: Executor,
  member: { clanId: number; userId: number; role: ClanRole; now: Date },
): Promise<void> {
  await db
    .insertInto('clan_members')
    .values({
      clan_id: member.clanId,
      user_id: member.userId,
      role: member.role,
      joined_date: member.now.toISOString(),
    })
    .execute();
}

export async function setMemberRole(
  db: Executor,
  clanId: number,
  userId: number,
  role: ClanRole,
): Promise<void> {
  await db
    .updateTable('clan_members')
    .set({ role })
    .where('clan_id', '=', clanId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteClanMember(
  db: Executor,
  clanId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('clan_members')
    .where('clan_id', '=', clanId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of clans by name, with their member counts, and how many there are. */
export async function pageClans(db: Executor, paging: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('clans')
      .innerJoin('clan_members', 'clan_members.clan_id', 'clans.id')
      .select((eb) => [
        'clans.id',
        'clans.name',
        'clans.tag',
        'clans.colour',
        eb.fn.countAll<number | string>().as('member_count'),
      ])
      .groupBy(['clans.id', 'clans.name', 'clans.tag', 'clans.colour', 'clans.name_key'])
      .orderBy('clans.name_key')
      .orderBy('clans.id')
      .offset(paging.offset)
      .limit(paging.limit)
      .execute(),
    db
      .selectFrom('clans')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, member_count: Number(row.member_count) })),
    total: Number(total.count),
  };
}

/**
 * The coming lans (active, not yet ended) these users hold a place at (Accepted or
 * Paid), soonest first.
 */
export async function findComingLansOf(db: Executor, userIds: readonly number[], now: Date) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select(['subscribers.user_id', 'lans.id', 'lans.name', 'lans.start_date', 'lans.end_date'])
    .where('subscribers.user_id', 'in', [...userIds])
    .where('subscribers.status', 'in', [...placeTakingStatuses])
    .where('lans.is_active', '=', true)
    .where('lans.end_date', '>', now.toISOString())
    .orderBy('lans.start_date')
    .orderBy('lans.id')
    .execute();
}

/**
 * When the first coming lan a member of the clan holds a place at ends (ms since the
 * epoch; Infinity for none): it then leaves the clan's page.
 */
export async function findComingLansEnd(db: Executor, clanId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('clan_members')
    .innerJoin('subscribers', 'subscribers.user_id', 'clan_members.user_id')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select((eb) => eb.fn.min('lans.end_date').as('next'))
    .where('clan_members.clan_id', '=', clanId)
    .where('subscribers.status', 'in', [...placeTakingStatuses])
    .where('lans.is_active', '=', true)
    .where('lans.end_date', '>', now.toISOString())
    .executeTakeFirst();
  return row?.next ? Date.parse(toIsoTimestamp(row.next)) : Number.POSITIVE_INFINITY;
}
