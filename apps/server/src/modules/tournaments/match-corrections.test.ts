import type { Tournament, TournamentMatch, UserHistory } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { findStoredBadges } from '../history/history.repository.ts';
import { syncBadges } from '../history/history.service.ts';

/*
 * A lan administrator's corrections move a tournament's end with its results (issue 51):
 * the winner, the standings, the lan's list, the badges and the chat; and the formats'
 * corners a correction goes through (a grand final's reset, a round robin, three entrants).
 * match-corrections.property.test.ts plays the same at random.
 */
describe.each(testEngines)('corrections on %s', (engine) => {
  const { api, as, site } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;
  const { make, read, players, enter, start, report, result, matchesOf } = tournamentCalls(
    api,
    admin,
    { name: 'Fix cup', game: 'Quake', format: 'single_elimination', maxEntrants: 8 },
  );
  const deps = () => ({ db: site.db, communityTimeZone: 'Europe/Amsterdam' });

  /** A tournament of `count` players alone, entered and started in this seed order. */
  const startedWith = async (count: number, body: object) => {
    const lan = await api.createLan();
    const tournament = await make(lan.id, body);
    const people = await players(lan.id, count);
    for (const person of people) expect((await enter(tournament.id, person)).statusCode).toBe(201);
    const entries = (await read(tournament.id)).entries;
    const started = await start(tournament.id, {
      seeding: 'ordered',
      entryIds: entries.map((entry) => entry.id),
    });
    const entryOf = (person: Person) =>
      started.entries.find((entry) => entry.captainId === person.user.id)?.id as number;
    return { lan, tournament: started, people, entryOf };
  };
  const set = async (match: TournamentMatch, body: object) => {
    const response = await result(match.id, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  const standingsOf = (tournament: Tournament) =>
    tournament.standings.map((place) => [place.entryId, place.rank]);
  const badgesOf = async (person: Person, tournamentId: number) => {
    const history = (
      await api.request(person, 'GET', `/api/users/${person.user.id}/history`)
    ).json() as UserHistory;
    return history.badges
      .filter((badge) => badge.key.endsWith(`-${tournamentId}`))
      .map((badge) => badge.name);
  };

  it('moves the champion of a corrected final: its page, its lan’s list, the badges and the chat', async () => {
    const { lan, tournament, people, entryOf } = await startedWith(2, {
      name: 'Duel',
      bestOf: 3,
    });
    const [first, second] = people as [Person, Person];
    const final = matchesOf(tournament)[0] as TournamentMatch;
    await report(final.id, first, [2, 1]);
    const disputed = await report(final.id, second, [1, 2]);
    expect(disputed.json()).toMatchObject({ disputed: true });
    await set(final, { scores: [2, 1] });
    expect((await read(tournament.id)).winner).toBe(first.user.nickname);
    await syncBadges(deps());
    expect(await badgesOf(first, tournament.id)).toEqual(['Champion, Duel']);
    const mark = await api.outboxMark();

    await set(final, { scores: [1, 2] });
    const corrected = await read(tournament.id);
    expect(corrected.state).toBe('finished');
    expect(corrected.winner).toBe(second.user.nickname);
    expect(standingsOf(corrected)).toEqual([
      [entryOf(second), 1],
      [entryOf(first), 2],
    ]);
    const listed = (await api.request(admin(), 'GET', `/api/lans/${lan.id}/tournaments`)).json();
    expect(listed).toMatchObject([{ id: tournament.id, winner: second.user.nickname }]);
    // The history at once; the stored badges (the profile's notice of new ones) at the sync.
    expect(await badgesOf(second, tournament.id)).toEqual(['Champion, Duel']);
    expect(await badgesOf(first, tournament.id)).toEqual(['Runner-up, Duel']);
    await syncBadges(deps());
    const stored = await findStoredBadges(site.db, [first.user.id, second.user.id]);
    expect(
      stored
        .filter((badge) => badge.key.endsWith(`-${tournament.id}`))
        .map((badge) => [badge.userId, badge.key])
        .sort(),
    ).toEqual(
      [
        [first.user.id, `tournament-2-${tournament.id}`],
        [second.user.id, `tournament-1-${tournament.id}`],
      ].sort(),
    );
    const posts = (await api.queuedSince(mark)).filter((message) =>
      message.dedupeKey.startsWith(`tournament:${tournament.id}:`),
    );
    expect(posts.map((post) => post.payload.content)).toEqual([
      `🏆 ${second.user.nickname} won Duel at ${lan.name}!`,
    ]);
    // The same result again changes nothing more.
    await set(final, { scores: [1, 2] });
    expect((await api.queuedSince(mark)).length).toBe(1);
  });

  it('plays a grand final’s reset only when the losers’ bracket’s winner wins the grand final', async () => {
    const { tournament, people, entryOf } = await startedWith(3, {
      format: 'double_elimination',
    });
    let state = tournament;
    for (let guard = 0; state.state === 'running' && guard < 10; guard += 1) {
      const ready = matchesOf(state).find(
        (match) => match.status === 'ready' && match.sides.every((side) => side?.entryId),
      );
      if (!ready) break;
      await set(ready, { scores: [1, 0] });
      state = await read(tournament.id);
    }
    // The winners' bracket's winner (the first seed, never beaten) won the grand final.
    expect(state.state).toBe('finished');
    expect(state.winner).toBe(people[0]?.user.nickname);
    const [grandFinal, reset] = state.groups[2]?.rounds.map((round) => round.matches[0]) ?? [];
    expect(reset?.status).toBe('locked');
    expect(reset?.sides.map((side) => side?.entryId)).toEqual([null, null]);

    await set(grandFinal as TournamentMatch, { scores: [0, 1], resetFollowing: true });
    state = await read(tournament.id);
    expect(state.state).toBe('running');
    expect(state.standings).toEqual([]);
    const replay = state.groups[2]?.rounds[1]?.matches[0] as TournamentMatch;
    expect(replay.status).toBe('ready');
    await set(replay, { scores: [0, 1] });
    state = await read(tournament.id);
    expect(state.state).toBe('finished');
    expect(state.winner).toBe(people[1]?.user.nickname);
    expect(standingsOf(state).slice(0, 2)).toEqual([
      [entryOf(people[1] as Person), 1],
      [entryOf(people[0] as Person), 2],
    ]);
  });

  it('ends a single elimination of three with three places and a double elimination of two, and corrects a round robin', async () => {
    const three = await startedWith(3, {});
    expect(three.tournament.groups.map((group) => group.name)).toEqual(['Main bracket']);
    let state = three.tournament;
    for (let guard = 0; state.state === 'running' && guard < 5; guard += 1) {
      for (const match of matchesOf(state).filter((each) => each.status === 'ready'))
        await set(match, { scores: [3, 1] });
      state = await read(three.tournament.id);
    }
    expect(state.state).toBe('finished');
    expect(state.standings.map((place) => place.rank)).toEqual([1, 2, 3]);

    // A double elimination of two is one match: its final, of the final's best-of.
    const pair = await startedWith(2, { format: 'double_elimination', bestOf: 1, finalBestOf: 3 });
    const [group] = pair.tournament.groups;
    expect([group?.name, group?.rounds.map((round) => round.name)]).toEqual([
      'Main bracket',
      ['Final'],
    ]);
    const only = matchesOf(pair.tournament)[0] as TournamentMatch;
    expect(only.bestOf).toBe(3);
    await set(only, { scores: [1, 2] });
    state = await read(pair.tournament.id);
    expect(standingsOf(state)).toEqual([
      [only.sides[1]?.entryId, 1],
      [only.sides[0]?.entryId, 2],
    ]);

    const league = await startedWith(3, { format: 'round_robin' });
    for (const match of matchesOf(league.tournament)) await set(match, { scores: [1, 1] });
    state = await read(league.tournament.id);
    expect(state.standings.map((place) => place.rank)).toEqual([1, 1, 1]);
    const [anyMatch] = matchesOf(state);
    await set(anyMatch as TournamentMatch, { scores: [2, 0] });
    state = await read(league.tournament.id);
    expect(state.state).toBe('finished');
    expect(state.winner).toBe(
      league.tournament.entries.find((entry) => entry.id === anyMatch?.sides[0]?.entryId)?.name,
    );
    expect(state.standings.filter((place) => place.rank === 1)).toEqual([
      { entryId: anyMatch?.sides[0]?.entryId, rank: 1 },
    ]);
  });
});
