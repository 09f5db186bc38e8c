import type {
  Tournament,
  TournamentFormat,
  TournamentMatch,
  UserHistory,
} from '@lanparty/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { tournamentCalls } from '../../../test/tournaments.ts';
import { findStoredBadges } from '../history/history.repository.ts';
import { syncBadges } from '../history/history.service.ts';

/*
 * Corrections never leave a stale end (issue 51): whatever the format and the number of
 * entries, however results are set (agreeing reports or a lan administrator) and corrected
 * (resetting what followed), a finished tournament's winner, standings and badges are those
 * its final results earn — the same as a fresh tournament given only those results. The
 * badges are seen in the history at once, and the stored ones after the badge job's sync.
 */
describe.each(testEngines)('corrected results on %s', (engine) => {
  const { api, as, site } = setUpOrganiserSite(engine, { callers: ['LanAdministrator'] });
  const admin = () => as.LanAdministrator as Person;
  const { make, read, players, enter, start, report, result, matchesOf, captainOf } =
    tournamentCalls(api, admin, { name: 'Fix cup', game: 'Quake', maxEntrants: 8 });
  const deps = () => ({ db: site.db, communityTimeZone: 'Europe/Amsterdam' });

  const isSettled = (match: TournamentMatch) =>
    match.status === 'completed' || match.status === 'archived';
  const isPlayable = (match: TournamentMatch) =>
    match.sides.every((side) => side !== null && side.entryId !== null);
  /** Where a match stands in its bracket, the same in every tournament of its format and size. */
  const placesOf = (tournament: Tournament) =>
    new Map(
      tournament.groups.flatMap((group) =>
        group.rounds.flatMap((round) =>
          round.matches.map((match) => [`${group.number}.${round.number}.${match.number}`, match]),
        ),
      ),
    );

  it('gives a finished tournament the winner, standings and badges of its results as corrected', async () => {
    const lan = await api.createLan({ name: 'Property Lan' });
    const people = await players(lan.id, 8);
    const userOf = (tournament: Tournament, entryId: number | null | undefined) =>
      captainOf(tournament, people, entryId ?? null).user.id;
    const badgePlaces = (badges: readonly { key: string }[], tournamentId: number) =>
      badges.flatMap((badge) => {
        const place = new RegExp(`^tournament-([123])-${tournamentId}$`).exec(badge.key)?.[1];
        return place ? [Number(place)] : [];
      });
    /** Each player's places of this tournament: in the history, and among the stored badges. */
    const badgesOf = async (tournament: Tournament) => {
      const byUser: Record<number, { history: number[]; stored: number[] }> = {};
      const stored = await findStoredBadges(
        site.db,
        people.map((person) => person.user.id),
      );
      for (const person of people.slice(0, tournament.entries.length)) {
        const history = (
          await api.request(person, 'GET', `/api/users/${person.user.id}/history`)
        ).json() as UserHistory;
        byUser[person.user.id] = {
          history: badgePlaces(history.badges, tournament.id),
          stored: badgePlaces(
            stored.filter((badge) => badge.userId === person.user.id),
            tournament.id,
          ),
        };
      }
      return byUser;
    };
    /** The tournament's end as its page, its lan's list and its players' badges tell it. */
    const endOf = async (tournament: Tournament) => {
      const summaries = (
        await api.request(admin(), 'GET', `/api/lans/${lan.id}/tournaments`)
      ).json();
      return {
        state: tournament.state,
        winner: tournament.winner,
        listed: (summaries as Tournament[]).find((each) => each.id === tournament.id)?.winner,
        standings: tournament.standings.map((place) => ({
          userId: userOf(tournament, place.entryId),
          rank: place.rank,
        })),
        badges: await badgesOf(tournament),
      };
    };

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          format: fc.constantFrom<TournamentFormat>(
            'single_elimination',
            'double_elimination',
            'round_robin',
          ),
          count: fc.integer({ min: 2, max: 8 }),
          bestOf: fc.constantFrom(1, 3),
          // Every choice of the play (which match, which score, how, which correction).
          tape: fc.array(fc.nat({ max: 9999 }), { minLength: 1, maxLength: 48 }),
        }),
        async ({ format, count, bestOf, tape }) => {
          let at = 0;
          const pick = (choices: number) =>
            choices <= 1 ? 0 : (tape[at++ % tape.length] as number) % choices;
          const scoresFor = (match: TournamentMatch): [number, number] => {
            if (match.bestOf === 1) {
              const a = pick(4);
              const b = pick(4);
              return a === b && format !== 'round_robin' ? [a, a + 1] : [a, b];
            }
            const toWin = Math.ceil(match.bestOf / 2);
            const lost = pick(toWin);
            return pick(2) === 0 ? [toWin, lost] : [lost, toWin];
          };
          const body = { format, bestOf, finalBestOf: bestOf, name: `Fix cup ${format}` };
          const entrants = people.slice(0, count);
          const drawn = async () => {
            const tournament = await make(lan.id, body);
            for (const person of entrants)
              expect((await enter(tournament.id, person)).statusCode).toBe(201);
            const entries = (await read(tournament.id)).entries;
            return start(tournament.id, {
              seeding: 'ordered',
              entryIds: entries.map((entry) => entry.id),
            });
          };
          const played = await drawn();
          const fresh = await drawn();
          try {
            // Play at random, correcting now and then and at least once after the end.
            let state = played;
            let corrections = 1 + pick(3);
            let hasSynced = false;
            for (let step = 0; step < 200; step += 1) {
              if (state.state === 'finished' && !hasSynced) {
                // The badges of the end before its correction: stored, to be taken back.
                await syncBadges(deps());
                hasSynced = true;
              }
              if (state.state === 'finished' && corrections === 0) break;
              const matches = matchesOf(state).filter(isPlayable);
              const settled = matches.filter(isSettled);
              const ready = matches.filter((match) => match.status === 'ready');
              if (corrections > 0 && settled.length > 0 && (ready.length === 0 || pick(4) === 0)) {
                const match = settled[pick(settled.length)] as TournamentMatch;
                let scores = scoresFor(match);
                const [was0, was1] = match.sides.map((side) => side?.score);
                if (scores[0] === was0 && scores[1] === was1)
                  scores =
                    scores[0] === scores[1] ? [scores[0] + 1, scores[1]] : [scores[1], scores[0]];
                // Unconfirmed, it goes ahead only when nothing played after it is reset.
                let corrected = await result(match.id, { scores, resetFollowing: pick(2) === 0 });
                if (corrected.statusCode === 409) {
                  expect(corrected.json().matchIds.length, corrected.body).toBeGreaterThan(0);
                  corrected = await result(match.id, { scores, resetFollowing: true });
                }
                expect(corrected.statusCode, corrected.body).toBe(200);
                corrections -= 1;
              } else {
                const match = ready[pick(ready.length)];
                if (!match) throw new Error(`Nothing to play in ${JSON.stringify(state.groups)}`);
                const scores = scoresFor(match);
                if (pick(3) === 0) {
                  // Both sides report the same, the first after a wrong report of its own.
                  const [first, second] = match.sides.map((side) => userOf(state, side?.entryId));
                  const byFirst = people.find((person) => person.user.id === first) as Person;
                  const bySecond = people.find((person) => person.user.id === second) as Person;
                  await report(match.id, byFirst, [scores[1] + 1, scores[0] + 1]);
                  for (const by of [byFirst, bySecond]) {
                    const reported = await report(match.id, by, scores);
                    expect(reported.statusCode, reported.body).toBe(200);
                  }
                } else {
                  const set = await result(match.id, { scores });
                  expect(set.statusCode, set.body).toBe(200);
                }
              }
              state = await read(played.id);
            }
            expect(state.state).toBe('finished');

            // A fresh tournament, the same entrants in the same seeds, given the final results.
            const finals = placesOf(state);
            let replay = fresh;
            for (let step = 0; replay.state === 'running' && step < 64; step += 1) {
              for (const [place, match] of placesOf(replay)) {
                if (match.status !== 'ready' || !isPlayable(match)) continue;
                const final = finals.get(place);
                expect(final && isSettled(final), `${place} was played in the first`).toBe(true);
                expect(match.sides.map((side) => userOf(replay, side?.entryId))).toEqual(
                  final?.sides.map((side) => userOf(state, side?.entryId)),
                );
                const scores = final?.sides.map((side) => side?.score) as [number, number];
                const set = await result(match.id, { scores });
                expect(set.statusCode, set.body).toBe(200);
              }
              replay = await read(fresh.id);
            }
            await syncBadges(deps());
            const corrected = await endOf(await read(played.id));
            const expected = await endOf(replay);
            expect(corrected).toEqual(expected);
            expect(corrected.winner).not.toBeNull();
            expect(corrected.listed).toBe(corrected.winner);
          } finally {
            for (const id of [played.id, fresh.id])
              await api.request(admin(), 'DELETE', `/api/tournaments/${id}`);
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 60_000);
});
