import type { TournamentMatch } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';

/*
 * Tournaments (issue 37): made by lan administrators, entered by the lan's participants,
 * drawn by brackets-manager at the start, settled by both sides' reports.
 */
describe.each(testEngines)('tournaments on %s', (engine) => {
  const { api, call, as } = setUpOrganiserSite(engine, { callers: everyCaller });
  const admin = () => as.LanAdministrator as Person;

  const { make, read, players, enter, start, report, matchesOf, captainOf } = tournamentCalls(
    api,
    admin,
  );

  it('are made by lan administrators only, and read by anyone', async () => {
    const lan = await api.createLan();
    for (const caller of everyCaller) {
      const response = await call(caller, 'POST', `/api/lans/${lan.id}/tournaments`, {
        name: `By ${caller}`,
        game: 'Quake',
        format: 'round_robin',
        maxEntrants: 8,
      });
      const expected =
        caller === 'anonymous'
          ? 401
          : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
            ? 201
            : 403;
      expect(response.statusCode, caller).toBe(expected);
    }
    const list = await api.request(undefined, 'GET', `/api/lans/${lan.id}/tournaments`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((each: { name: string }) => each.name)).toEqual([
      'By LanAdministrator',
      'By SystemAdministrator',
    ]);
  });

  it.each([
    ['no name', { name: ' ' }, 'name', 'Name is required'],
    ['an unknown format', { format: 'swiss' }, 'format', ''],
    ['a best of 2', { bestOf: 2 }, 'bestOf', 'Best of must be 1, 3, 5 or 7'],
    ['one entrant', { maxEntrants: 1 }, 'maxEntrants', 'at least 2'],
    ['too many for a round robin', { format: 'round_robin', maxEntrants: 64 }, 'maxEntrants', '24'],
    ['a team size of 0', { teamSize: 0 }, 'teamSize', 'at least 1'],
  ])('refuses %s with a 400 naming the field', async (_, body, field, message) => {
    const lan = await api.createLan();
    const response = await api.request(admin(), 'POST', `/api/lans/${lan.id}/tournaments`, {
      name: 'Cup',
      game: 'Quake',
      format: 'single_elimination',
      maxEntrants: 8,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]?.join(' '), response.body).toContain(message);
  });

  it('is played from sign-up to the final standings, reported by both sides', async () => {
    const lan = await api.createLan({ name: 'Cup Lan' });
    const tournament = await make(lan.id, { bestOf: 1, finalBestOf: 3 });
    const people = await players(lan.id, 5);
    for (const person of people) expect((await enter(tournament.id, person)).statusCode).toBe(201);
    const again = await enter(tournament.id, people[0] as Person);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('is in Quake duel already');
    const outsider = (await api.person()) as Person;
    const refused = await enter(tournament.id, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Only participants of the lan (Accepted or Paid) enter its tournaments.',
    );

    let state = await start(tournament.id);
    expect(state.state).toBe('running');
    // 5 entries in a bracket of 8: three byes, one match of round 1 played.
    const firstRound = state.groups[0]?.rounds[0]?.matches ?? [];
    expect(firstRound).toHaveLength(4);
    expect(firstRound.filter((match) => match.sides.includes(null))).toHaveLength(3);
    const [late] = await players(lan.id, 1);
    const tooLate = await enter(tournament.id, late as Person);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().detail).toBe(
      'Quake duel has started: signing up is for before the start; entries are fixed now.',
    );

    // Play every ready match until it is over; the first one is disputed first.
    let disputedOnce = false;
    for (let guard = 0; state.state !== 'finished' && guard < 20; guard += 1) {
      const ready = matchesOf(state).filter((match) => match.status === 'ready');
      expect(ready.length, JSON.stringify(state.groups)).toBeGreaterThan(0);
      for (const match of ready) {
        const [a, b] = match.sides.map((side) => captainOf(state, people, side?.entryId ?? null));
        const scores: [number, number] = match.bestOf === 3 ? [2, 1] : [3, 1];
        if (!disputedOnce) {
          disputedOnce = true;
          expect((await report(match.id, a as Person, scores)).json().reports).toEqual([
            scores,
            null,
          ]);
          const disputed = await report(match.id, b as Person, [scores[1], scores[0]]);
          expect(disputed.json()).toMatchObject({ disputed: true, status: 'ready' });
        }
        const first = await report(match.id, a as Person, scores);
        expect(first.statusCode, first.body).toBe(200);
        const second = await report(match.id, b as Person, scores);
        expect(second.statusCode, second.body).toBe(200);
        expect((second.json() as TournamentMatch).status).toMatch(/completed|archived/);
      }
      state = await read(tournament.id);
    }
    expect(state.state).toBe('finished');
    expect(state.standings.map((place) => place.rank).slice(0, 3)).toEqual([1, 2, 3]);
    const final = state.groups[0]?.rounds.at(-1);
    expect(final?.name).toBe('Final');
    expect(final?.matches[0]?.bestOf).toBe(3);
    expect(state.winner).toBe(
      state.entries.find((e) => e.id === state.standings[0]?.entryId)?.name,
    );
  });
});
