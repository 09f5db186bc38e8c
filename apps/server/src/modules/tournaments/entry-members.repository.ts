import type { Executor } from '../../db/executor.ts';

/*
 * Invitations to a team and the members who come and go before the start (issue 50,
 * decision 046). Callers hold the tournament's row (`changeTournament`).
 */

export async function insertInvitations(
  db: Executor,
  invitation: { entryId: number; tournamentId: number; userIds: readonly number[] },
  now: Date,
): Promise<void> {
  if (invitation.userIds.length === 0) return;
  await db
    .insertInto('tournament_entry_invitations')
    .values(
      invitation.userIds.map((userId) => ({
        entry_id: invitation.entryId,
        tournament_id: invitation.tournamentId,
        user_id: userId,
        creation_date: now.toISOString(),
      })),
    )
    .execute();
}

/** Whether this person is invited to this entry. */
export async function isInvited(db: Executor, entryId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tournament_entry_invitations')
    .select('user_id')
    .where('entry_id', '=', entryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The invitations still pending of a tournament's entries, with the seat each holds. */
export async function listInvitations(db: Executor, tournamentId: number, lanId: number) {
  return db
    .selectFrom('tournament_entry_invitations as invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .leftJoin('seats', (join) =>
      join
        .onRef('seats.occupant_user_id', '=', 'invitations.user_id')
        .on('seats.lan_id', '=', lanId),
    )
    .select([
      'invitations.entry_id',
      'invitations.user_id',
      'users.nickname',
      'seats.label as seat',
    ])
    .where('invitations.tournament_id', '=', tournamentId)
    .orderBy('invitations.entry_id')
    .orderBy('users.nickname')
    .orderBy('invitations.user_id')
    .execute();
}

export type InvitationRow = Awaited<ReturnType<typeof listInvitations>>[number];

/** Drops one invitation; answers whether there was one. */
export async function deleteInvitation(
  db: Executor,
  entryId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('tournament_entry_invitations')
    .where('entry_id', '=', entryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Drops the invitations of a tournament: of these people (who are in an entry now, or left
 * the lan), or every one still pending (at the start). Answers how many went.
 */
export async function dropInvitations(
  db: Executor,
  tournamentId: number,
  userIds?: readonly number[],
): Promise<number> {
  if (userIds?.length === 0) return 0;
  let query = db
    .deleteFrom('tournament_entry_invitations')
    .where('tournament_id', '=', tournamentId);
  if (userIds) query = query.where('user_id', 'in', userIds);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertMember(
  db: Executor,
  member: { entryId: number; tournamentId: number; userId: number },
): Promise<void> {
  await db
    .insertInto('tournament_entry_members')
    .values({
      entry_id: member.entryId,
      tournament_id: member.tournamentId,
      user_id: member.userId,
    })
    .execute();
}
