import type { TournamentMatch } from '@lanparty/contract';
import { formatScore, scoreProblem } from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { Bracket, isSettled, matchStatus } from './bracket.ts';
import { settleWalkovers } from './bracket-play.ts';
import type { MatchReports } from './bracket-storage.ts';
import {
  changeTournament,
  changeTournamentIfAny,
  isRetryable,
  type TournamentsDeps,
} from './tournament-changes.ts';
import { findCaptainsOf } from './tournament-entries.repository.ts';
import {
  findMatch,
  findPlayOnState,
  findTournamentsOfMatches,
} from './tournament-matches.repository.ts';
import { isFinalRound, matchSidesOf, presentMatch } from './tournaments.presenter.ts';
import {
  findLanActivity,
  findTournament,
  type MatchRow,
  type TournamentRow,
} from './tournaments.repository.ts';

/**
 * A match's result (issue 37): both sides report it, agreeing reports settle it, a lan
 * administrator sets or corrects it. Every change of a bracket holds its tournament's row
 * (changeTournament): one at a time per tournament, on either engine and on several
 * servers, so two reports of one match, or a report and a correction, store one result
 * and nobody goes on twice.
 *
 * One at a time would make 64 matches reported by both sides at once wait for 128
 * transactions in a row. So each server gathers the reports that arrive while its last
 * batch was being written and settles them together: one transaction, the tournament's
 * matches read in one go, the library run on them in memory in the order they came, each
 * changed match written once. A report refused (not a side, a wrong score) is refused
 * alone; the others of its batch go on. A batch refused in full changes nothing: the
 * tournament's version and its event are raised only when a report was taken (issue 50).
 * A lan administrator's results and corrections: match-corrections.ts.
 */

export const noMatch = (id: number) => new ProblemError(404, `There is no match ${id}.`);

const parseReport = (report: string | null): [number, number] | null => {
  if (report === null) return null;
  const [a, b] = report.split('-').map(Number);
  return [a as number, b as number];
};

const writeReport = ([a, b]: readonly [number, number]) => `${a}-${b}`;

/** The library's match as a row of ours: the fields a match answers with. */
export function rowOf(bracket: Bracket, base: MatchRow): MatchRow {
  const held = bracket.heldMatch(base.id);
  const reports = bracket.reportsOf(base.id);
  const side = (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value);
  return {
    ...base,
    ...(held
      ? {
          status: Number(held.status),
          opponent1: side(held.opponent1),
          opponent2: side(held.opponent2),
        }
      : {}),
    report1: reports.report1,
    report2: reports.report2,
    is_disputed: reports.isDisputed,
  };
}

/** A match as a row of ours, from the library's fields held in this unit of work. */
function heldRow(bracket: Bracket, tournamentId: number, matchId: number): MatchRow | undefined {
  const held = bracket.heldMatch(matchId);
  if (!held) return undefined;
  return rowOf(bracket, {
    id: matchId,
    tournament_id: tournamentId,
    stage_id: Number(held.stage_id),
    group_id: Number(held.group_id),
    round_id: Number(held.round_id),
    number: held.number,
    child_count: held.child_count,
    status: held.status,
    opponent1: null,
    opponent2: null,
    report1: null,
    report2: null,
    is_disputed: false,
  });
}

/** The best-of of a match: the final's (and a grand final's) own, else the tournament's. */
export async function bestOfMatch(bracket: Bracket, tournament: TournamentRow, match: MatchRow) {
  if (tournament.best_of === tournament.final_best_of || tournament.format === 'round_robin')
    return tournament.best_of;
  const place = await bracket.roundPlaceOf(match);
  return place && isFinalRound(tournament.format, place)
    ? tournament.final_best_of
    : tournament.best_of;
}

/** Why a match takes no result now, or null when it does. */
export function notReady(tournament: TournamentRow, match: MatchRow): ProblemError | null {
  if (tournament.state === 'open')
    return new ProblemError(409, `${tournament.name} has not started yet.`);
  if (match.status === matchStatus.locked || match.status === matchStatus.waiting)
    return new ProblemError(
      409,
      'This match is not ready yet: it waits for the matches before it to be played.',
    );
  if (matchSidesOf(match).some((side) => side === null))
    return new ProblemError(409, 'This match is a bye: nobody plays it.');
  return null;
}

function scoresOf(match: MatchRow): [number, number] {
  const [a, b] = matchSidesOf(match);
  return [a?.score ?? 0, b?.score ?? 0];
}

export function checkScores(
  tournament: TournamentRow,
  bestOf: number,
  scores: readonly [number, number],
): void {
  const wrong = scoreProblem(scores, { bestOf, allowsDraw: tournament.format === 'round_robin' });
  if (wrong) throw new ProblemError(400, wrong, { errors: { scores: [wrong] } });
}

