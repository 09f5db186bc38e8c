import type { Tournament } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { useSecondPool } from '../../../test/services.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { holdTournament } from './tournaments.repository.ts';

/*
 * Refusals change no tournament (issue 50): an open bracket's pages read it again on every
 * `tournament` event, so a refused request must raise neither its version nor an event,
 * and must not wait for (or hold up) the tournament's row.
 */
describe.each(testEngines)('refused changes of a tournament on %s', (engine) => {
  const { api, as, site } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const second = useSecondPool(site);
  const admin = () => as.LanAdministrator as Person;
  const { make, read, players, enter, start, report, result, matchesOf } = tournamentCalls(
    api,
    admin,
    {
      name: 'Cup',
      game: 'Quake',
      format: 'single_elimination',
      maxEntrants: 8,
    },
  );

  /** The tournament's version and how many `tournament` events it has raised. */
  const stateOf = async (id: number) => {
    const events = await site.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('kind', '=', 'tournament')
      .where('tournament_id', '=', id)
      .executeTakeFirstOrThrow();
    return { version: (await read(id)).version, events: Number(events.count) };
  };

  /** Four players entered; started when asked: its first match, ready, and who plays it. */
  const tournamentOf = async (options: { isStarted: boolean; body?: object }) => {
    const lan = await api.createLan();
    const tournament = await make(lan.id, options.body);
    const people = await players(lan.id, 4);
    for (const person of people) expect((await enter(tournament.id, person)).statusCode).toBe(201);
    let state: Tournament = await read(tournament.id);
    if (options.isStarted)
      state = await start(tournament.id, {
        seeding: 'ordered',
        entryIds: state.entries.map((entry) => entry.id),
      });
    const ready = matchesOf(state).filter((match) => match.status === 'ready');
    const captainOf = (entryId: number | null | undefined) =>
      people.find(
        (person) =>
          person.user.id === state.entries.find((entry) => entry.id === entryId)?.captainId,
      ) as Person;
    return { state, people, ready, captainOf };
  };

  /** Sends `count` requests, all at once, and answers their statuses. */
  const flood = async (count: number, send: () => ReturnType<typeof api.request>) =>
    (await Promise.all(Array.from({ length: count }, send))).map((answer) => answer.statusCode);

  it('answers 200 reports without signing in with 401, and no event', async () => {
    const { state, ready } = await tournamentOf({ isStarted: true });
    const before = await stateOf(state.id);
    const statuses = await flood(200, () =>
      api.request(undefined, 'PUT', `/api/matches/${ready[0]?.id}/report`, { scores: [1, 0] }),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(await stateOf(state.id)).toEqual(before);
  });

  it('answers 200 reports by someone not playing the match with 403, and no event', async () => {
    const { state, ready } = await tournamentOf({ isStarted: true });
    const visitor = await api.person();
    const before = await stateOf(state.id);
    const statuses = await flood(200, () => report(ready[0]?.id as number, visitor, [1, 0]));
    expect(new Set(statuses)).toEqual(new Set([403]));
    expect(await stateOf(state.id)).toEqual(before);
  });

  it('raises the version for a batch of reports only when one was taken', async () => {
    const { state, ready, captainOf } = await tournamentOf({ isStarted: true });
    const [first, second] = ready;
    const final = matchesOf(state).find((match) => match.status !== 'ready');
    const player = captainOf(first?.sides[0]?.entryId);
    const visitor = await api.person();
    const before = await stateOf(state.id);
    // Sent together, so they are settled in batches: each refused for its own reason.
    const refused = await Promise.all([
      report(first?.id as number, visitor, [1, 0]),
      report(first?.id as number, player, [1, 1]),
      report(second?.id as number, player, [1, 0]),
      report(final?.id as number, player, [1, 0]),
      report(first?.id as number, visitor, [0, 1]),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 400, 403, 409, 403]);
    expect(await stateOf(state.id)).toEqual(before);

    const taken = await report(first?.id as number, player, [1, 0]);
    expect(taken.statusCode, taken.body).toBe(200);
    const after = await stateOf(state.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.events).toBeGreaterThan(before.events);
  });

  it('refuses withdrawals and check-ins of strangers and of others without a trace', async () => {
    const { state, people } = await tournamentOf({ isStarted: false, body: { checkIn: true } });
    const entryId = state.entries[0]?.id as number;
    const other = people.find((person) => person.user.id !== state.entries[0]?.captainId) as Person;
    const before = await stateOf(state.id);
    const withdraw = (who: Person | undefined) =>
      api.request(who, 'DELETE', `/api/tournaments/${state.id}/entries/${entryId}`);
    const checkIn = (who: Person | undefined) =>
      api.request(who, 'POST', `/api/tournaments/${state.id}/entries/${entryId}/check-in`);
    expect((await withdraw(undefined)).statusCode).toBe(401);
    expect((await checkIn(undefined)).statusCode).toBe(401);
    expect((await withdraw(other)).statusCode).toBe(403);
    expect((await checkIn(other)).statusCode).toBe(403);
    expect(await stateOf(state.id)).toEqual(before);
  });

  it('refuses sign-ups of strangers, to no tournament and a second one without a trace', async () => {
    const { state, people } = await tournamentOf({ isStarted: false });
    const visitor = await api.person();
    const entered = people[0] as Person;
    const before = await stateOf(state.id);
    const entries = `/api/tournaments/${state.id}/entries`;
    expect((await api.request(undefined, 'POST', entries, {})).statusCode).toBe(401);
    expect((await enter(state.id, visitor)).statusCode).toBe(403);
    expect((await enter(999999, entered)).statusCode).toBe(404);
    expect((await enter(state.id, entered)).statusCode).toBe(409);
    expect(await stateOf(state.id)).toEqual(before);
  });

  // Another server holding the tournament's row (a long change of it): a refusal is answered
  // without waiting for it. SQLite has one connection per site, so no row is held apart.
  it.runIf(engine === 'postgres')(
    'answers refused withdrawals and check-ins while another server holds the tournament',
    async () => {
      const { state, people } = await tournamentOf({ isStarted: false, body: { checkIn: true } });
      const entryId = state.entries[0]?.id as number;
      const other = people.find(
        (person) => person.user.id !== state.entries[0]?.captainId,
      ) as Person;
      const entry = `/api/tournaments/${state.id}/entries/${entryId}`;
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          return Promise.all([
            api.request(undefined, 'DELETE', entry),
            api.request(undefined, 'POST', `${entry}/check-in`),
            api.request(other, 'DELETE', entry),
            api.request(other, 'POST', `${entry}/check-in`),
            api.request(other, 'DELETE', `/api/tournaments/${state.id}/entries/999999`),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([401, 401, 403, 403, 404]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers refused sign-ups while another server holds the tournament',
    async () => {
      const { state, people } = await tournamentOf({ isStarted: false });
      const visitor = await api.person();
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          return Promise.all([
            api.request(undefined, 'POST', `/api/tournaments/${state.id}/entries`, {}),
            enter(state.id, visitor),
            enter(999999, visitor),
            enter(state.id, people[0] as Person),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([401, 403, 404, 409]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers refused changes of its rules, start and deletion while another server holds it',
    async () => {
      const { state } = await tournamentOf({ isStarted: true });
      const visitor = await api.person();
      const path = `/api/tournaments/${state.id}`;
      const rules = { name: 'Cup', game: 'Quake', format: 'single_elimination', maxEntrants: 8 };
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          return Promise.all([
            api.request(visitor, 'PUT', path, rules),
            api.request(visitor, 'POST', `${path}/start`, {}),
            api.request(visitor, 'DELETE', path),
            api.request(admin(), 'POST', '/api/tournaments/999999/start', {}),
            api.request(admin(), 'POST', `${path}/start`, {}),
            api.request(admin(), 'PUT', path, { ...rules, maxEntrants: 16 }),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([403, 403, 403, 404, 409, 409]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers reports by someone playing no match of it while another server holds it',
    async () => {
      const { state, ready } = await tournamentOf({ isStarted: true });
      const visitor = await api.person();
      const final = matchesOf(state).find((match) => match.status !== 'ready');
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          return Promise.all([
            report(ready[0]?.id as number, visitor, [1, 0]),
            report(final?.id as number, visitor, [1, 0]),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([403, 403]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers reports of another match and wrong scores while another server holds it',
    async () => {
      const { state, ready, captainOf } = await tournamentOf({ isStarted: true });
      const [first, otherMatch] = ready;
      // Each captains an entry of the tournament: of the other match, and of this one.
      const other = captainOf(otherMatch?.sides[0]?.entryId);
      const player = captainOf(first?.sides[0]?.entryId);
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          return Promise.all([
            report(first?.id as number, other, [1, 0]),
            report(first?.id as number, player, [1, 1]),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([403, 400]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers refused results and seedings while another server holds the tournament',
    async () => {
      const { state, ready } = await tournamentOf({ isStarted: true });
      const final = matchesOf(state).find((match) => match.status !== 'ready');
      const open = (await tournamentOf({ isStarted: false })).state;
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          await holdTournament(trx, open.id);
          return Promise.all([
            result(final?.id as number, { scores: [1, 0] }),
            result(ready[0]?.id as number, { scores: [1, 1] }),
            api.request(admin(), 'POST', `/api/tournaments/${open.id}/start`, {
              seeding: 'ordered',
              entryIds: [999999],
            }),
          ]).then((answers) => answers.map((answer) => answer.statusCode));
        });
      expect(statuses).toEqual([409, 400, 400]);
    },
  );

  it.runIf(engine === 'postgres')(
    'answers a correction not confirming the results it resets while another server holds it',
    async () => {
      const { state, ready } = await tournamentOf({ isStarted: true });
      const final = matchesOf(state).find((match) => match.status !== 'ready');
      for (const match of [...ready, final])
        expect((await result(match?.id as number, { scores: [1, 0] })).statusCode).toBe(200);
      const statuses = await second()
        .transaction()
        .execute(async (trx) => {
          await holdTournament(trx, state.id);
          const answer = await result(ready[0]?.id as number, { scores: [0, 1] });
          return [answer.statusCode];
        });
      expect(statuses).toEqual([409]);
    },
  );
});
