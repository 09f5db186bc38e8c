import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { insertSubscriberRow, serviceDepsOn, useSecondPool } from '../../../test/services.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Viewer } from '../auth/viewer.ts';
import { createLan } from '../lans/lans.service.ts';
import { withdraw } from '../subscriptions/subscribers.service.ts';
import { setMatchResult } from './match-corrections.ts';
import { reportMatch } from './match-results.ts';
import type { TournamentsDeps } from './tournament-changes.ts';
import { enterTournament } from './tournament-entries.ts';
import { startTournament } from './tournament-start.ts';
import { createTournament, getTournament } from './tournaments.service.ts';

/*
 * Reports at the same moment (issue 37), without HTTP in between so the transactions
 * really overlap; on PostgreSQL through two connection pools at once, two servers on one
 * database. Whatever the interleaving, each match is settled once, and each winner is in
 * the next match once.
 */
describe.each(testEngines)('tournament reports under concurrency on %s', (engine) => {
  const { site, adminViewer: admin } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);
  const depsOn = (db: AppDatabase): TournamentsDeps => ({ ...serviceDepsOn(db), isChatOn: false });

  /** A new active lan and a single elimination for players alone on it, open for sign-up. */
  async function openTournament(deps: TournamentsDeps, name: string, entrants: number) {
    const lan = await createLan(serviceDepsOn(site.db), admin, {
      ...buildLanBody({ name: `${name} Lan`, isActive: true }),
      location: null,
    });
    const tournament = await createTournament(deps, admin, lan.id, {
      name: `${name} cup`,
      game: 'Quake',
      gameId: null,
      format: 'single_elimination',
      teamSize: 1,
      maxEntrants: entrants,
      bestOf: 1,
      finalBestOf: null,
      signUpClosesAt: null,
      checkIn: false,
    });
    return { lan, tournament };
  }

  async function startedTournament(entrants: number) {
    const deps = depsOn(site.db);
    const { lan, tournament } = await openTournament(deps, 'Race', entrants);
    const players: Viewer[] = [];
    for (let index = 0; index < entrants; index += 1) {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner']);
      await insertSubscriberRow(site.db, {
        lanId: lan.id,
        userId: user.id,
        status: 'Accepted',
        at: new Date(),
      });
      const viewer: Viewer = { user, roles: ['Lanner'] };
      await enterTournament(deps, viewer, tournament.id, {});
      players.push(viewer);
    }
    const started = await startTournament(deps, admin, tournament.id, { seeding: 'random' });
    const captainOf = (entryId: number | null) => {
      const entry = started.entries.find((each) => each.id === entryId);
      const player = players.find((each) => each.user.id === entry?.captainId);
      if (!player) throw new Error(`No player of entry ${entryId}`);
      return player;
    };
    return { deps, tournament: started, captainOf };
  }

  const roundsOf = async (deps: TournamentsDeps, id: number) =>
    (await getTournament(deps, admin, id)).groups[0]?.rounds ?? [];

  it('settles each of 8 matches reported by both sides at once, once', async () => {
    const { deps, tournament, captainOf } = await startedTournament(16);
    const firstRound = tournament.groups[0]?.rounds[0]?.matches ?? [];
    expect(firstRound).toHaveLength(8);
    const reports = firstRound.flatMap((match, index) =>
      match.sides.map((side, sideIndex) =>
        reportMatch(
          depsOn((index + sideIndex) % 2 === 0 ? site.db : second()),
          captainOf(side?.entryId ?? null),
          match.id,
          [2, 1],
        ),
      ),
    );
    const answers = await Promise.allSettled(reports);
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);

    const [roundOne, roundTwo] = await roundsOf(deps, tournament.id);
    expect(roundOne?.matches.map((match) => match.status)).toEqual(Array(8).fill('completed'));
    // Each winner (the first side: 2–1) is in round 2 once, in the slot its match feeds.
    const winners = firstRound.map((match) => match.sides[0]?.entryId);
    const advanced = (roundTwo?.matches ?? []).flatMap((match) =>
      match.sides.map((side) => side?.entryId),
    );
    expect(advanced).toEqual(winners);
    expect(roundTwo?.matches.map((match) => match.status)).toEqual(Array(4).fill('ready'));
  });

  it('stores one result when a report races an administrator’s result', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { deps, tournament, captainOf } = await startedTournament(4);
      const match = tournament.groups[0]?.rounds[0]?.matches[0];
      if (!match) throw new Error('No match');
      const [first, other] = match.sides.map((side) => captainOf(side?.entryId ?? null));
      await reportMatch(deps, first as Viewer, match.id, [3, 0]);
      const race = await Promise.allSettled([
        reportMatch(depsOn(second()), other as Viewer, match.id, [3, 0]),
        setMatchResult(depsOn(site.db), admin, match.id, {
          scores: [0, 3],
          resetFollowing: false,
        }),
      ]);
      // The administrator's result always stands: before the report (which then finds a
      // settled match, 409) or after it (a correction, nothing played after it yet).
      expect(race[1].status, JSON.stringify(race)).toBe('fulfilled');
      if (race[0].status === 'rejected') expect(String(race[0].reason)).toContain('settled');
      const [roundOne, final] = await roundsOf(deps, tournament.id);
      const settled = roundOne?.matches.find((each) => each.id === match.id);
      expect(settled?.sides.map((side) => side?.score)).toEqual([0, 3]);
      const loser = match.sides[0]?.entryId;
      const winner = match.sides[1]?.entryId;
      const inFinal = final?.matches[0]?.sides.map((side) => side?.entryId) ?? [];
      expect(inFinal.filter((id) => id === winner)).toHaveLength(1);
      expect(inFinal).not.toContain(loser);
    }
  });

  it('leaves nobody in a tournament they signed up for while leaving the lan', async () => {
    const deps = depsOn(site.db);
    const { lan, tournament } = await openTournament(deps, 'Leaving', 16);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner']);
      const viewer: Viewer = { user, roles: ['Lanner'] };
      const subscriptionId = await insertSubscriberRow(site.db, {
        lanId: lan.id,
        userId: user.id,
        status: 'Accepted',
        at: new Date(),
      });
      // The sign-up on one server, the withdrawal on the other, in either order.
      const signUp = () => enterTournament(deps, viewer, tournament.id, {});
      const leave = () => withdraw(serviceDepsOn(second()), viewer, subscriptionId);
      // Started in either order.
      const first = attempt % 2 === 0 ? signUp() : leave();
      const then = attempt % 2 === 0 ? leave() : signUp();
      const [entered, left] = (
        await Promise.allSettled(attempt % 2 === 0 ? [first, then] : [then, first])
      ).map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'done'));
      expect(left).toBe('done');
      if (entered !== 'done') expect(entered).toMatch(/participant|lan/i);
      const after = await getTournament(deps, admin, tournament.id);
      expect(after.entries.filter((entry) => entry.captainId === user.id)).toEqual([]);
    }
  });
});