/**
 * After a result: walkovers now due (an entry that gave up meets someone in a match now
 * ready), and whether the tournament is over, or runs again after a correction. In a
 * change of the tournament of its own, only when due.
 */
export async function playOn(deps: TournamentsDeps, tournamentId: number): Promise<void> {
  const due = await findPlayOnState(deps.db, tournamentId);
  if (!due.hasQuitters && due.isOver === (due.state === 'finished')) return;
  await changeTournament(deps, tournamentId, (trx, tournament) =>
    settleWalkovers(deps, trx, tournament),
  );
}

// Reports -------------------------------------------------------------------------------

type Report = {
  viewer: Viewer | null;
  matchId: number;
  scores: readonly [number, number];
  resolve: (match: TournamentMatch) => void;
  reject: (error: unknown) => void;
};

type Outcome = { match: TournamentMatch } | { error: unknown };

/** The reports waiting for the next batch, and whether a batch is being written, by database. */
const queues = new WeakMap<AppDatabase, { waiting: Report[]; isWriting: boolean }>();

/**
 * PUT /api/matches/{id}/report: a side of the match (a player alone, a team's captain)
 * reports the score. When both sides' reports agree the match is settled and the winner
 * goes on; when they differ it is disputed until a side changes its report or a lan
 * administrator sets the result.
 */
export function reportMatch(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  matchId: number,
  scores: readonly [number, number],
): Promise<TournamentMatch> {
  let queue = queues.get(deps.db);
  if (!queue) {
    queue = { waiting: [], isWriting: false };
    queues.set(deps.db, queue);
  }
  const promise = new Promise<TournamentMatch>((resolve, reject) =>
    queue.waiting.push({ viewer, matchId, scores, resolve, reject }),
  );
  if (!queue.isWriting) void writeBatches(deps, queue);
  return promise;
}

async function writeBatches(
  deps: TournamentsDeps,
  queue: { waiting: Report[]; isWriting: boolean },
): Promise<void> {
  queue.isWriting = true;
  try {
    while (queue.waiting.length > 0) {
      // Reports that arrived meanwhile join this batch: on SQLite, whose queries answer at
      // once, nothing else would come in before a batch of one was written.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.waiting.splice(0);
      let outcomes: Outcome[];
      try {
        outcomes = await settleReports(deps, batch);
      } catch {
        // Something no report should cause (a fault of the database, of the library): each
        // on its own, so that one report's trouble stays its own.
        outcomes = [];
        for (const report of batch)
          outcomes.push(
            await settleReports(deps, [report]).then(
              ([outcome]) => outcome as Outcome,
              (error: unknown) => ({ error }),
            ),
          );
      }
      batch.forEach((report, index) => {
        const outcome = outcomes[index] as Outcome;
        if ('error' in outcome) report.reject(outcome.error);
        else report.resolve(outcome.match);
      });
    }
  } finally {
    queue.isWriting = false;
  }
}

/**
 * One batch of reports, in one transaction per tournament, in the order they came. Answers
 * each report's outcome, in the batch's order.
 */
