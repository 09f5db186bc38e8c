import type { Tournament, TournamentMatch } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';

/*
 * Playing a tournament (issue 37): teams and clans, a full tournament, check-in and
 * walkovers, the formats to their final standings, bad reports, corrections that reset
 * what followed, the chat hearing the winner, and the event open pages follow.
 */
describe.each(testEngines)('playing tournaments on %s', (engine) => {
  const { api, as, site } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;

  const { make, read, players, enter, accept, start, report, result, matchesOf } = tournamentCalls(
    api,
    admin,
    { name: 'Cup', game: 'Quake', format: 'single_elimination', maxEntrants: 16 },
  );
  /** A tournament of `count` players alone, entered and started in this seed order. */
  const startedWith = async (count: number, body: object = {}) => {
    const lan = await api.createLan();
    const tournament = await make(lan.id, body);
    const people = await players(lan.id, count);
    for (const person of people) expect((await enter(tournament.id, person)).statusCode).toBe(201);
    const entries = (await read(tournament.id)).entries;
    const started = await start(tournament.id, {
      seeding: 'ordered',
      entryIds: entries.map((entry) => entry.id),
    });
    const captainOf = (entryId: number | null | undefined) => {
      const entry = started.entries.find((each) => each.id === entryId);
      const person = people.find((each) => each.user.id === entry?.captainId);
      if (!person) throw new Error(`No player of entry ${entryId}`);
      return person;
    };
    return { lan, tournament: started, people, captainOf };
  };
  /** Plays every ready match (the first side wins `scores`) until none is left. */
  const playOut = async (id: number, scores: (match: TournamentMatch) => [number, number]) => {
    let state = await read(id);
    for (let guard = 0; state.state === 'running' && guard < 64; guard += 1) {
      for (const match of matchesOf(state).filter((each) => each.status === 'ready')) {
        const response = await result(match.id, { scores: scores(match) });
        expect(response.statusCode, response.body).toBe(200);
      }
      state = await read(id);
    }
    return state;
  };

  it('takes teams of its size from the lan’s participants, a clan by its tag', async () => {
    const lan = await api.createLan({ name: 'Team Lan' });
    const tournament = await make(lan.id, { teamSize: 2, name: 'Duos' });
    const [captain, mate, third, fourth] = await players(lan.id, 4);
    const noName = await enter(tournament.id, captain as Person, { memberIds: [mate?.user.id] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe('A team needs a name (or enter as your clan).');
    const tooMany = await enter(tournament.id, captain as Person, {
      name: 'Rockets',
      memberIds: [mate?.user.id, third?.user.id],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(
      'A team of Duos has 2 players: its captain and 1 teammate; 2 teammates were named.',
    );
    const alone = await enter(tournament.id, captain as Person, { name: 'Rockets' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({
      detail: 'A team of Duos has 2 players: its captain and 1 teammate; no teammate was named.',
      errors: { memberIds: ['Name 1 teammate'] },
    });
    const outsider = (await api.person()) as Person;
    const noPlace = await enter(tournament.id, captain as Person, {
      name: 'Rockets',
      memberIds: [outsider.user.id],
    });
    expect(noPlace.statusCode).toBe(409);
    expect(noPlace.json().detail).toBe(
      `${outsider.user.nickname} holds no place at Team Lan (Accepted or Paid).`,
    );
    const rockets = await enter(tournament.id, captain as Person, {
      name: 'Rockets',
      memberIds: [mate?.user.id],
    });
    expect(rockets.statusCode, rockets.body).toBe(201);
    // Named is invited (decision 046): the mate is in once they accept.
    const rocketsId = (rockets.json() as Tournament).entries[0]?.id as number;
    expect((await accept(tournament.id, rocketsId, mate as Person)).statusCode).toBe(200);
    const taken = await enter(tournament.id, third as Person, {
      name: 'rockets',
      memberIds: [fourth?.user.id],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('A team named rockets has entered Duos already.');
    const twice = await enter(tournament.id, third as Person, {
      name: 'Comets',
      memberIds: [mate?.user.id],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(`${mate?.user.nickname} is in Duos already.`);

    const clan = await api.request(third, 'POST', '/api/clans', {
      name: 'Night Owls',
      tag: 'OWL',
      colour: '#334455',
    });
    const code = clan.json().code as string;
    const joined = await api.request(fourth, 'POST', `/api/clans/${clan.json().id}/members`, {
      code,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const asClan = await enter(tournament.id, third as Person, {
      clanId: clan.json().id,
      memberIds: [fourth?.user.id],
    });
    expect(asClan.statusCode, asClan.body).toBe(201);
    const entries = (asClan.json() as Tournament).entries;
    expect(entries.map((entry) => entry.name)).toEqual(['Rockets', '[OWL] Night Owls']);
    expect(entries[1]?.clan).toMatchObject({ tag: 'OWL' });
    expect(entries[0]?.members.map((member) => member.userId)).toEqual([
      captain?.user.id,
      mate?.user.id,
    ]);
  });

  it('says when it is full, and a withdrawal frees the place', async () => {
    const lan = await api.createLan();
    const tournament = await make(lan.id, { maxEntrants: 2, name: 'Small cup' });
    const [a, b, c] = await players(lan.id, 3);
    await enter(tournament.id, a as Person);
    const bEntry = (await enter(tournament.id, b as Person)).json() as Tournament;
    const full = await enter(tournament.id, c as Person);
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe('Small cup is full: 2 entries have signed up.');
    const entryOfB = bEntry.entries.find((entry) => entry.captainId === b?.user.id);
    const notTheirs = await api.request(
      c,
      'DELETE',
      `/api/tournaments/${tournament.id}/entries/${entryOfB?.id}`,
    );
    expect(notTheirs.statusCode).toBe(403);
    const gone = await api.request(
      b,
      'DELETE',
      `/api/tournaments/${tournament.id}/entries/${entryOfB?.id}`,
    );
    expect(gone.statusCode).toBe(204);
    expect((await enter(tournament.id, c as Person)).statusCode).toBe(201);
  });

  it('gives the matches of an entrant who did not check in to the other side', async () => {
    const lan = await api.createLan();
    const tournament = await make(lan.id, { checkIn: true, name: 'Check cup' });
    const people = await players(lan.id, 4);
    const entryIds: number[] = [];
    for (const person of people)
      entryIds.push(
        ((await enter(tournament.id, person)).json() as Tournament).entries.at(-1)?.id as number,
      );
    for (const [index, person] of people.slice(0, 3).entries()) {
      const checked = await api.request(
        person,
        'POST',
        `/api/tournaments/${tournament.id}/entries/${entryIds[index]}/check-in`,
      );
      expect(checked.statusCode, checked.body).toBe(200);
    }
    const started = await start(tournament.id, { seeding: 'ordered', entryIds });
    const absent = entryIds[3];
    expect(started.entries.find((entry) => entry.id === absent)?.forfeited).toBe(true);
    const theirs = matchesOf(started).find((match) =>
      match.sides.some((side) => side?.entryId === absent),
    );
    expect(theirs?.status).toBe('completed');
    expect(theirs?.sides.find((side) => side?.entryId === absent)?.forfeit).toBe(true);
    // Leaving during the tournament: the entry gives up, its next match goes to the other side.
    const leaver = started.entries.find((entry) => entry.id === entryIds[0]);
    const left = await api.request(
      people[0],
      'DELETE',
      `/api/tournaments/${tournament.id}/entries/${leaver?.id}`,
    );
    expect(left.statusCode).toBe(204);
    const after = await read(tournament.id);
    const leaversMatch = matchesOf(after).find((match) =>
      match.sides.some((side) => side?.entryId === leaver?.id),
    );
    expect(leaversMatch?.status).toMatch(/completed|archived/);
  });

  it('takes one who leaves the lan out of its tournaments: out of those to come, giving up those under way', async () => {
    const { lan, tournament, people, captainOf } = await startedWith(4);
    const [, leaver, denied, teammate] = people as [Person, Person, Person, Person];
    const later = await make(lan.id, { name: 'Later cup' });
    expect((await enter(later.id, leaver)).statusCode).toBe(201);
    const duo = await make(lan.id, { name: 'Duo cup', teamSize: 2 });
    const paired = await enter(duo.id, leaver, { name: 'Pair', memberIds: [teammate.user.id] });
    expect(paired.statusCode, paired.body).toBe(201);
    const pairId = (paired.json() as Tournament).entries[0]?.id as number;
    expect((await accept(duo.id, pairId, teammate)).statusCode).toBe(200);
    const subscriptionOf = async (who: Person) =>
      (
        await site.db
          .selectFrom('subscribers')
          .select('id')
          .where('lan_id', '=', lan.id)
          .where('user_id', '=', who.user.id)
          .executeTakeFirstOrThrow()
      ).id;
    const entryOf = (state: Tournament, who: Person) =>
      state.entries.find((entry) => entry.captainId === who.user.id);

    // The leaver withdraws from the lan themselves.
    const withdrawn = await api.request(
      leaver,
      'DELETE',
      `/api/subscribers/${await subscriptionOf(leaver)}`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    let state = await read(tournament.id);
    const leaversEntry = entryOf(state, leaver);
    expect(leaversEntry?.forfeited).toBe(true);
    const leaversMatch = matchesOf(state).find((match) =>
      match.sides.some((side) => side?.entryId === leaversEntry?.id),
    );
    expect(leaversMatch?.status).toBe('completed');
    expect(leaversMatch?.sides.find((side) => side?.entryId === leaversEntry?.id)?.forfeit).toBe(
      true,
    );
    // Out of the tournament to come; the team keeps its other member, now its captain.
    expect((await read(later.id)).entries).toEqual([]);
    const [pair] = (await read(duo.id)).entries;
    expect(pair?.name).toBe('Pair');
    expect(pair?.captainId).toBe(teammate.user.id);
    expect(pair?.members.map((member) => member.userId)).toEqual([teammate.user.id]);

    // Paying keeps a participant in (Accepted to Paid is no leaving)…
    const paid = await api.request(
      admin(),
      'PUT',
      `/api/subscribers/${await subscriptionOf(denied)}/status:paid`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(entryOf(await read(tournament.id), denied)?.forfeited).toBe(false);
    // …a lan administrator denying them is leaving: the same as withdrawing.
    const denial = await api.request(
      admin(),
      'PUT',
      `/api/subscribers/${await subscriptionOf(denied)}/status:denied`,
    );
    expect(denial.statusCode, denial.body).toBe(200);
    state = await read(tournament.id);
    expect(entryOf(state, denied)?.forfeited).toBe(true);
    // The others play on: nobody else gave up, and no match waits on one who did.
    const gaveUp = state.entries.filter((entry) => entry.forfeited).map((entry) => entry.id);
    expect(gaveUp.sort()).toEqual(
      [leaversEntry?.id, entryOf(state, denied)?.id].sort() as number[],
    );
    const waitingOnQuitters = matchesOf(state).filter(
      (match) =>
        match.status === 'ready' &&
        match.sides.some((side) => side?.entryId != null && gaveUp.includes(side.entryId)),
    );
    expect(waitingOnQuitters).toEqual([]);
    const stayed = [people[0]?.user.id, teammate.user.id];
    const readyNow = matchesOf(state).filter((match) => match.status === 'ready');
    expect(readyNow).toHaveLength(1);
    expect(readyNow[0]?.sides.map((side) => captainOf(side?.entryId).user.id).sort()).toEqual(
      stayed.sort(),
    );
  });

  it('refuses bad reports with a 4xx naming the problem', async () => {
    const { tournament, captainOf, people } = await startedWith(4, { bestOf: 3 });
    const [first, final] = tournament.groups[0]?.rounds ?? [];
    const match = first?.matches[0] as TournamentMatch;
    const side = captainOf(match.sides[0]?.entryId);
    const cases: [unknown, number, string][] = [
      [[-1, 2], 400, 'Scores cannot be negative'],
      [[1.5, 2], 400, 'Scores must be whole numbers'],
      [[1, 1], 400, 'A best of 3 ends when one side has won 2 games: 2–0 up to 2–1, not 1–1.'],
      [[3, 0], 400, 'not 3–0'],
      [[2], 400, 'Scores must be two whole numbers'],
    ];
    for (const [scores, status, words] of cases) {
      const response = await report(match.id, side, scores);
      expect(response.statusCode, JSON.stringify(scores)).toBe(status);
      expect(response.body).toContain(words);
    }
    const notReady = await report(final?.matches[0]?.id as number, side, [2, 0]);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().detail).toBe(
      'This match is not ready yet: it waits for the matches before it to be played.',
    );
    const stranger = people.find(
      (person) => !match.sides.some((s) => captainOf(s?.entryId).user.id === person.user.id),
    );
    const refused = await report(match.id, stranger as Person, [2, 0]);
    expect(refused.statusCode).toBe(403);
    expect((await report(999_999, side, [2, 0])).statusCode).toBe(404);
  });

  it('has administrators decide a dispute, and a correction resets what followed once confirmed', async () => {
    const { tournament, captainOf } = await startedWith(4, { name: 'Fix cup' });
    const [semis] = tournament.groups[0]?.rounds ?? [];
    const [one, two] = semis?.matches ?? [];
    if (!one || !two) throw new Error('No semi-finals');
    await report(one.id, captainOf(one.sides[0]?.entryId), [3, 1]);
    const disputed = await report(one.id, captainOf(one.sides[1]?.entryId), [1, 3]);
    expect(disputed.json()).toMatchObject({
      disputed: true,
      reports: [
        [3, 1],
        [1, 3],
      ],
    });
    const decided = await result(one.id, { scores: [3, 1] });
    expect(decided.json()).toMatchObject({
      status: 'completed',
      disputed: false,
      reports: [null, null],
    });
    expect((await result(two.id, { scores: [2, 0] })).statusCode).toBe(200);
    let state = await read(tournament.id);
    const final = state.groups[0]?.rounds[1]?.matches[0] as TournamentMatch;
    expect(final.sides.map((side) => side?.entryId)).toEqual([
      one.sides[0]?.entryId,
      two.sides[0]?.entryId,
    ]);
    expect((await result(final.id, { scores: [1, 0] })).statusCode).toBe(200);
    const thirdPlace = state.groups[1]?.rounds[0]?.matches[0] as TournamentMatch;
    expect(state.groups[1]?.name).toBe('Third place');
    expect((await result(thirdPlace.id, { scores: [1, 0] })).statusCode).toBe(200);
    expect((await read(tournament.id)).state).toBe('finished');

    const unconfirmed = await result(one.id, { scores: [0, 2] });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().detail).toContain(
      'Correcting this result resets 2 matches played after it: ',
    );
    expect(unconfirmed.json().detail).toContain('Final: ');
    expect(unconfirmed.json().detail).toContain('Third place match: ');
    expect(unconfirmed.json().matchIds).toHaveLength(2);
    const corrected = await result(one.id, { scores: [0, 2], resetFollowing: true });
    expect(corrected.statusCode, corrected.body).toBe(200);
    state = await read(tournament.id);
    expect(state.state).toBe('running');
    expect(state.standings).toEqual([]);
    const replay = state.groups[0]?.rounds[1]?.matches[0] as TournamentMatch;
    expect(replay.status).toBe('ready');
    expect(replay.sides.map((side) => side?.entryId)).toEqual([
      one.sides[1]?.entryId,
      two.sides[0]?.entryId,
    ]);
    expect(replay.sides.map((side) => side?.score)).toEqual([null, null]);
  });

  it('plays a double elimination of 6 to its standings, and draws one of 128', async () => {
    const { tournament } = await startedWith(6, { format: 'double_elimination' });
    expect(tournament.groups.map((group) => group.name)).toEqual([
      'Winners’ bracket',
      'Losers’ bracket',
      'Grand final',
    ]);
    const done = await playOut(tournament.id, () => [2, 0]);
    expect(done.state).toBe('finished');
    expect(done.standings.length).toBe(6);
    expect(done.standings[0]?.rank).toBe(1);
    expect(done.winner).not.toBeNull();

    const lan = await api.createLan();
    const big = await make(lan.id, { format: 'double_elimination', maxEntrants: 128 });
    expect(big.groups).toEqual([]);
  });

  it('plays a round robin with draws to standings by points', async () => {
    const { tournament } = await startedWith(4, { format: 'round_robin' });
    const all = matchesOf(tournament);
    expect(all).toHaveLength(6);
    let index = 0;
    const done = await playOut(tournament.id, () => (index++ % 3 === 0 ? [1, 1] : [2, 0]));
    expect(done.state).toBe('finished');
    expect(done.standings).toHaveLength(4);
    expect(done.standings.map((place) => place.rank)).toEqual(
      [...done.standings.map((place) => place.rank)].sort((a, b) => a - b),
    );
  });

  it('tells the chat its winner once, and raises an event open pages follow', async () => {
    const mark = await api.outboxMark();
    const { tournament, lan } = await startedWith(2, { name: 'Chat cup' });
    const final = matchesOf(tournament)[0] as TournamentMatch;
    expect((await result(final.id, { scores: [5, 3] })).statusCode).toBe(200);
    const posts = (await api.queuedSince(mark)).filter((message) =>
      message.dedupeKey.startsWith('tournament:'),
    );
    expect(posts).toHaveLength(1);
    const winner = tournament.entries.find((entry) => entry.id === final.sides[0]?.entryId);
    expect(posts[0]?.payload.content).toBe(`🏆 ${winner?.name} won Chat cup at ${lan.name}!`);
    expect(posts[0]?.dedupeKey).toBe(`tournament:${tournament.id}:winner:${winner?.id}`);
  });
});
