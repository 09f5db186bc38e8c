import type { MatchResult, TournamentMatch } from '@lanparty/contract';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { Bracket, isSettled } from './bracket.ts';
import { settleWalkovers } from './bracket-play.ts';
import { bestOfMatch, checkScores, noMatch, notReady, rowOf } from './match-results.ts';
import { changeTournamentChecked, type TournamentsDeps } from './tournament-changes.ts';
import { findMatch, findTournamentsOfMatches } from './tournament-matches.repository.ts';
import { presentMatch } from './tournaments.presenter.ts';
import { findLanActivity, findTournament, type TournamentRow } from './tournaments.repository.ts';
import { readTournament } from './tournaments.service.ts';

/*
 * A match's result set or corrected by a lan administrator (issue 37); the sides' own
 * reports are match-results.ts.
 */

/**
 * Why a result of the match is refused with the tournament as `db` holds it; else the
 * match, its bracket (on `db`: under the hold, the one to change), its best-of and the
 * results a correction resets. Asked before the tournament's row is held and again under
 * it (issue 50); finding the results a correction resets reads a few matches of the
 * bracket, cheap enough to ask twice.
 */
async function refuseResult(
  deps: TournamentsDeps,
  db: Executor,
  viewer: Viewer | null,
  tournament: TournamentRow,
  matchId: number,
  input: MatchResult,
) {
  if (!(await findLanActivity(db, tournament.lan_id)) && !isAllowed(viewer, 'lans.seeInactive'))
    throw noMatch(matchId);
  const match = await findMatch(db, matchId);
  if (!match) throw noMatch(matchId);
  const problem = notReady(tournament, match);
  if (problem) throw problem;
  const bracket = new Bracket(db, tournament.id);
  const bestOf = await bestOfMatch(bracket, tournament, match);
  if (input.scores) checkScores(tournament, bestOf, input.scores);
  const later = isSettled(match.status) ? await bracket.laterResults(matchId) : [];
  if (later.length > 0 && !input.resetFollowing)
    throw new ProblemError(
      409,
      `Correcting this result resets ${later.length} ${later.length === 1 ? 'match' : 'matches'} played after it: ` +
        `${(
          await describeMatches(
            deps,
            db,
            tournament,
            later.map((each) => Number(each.id)),
          )
        ).join('; ')}. ` +
        'Send it again with resetFollowing to go ahead.',
      { extensions: { matchIds: later.map((each) => Number(each.id)) } },
    );
  return { match, bracket, bestOf, later };
}

/** "Final: A vs B", "Winners’ round 2, match 1: C vs D" for each of these matches. */
async function describeMatches(
  deps: TournamentsDeps,
  trx: Executor,
  tournament: TournamentRow,
  matchIds: number[],
) {
  const full = await readTournament(deps, trx, tournament, '');
  const names = new Map(full.entries.map((entry) => [entry.id, entry.name]));
  const described: string[] = [];
  for (const group of full.groups)
    for (const round of group.rounds)
      for (const match of round.matches)
        if (matchIds.includes(match.id))
          described.push(
            `${round.name}${round.matches.length > 1 ? `, match ${match.number}` : ''}: ` +
              match.sides
                .map((side) => (side?.entryId ? names.get(side.entryId) : 'nobody'))
                .join(' vs '),
          );
  return described;
}

/**
 * PUT /api/matches/{id}/result (lan administrators): sets a match's scores or a walkover.
 * A settled match is corrected: the matches its sides went on to are taken back first
 * (latest first), which the request must confirm (`resetFollowing`) when any of them has
 * a result — the 409 names them. The standings follow in the same change: a finished
 * tournament whose result is corrected has its winner and places worked out again.
 */
export async function setMatchResult(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  matchId: number,
  input: MatchResult,
): Promise<TournamentMatch> {
  authorize(viewer, 'tournaments.manage');
  const tournamentOf = await findTournamentsOfMatches(deps.db, [matchId]);
  const tournamentId = tournamentOf.get(matchId);
  const seen = tournamentId === undefined ? undefined : await findTournament(deps.db, tournamentId);
  if (tournamentId === undefined || !seen) throw noMatch(matchId);
  return changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseResult(deps, db, viewer, tournament, matchId, input),
    async (trx, tournament, { match, bracket, bestOf, later }) => {
      if (isSettled(match.status)) {
        const next = await bracket.nextMatchIds(matchId);
        for (const each of later) await bracket.undo(Number(each.id));
        await bracket.undo(matchId);
        // What was reported of the matches its sides went on to was about other sides.
        for (const id of [...later.map((each) => Number(each.id)), ...next])
          bracket.setReports(id, { report1: null, report2: null, isDisputed: false });
      }
      if (input.scores) await bracket.setScores(matchId, input.scores);
      else await bracket.forfeit(matchId, input.forfeit as 0 | 1);
      bracket.setReports(matchId, { report1: null, report2: null, isDisputed: false });
      await bracket.flush();
      const answer = presentMatch(rowOf(bracket, match), bestOf);
      // In the same change: walkovers now due, and the end worked out again from the results
      // as they now are (a finished tournament's corrected final moves its winner).
      await settleWalkovers(deps, trx, tournament);
      return answer;
    },
  );
}
