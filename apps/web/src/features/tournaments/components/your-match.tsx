import type { Tournament, TournamentMatch } from '@lanparty/contract';
import { formatScore } from '@lanparty/contract/rules';
import { type FormEvent, useRef, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { tournamentActions, useTournamentAction } from '../api/tournament-actions.ts';
import { sideName } from './bracket-view.tsx';
import { ScoreInputs, toScores } from './match-forms.tsx';
import { Section } from './tournament-section.tsx';

type Scores = [number, number];

const isSettled = (match: TournamentMatch) =>
  match.status === 'completed' || match.status === 'archived';

const isYours = (match: TournamentMatch, entryId: number) =>
  match.sides.some((side) => side?.entryId === entryId);

/**
 * The viewer's match to report, as its captain (issue 37), while it is to play. The match
 * they reported stays shown as it goes on, whatever changes it (issue 51): waiting for the
 * other side, disputed, or settled — "Both sides agree" once the other side reported the
 * same — until they move on to their next match.
 */
export function YourMatch({ tournament, entryId }: { tournament: Tournament; entryId: number }) {
  const [reported, setReported] = useState<{ matchId: number; scores: Scores } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const matches = tournament.groups.flatMap((group) =>
    group.rounds.flatMap((round) => round.matches),
  );
  const next = matches.find(
    (match) =>
      match.status === 'ready' &&
      match.sides.every((side) => side?.entryId != null) &&
      isYours(match, entryId),
  );
  const last = reported ? matches.find((match) => match.id === reported.matchId) : undefined;
  const isLastShown =
    last !== undefined && isYours(last, entryId) && (isSettled(last) || last.status === 'ready');
  const shown = isLastShown ? last : next;
  if (!shown) return null;
  const side = shown.sides.findIndex((each) => each?.entryId === entryId) === 1 ? 1 : 0;
  return (
    <Section title="Your match" headingRef={headingRef}>
      {isSettled(shown) ? (
        <>
          <p role="status">{settledText(tournament, shown, reported?.scores ?? null)}</p>
          {next && next.id !== shown.id ? (
            <div className={controls.actions}>
              <button
                type="button"
                className={controls.button}
                onClick={() => {
                  setReported(null);
                  headingRef.current?.focus();
                }}
              >
                On to your next match, against{' '}
                {sideName(tournament, next.sides[side === 0 ? 1 : 0] ?? null)}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <ReportForm
          key={shown.id}
          tournament={tournament}
          match={shown}
          side={side}
          onReport={(scores) => setReported({ matchId: shown.id, scores })}
        />
      )}
    </Section>
  );
}

/** How a match the viewer reported was settled: both sides agreeing, or as decided. */
function settledText(tournament: Tournament, match: TournamentMatch, sent: Scores | null) {
  const [first, second] = match.sides;
  if (match.sides.some((each) => each?.forfeit)) {
    const winner = first?.forfeit ? second : first;
    return `Settled: ${sideName(tournament, winner ?? null)} won without playing.`;
  }
  const scores: Scores = [first?.score ?? 0, second?.score ?? 0];
  const agreed = sent !== null && sent[0] === scores[0] && sent[1] === scores[1];
  const winner = match.sides.find((each) => each?.result === 'win');
  const outcome = winner ? `${sideName(tournament, winner)} won` : 'a draw';
  return agreed
    ? `Both sides agree: the match is settled at ${formatScore(scores)}, ${outcome}.`
    : `A lan administrator settled the match at ${formatScore(scores)}, ${outcome}.`;
}

/** Where a match to play stands, as its side `side` sees its reports. */
function reportText(tournament: Tournament, match: TournamentMatch, side: 0 | 1): string {
  const mine = match.reports[side];
  const theirs = match.reports[side === 0 ? 1 : 0];
  const other = sideName(tournament, match.sides[side === 0 ? 1 : 0] ?? null);
  if (match.disputed && mine && theirs)
    return (
      `Disputed: you reported ${formatScore(mine)}, ${other} ${formatScore(theirs)}. ` +
      'A lan administrator decides; report again if yours was wrong.'
    );
  if (mine)
    return `You reported ${formatScore(mine)}. The match is settled once ${other} reports the same.`;
  if (theirs) return `${other} reported ${formatScore(theirs)}: report the same to settle it.`;
  return '';
}

/**
 * A side's report of its match: both scores, the first side's first. What it says under
 * the button is where the match stands now (reportText), never what an earlier answer said.
 */
function ReportForm({
  tournament,
  match,
  side,
  onReport,
}: {
  tournament: Tournament;
  match: TournamentMatch;
  side: 0 | 1;
  /** Called as a report is sent: the match stays shown once it is settled. */
  onReport: (scores: Scores) => void;
}) {
  const report = useTournamentAction(tournamentActions.report);
  const [scores, setScores] = useState<[string, string]>(['', '']);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const sent = toScores(scores);
    onReport(sent);
    try {
      await report.mutateAsync({ matchId: match.id, scores: sent });
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  const first = sideName(tournament, match.sides[0]);
  return (
    <form className={forms.form} onSubmit={submit} aria-label="Report the score" noValidate>
      <p>
        {first} against {sideName(tournament, match.sides[1])}, best of {match.bestOf}
        {match.bestOf === 1 ? ': the game’s own score, ' : ': games won, '}
        {first} first.
      </p>
      <ScoreInputs tournament={tournament} match={match} scores={scores} onChange={setScores} />
      <AlertText message={error} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={report.isPending}>
          Report the score
        </button>
        <span role="status" className={forms.hint}>
          {report.isPending ? 'Sending…' : reportText(tournament, match, side)}
        </span>
      </div>
    </form>
  );
}