async function settleReports(deps: TournamentsDeps, batch: readonly Report[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = batch.map(() => ({ error: noMatch(0) }));
  const tournamentOf = await findTournamentsOfMatches(
    deps.db,
    batch.map((report) => report.matchId),
  );
  batch.forEach((report, index) => {
    if (!tournamentOf.has(report.matchId)) outcomes[index] = { error: noMatch(report.matchId) };
  });
  const settledIn = new Set<number>();
  for (const tournamentId of new Set<number>(tournamentOf.values())) {
    const indexes = await refuseBeforeHold(
      deps,
      tournamentId,
      batch,
      batch.flatMap((report, index) =>
        tournamentOf.get(report.matchId) === tournamentId ? [index] : [],
      ),
      outcomes,
    );
    if (indexes.length === 0) continue;
    const results: Outcome[] = await changeTournamentIfAny(
      deps,
      tournamentId,
      async (trx, tournament) => {
        const isLanActive = await findLanActivity(trx, tournament.lan_id);
        const bracket = new Bracket(trx, tournament.id, { defersWrites: true });
        await bracket.loadMatches();
        const captains = await findCaptainsOf(trx, tournament.id);
        const answers: Outcome[] = [];
        let hasChanged = false;
        for (const index of indexes) {
          const report = batch[index] as Report;
          try {
            if (!isLanActive && !isAllowed(report.viewer, 'lans.seeInactive'))
              throw noMatch(report.matchId);
            const match = heldRow(bracket, tournament.id, report.matchId);
            if (!match) throw noMatch(report.matchId);
            const bestOf = await bestOfMatch(bracket, tournament, match);
            if (applyReport(bracket, tournament, match, bestOf, report, captains)) {
              await bracket.setScores(report.matchId, report.scores);
              settledIn.add(tournament.id);
            }
            hasChanged = true;
            answers.push({ match: presentMatch(rowOf(bracket, match), bestOf) });
          } catch (error) {
            if (!(error instanceof ProblemError)) throw error;
            answers.push({ error });
          }
        }
        await bracket.flush();
        return { answer: answers, hasChanged };
      },
    ).catch((error: unknown) => {
      if (isRetryable(error)) throw error;
      // The tournament was deleted meanwhile: its matches are no more.
      if (error instanceof ProblemError && error.status === 404)
        return indexes.map((index) => ({ error: noMatch((batch[index] as Report).matchId) }));
      throw error;
    });
    indexes.forEach((index, at) => {
      outcomes[index] = results[at] as Outcome;
    });
  }
  for (const tournamentId of settledIn) await playOn(deps, tournamentId);
  return outcomes;
}

/**
 * Refuses the reports of a batch that the tournament as it stands refuses, before its row is
 * held (issue 50), as they would be under it (where each is asked again): by people who
 * captain no entry of it (no side of any of its matches: 403 whatever the match), of a match
 * of a lan not active (404 to those who may not see it), a match not ready or settled, by
 * someone no side of it, or a wrong score. Answers the indexes of the others.
 */
async function refuseBeforeHold(
  deps: TournamentsDeps,
  tournamentId: number,
  batch: readonly Report[],
  indexes: readonly number[],
  outcomes: Outcome[],
): Promise<number[]> {
  const tournament = await findTournament(deps.db, tournamentId);
  const isLanActive =
    tournament !== undefined && (await findLanActivity(deps.db, tournament.lan_id));
  const captains = await findCaptainsOf(deps.db, tournamentId);
  const captainIds = new Set(captains.values());
  const bracket = new Bracket(deps.db, tournamentId);
  const kept: number[] = [];
  for (const index of indexes) {
    const report = batch[index] as Report;
    try {
      if (!tournament || (!isLanActive && !isAllowed(report.viewer, 'lans.seeInactive')))
        throw noMatch(report.matchId);
      if (!report.viewer || !captainIds.has(report.viewer.user.id))
        authorize(report.viewer, 'match.report', false);
      const match = await findMatch(deps.db, report.matchId);
      if (!match) throw noMatch(report.matchId);
      const bestOf = await bestOfMatch(bracket, tournament, match);
      refuseReport(tournament, match, bestOf, report, captains);
      kept.push(index);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      outcomes[index] = { error };
    }
  }
  return kept;
}

/**
 * Why a report is refused with the match as it stands (a ProblemError): the match takes
 * none, the asker is no side of it, or the score is wrong. Answers the side it is for.
 */
function refuseReport(
  tournament: TournamentRow,
  match: MatchRow,
  bestOf: number,
  report: Report,
  captains: ReadonlyMap<number, number | null>,
): number {
  // A match not ready has no sides to be one of yet: that is the problem to name.
  const problem = notReady(tournament, match);
  if (problem) throw problem;
  const sideIds = matchSidesOf(match).map((side) => side?.id ?? null);
  const side = report.viewer
    ? sideIds.findIndex((id) => id !== null && captains.get(id) === report.viewer?.user.id)
    : -1;
  authorize(report.viewer, 'match.report', side !== -1);
  if (isSettled(match.status))
    throw new ProblemError(
      409,
      `This match is settled at ${formatScore(scoresOf(match))}; a lan administrator can correct it.`,
    );
  checkScores(tournament, bestOf, report.scores);
  return side;
}

/**
 * Takes one side's report into the match as it stands in the batch: refused (a ProblemError)
 * when the match takes none or the asker is no side of it; true when it agrees with the other
 * side's and settles the match (the caller sets the scores), else it is kept as reported.
 */
function applyReport(
  bracket: Bracket,
  tournament: TournamentRow,
  match: MatchRow,
  bestOf: number,
  report: Report,
  captains: ReadonlyMap<number, number | null>,
): boolean {
  const side = refuseReport(tournament, match, bestOf, report, captains);
  const reports = [parseReport(match.report1), parseReport(match.report2)];
  reports[side] = [report.scores[0], report.scores[1]];
  const [first, second] = reports;
  if (first && second && first[0] === second[0] && first[1] === second[1]) return true;
  const written: MatchReports = {
    report1: first ? writeReport(first) : null,
    report2: second ? writeReport(second) : null,
    isDisputed: first !== null && second !== null,
  };
  bracket.setReports(match.id, written);
  return false;
}
