import type { Tournament } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';

/*
 * A team's members (issue 50, §6; decision 046): those a captain names are invited and
 * join by accepting; anyone leaves an entry before the start (the captain and lan
 * administrators take anyone out); only a clan's leader enters the clan.
 */
describe.each(testEngines)('the members of a team on %s', (engine) => {
  const { api, as, site } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;
  const { make, read, players, enter, team, accept, removeMember, start } = tournamentCalls(
    api,
    admin,
    { name: 'Duos', game: 'Quake', format: 'single_elimination', maxEntrants: 8, teamSize: 2 },
  );
  const entryOf = (state: Tournament, entryId: number) =>
    state.entries.find((entry) => entry.id === entryId);
  const idsOf = (people: readonly { userId: number }[] | undefined) =>
    people?.map((person) => person.userId);

  async function duos(count: number) {
    const lan = await api.createLan({ name: 'Duo Lan' });
    const tournament = await make(lan.id);
    return { lan, tournament, people: (await players(lan.id, count)) as Person[] };
  }

  it('invites those a captain names, who join by accepting or decline', async () => {
    const { tournament, people } = await duos(4);
    const [captain, mate, other, otherMate] = people as [Person, Person, Person, Person];
    const entryId = await team(tournament.id, captain, 'Boost Goblins', [mate]);
    let entry = entryOf(await read(tournament.id), entryId);
    expect(idsOf(entry?.members)).toEqual([captain.user.id]);
    expect(idsOf(entry?.invited)).toEqual([mate.user.id]);

    // Only the one invited accepts.
    expect((await accept(tournament.id, entryId, other)).statusCode).toBe(404);
    const joined = await accept(tournament.id, entryId, mate);
    expect(joined.statusCode, joined.body).toBe(200);
    entry = entryOf(joined.json() as Tournament, entryId);
    expect(idsOf(entry?.members)).toEqual([captain.user.id, mate.user.id]);
    expect(entry?.invited).toEqual([]);

    const secondId = await team(tournament.id, other, 'Rail Gunners', [otherMate]);
    const declined = await removeMember(tournament.id, secondId, otherMate, otherMate.user.id);
    expect(declined.statusCode, declined.body).toBe(204);
    entry = entryOf(await read(tournament.id), secondId);
    expect(idsOf(entry?.members)).toEqual([other.user.id]);
    expect(entry?.invited).toEqual([]);
    expect((await accept(tournament.id, secondId, otherMate)).statusCode).toBe(404);
  });

  it('shows open pages that one only invited left the lan or was erased: their invitation goes', async () => {
    const { lan, tournament, people } = await duos(4);
    const [captain, leaver, other, erased] = people as [Person, Person, Person, Person];
    const leaversTeam = await team(tournament.id, captain, 'Boost Goblins', [leaver]);
    const erasedsTeam = await team(tournament.id, other, 'Rail Gunners', [erased]);
    const subscription = await site.db
      .selectFrom('subscribers')
      .select('id')
      .where('lan_id', '=', lan.id)
      .where('user_id', '=', leaver.user.id)
      .executeTakeFirstOrThrow();
    const before = (await read(tournament.id)).version;
    const withdrawn = await api.request(leaver, 'DELETE', `/api/subscribers/${subscription.id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    let state = await read(tournament.id);
    expect(entryOf(state, leaversTeam)?.invited).toEqual([]);
    expect(state.version).toBeGreaterThan(before);

    const eraser = await api.person({ roles: ['SystemAdministrator'] });
    const erasure = await api.request(eraser, 'DELETE', `/api/users/${erased.user.id}`);
    expect(erasure.statusCode, erasure.body).toBe(204);
    const afterLeaving = state.version;
    state = await read(tournament.id);
    expect(entryOf(state, erasedsTeam)?.invited).toEqual([]);
    expect(state.version).toBeGreaterThan(afterLeaving);
  });

  it('lets one only invited enter elsewhere; their invitation then answers 409', async () => {
    const { tournament, people } = await duos(3);
    const [captain, invitee, partner] = people as [Person, Person, Person];
    const entryId = await team(tournament.id, captain, 'Boost Goblins', [invitee]);
    await team(tournament.id, invitee, 'Own Team', [partner]);
    const late = await accept(tournament.id, entryId, invitee);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().detail).toBe('You are in Duos already, in Own Team.');
    expect(idsOf(entryOf(await read(tournament.id), entryId)?.members)).toEqual([captain.user.id]);
  });

  it('lets a member leave before the start, the captain or a lan administrator take anyone out, and nobody else', async () => {
    const { tournament, people } = await duos(5);
    const [captain, mate, stranger, other, otherMate] = people as [
      Person,
      Person,
      Person,
      Person,
      Person,
    ];
    const entryId = await team(tournament.id, captain, 'Boost Goblins', [mate]);
    expect((await accept(tournament.id, entryId, mate)).statusCode).toBe(200);

    expect((await removeMember(tournament.id, entryId, undefined, mate.user.id)).statusCode).toBe(
      401,
    );
    const refused = await removeMember(tournament.id, entryId, stranger, mate.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Only the member themself, the entry’s captain or a lan administrator takes someone out of an entry.',
    );
    const left = await removeMember(tournament.id, entryId, mate, mate.user.id);
    expect(left.statusCode, left.body).toBe(204);
    expect(idsOf(entryOf(await read(tournament.id), entryId)?.members)).toEqual([captain.user.id]);
    expect((await removeMember(tournament.id, entryId, mate, mate.user.id)).statusCode).toBe(404);

    // The captain takes out a member (and withdraws an invitation) alike.
    const again = await team(tournament.id, other, 'Rail Gunners', [otherMate]);
    expect((await accept(tournament.id, again, otherMate)).statusCode).toBe(200);
    const byCaptain = await removeMember(tournament.id, again, other, otherMate.user.id);
    expect(byCaptain.statusCode, byCaptain.body).toBe(204);
    // A lan administrator takes out the captain: the entry, left with nobody, goes.
    const byAdmin = await removeMember(tournament.id, again, admin(), other.user.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(204);
    expect(entryOf(await read(tournament.id), again)).toBeUndefined();
  });

  it('refuses leaving after the start (409) and drops the invitations still pending', async () => {
    const { tournament, people } = await duos(4);
    const [a, aMate, b, bMate] = people as [Person, Person, Person, Person];
    const first = await team(tournament.id, a, 'Boost Goblins', [aMate]);
    expect((await accept(tournament.id, first, aMate)).statusCode).toBe(200);
    const second = await team(tournament.id, b, 'Rail Gunners', [bMate]);
    const started = await start(tournament.id);
    expect(entryOf(started, second)?.invited).toEqual([]);
    expect(idsOf(entryOf(started, second)?.members)).toEqual([b.user.id]);
    const late = await removeMember(tournament.id, first, aMate, aMate.user.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'Duos has started: leaving an entry is for before the start; entries are fixed now.',
    );
    expect((await accept(tournament.id, second, bMate)).statusCode).toBe(409);
  });

  it('lets a lan administrator enter a team with its members in it at once', async () => {
    const { tournament, people } = await duos(2);
    const [a, b] = people as [Person, Person];
    const response = await enter(tournament.id, admin(), {
      name: 'Picked',
      memberIds: [a.user.id, b.user.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [entry] = (response.json() as Tournament).entries;
    expect(idsOf(entry?.members)).toEqual([a.user.id, b.user.id]);
    expect(entry?.invited).toEqual([]);
  });

  it('lets only a clan’s leader enter the clan', async () => {
    const { tournament, people } = await duos(2);
    const [leader, member] = people as [Person, Person];
    const clan = await api.request(leader, 'POST', '/api/clans', {
      name: 'Boost Goblins',
      tag: 'GOB',
      colour: '#335544',
    });
    expect(clan.statusCode, clan.body).toBe(201);
    const joined = await api.request(member, 'POST', `/api/clans/${clan.json().id}/members`, {
      code: clan.json().code,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const byMember = await enter(tournament.id, member, {
      clanId: clan.json().id,
      memberIds: [leader.user.id],
    });
    expect(byMember.statusCode, byMember.body).toBe(403);
    expect(byMember.json().detail).toBe('Only the clan’s leader enters the clan in a tournament.');
    expect((await read(tournament.id)).entries).toEqual([]);
    const byLeader = await enter(tournament.id, leader, {
      clanId: clan.json().id,
      memberIds: [member.user.id],
    });
    expect(byLeader.statusCode, byLeader.body).toBe(201);
    const [entry] = (byLeader.json() as Tournament).entries;
    expect(entry?.name).toBe('[GOB] Boost Goblins');
    expect(idsOf(entry?.invited)).toEqual([member.user.id]);
  });
});
