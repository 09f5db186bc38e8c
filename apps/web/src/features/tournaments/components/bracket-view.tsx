import type { Tournament, TournamentMatch } from '@lanparty/contract';
import { formatScore } from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import styles from './tournaments.module.css';

type BracketViewProps = {
  tournament: Tournament;
  /** What to add under a match: a lan administrator's "Set result". */
  matchExtra?: (match: TournamentMatch) => ReactNode;
};

/**
 * A match's status in words. One still waiting when the tournament is over was not needed
 * (a grand final's reset, when the winners' bracket's winner won the grand final).
 */
export function matchStatusText(match: TournamentMatch, isOver = false): string {
  if (match.sides.some((side) => side === null)) return 'Bye';
  if (match.disputed) return 'Disputed: an administrator decides';
  switch (match.status) {
    case 'locked':
    case 'waiting':
      return isOver ? 'Not needed' : 'Waiting for the matches before it';
    case 'ready':
    case 'running':
      return match.reports.some((report) => report !== null) ? 'Reported by one side' : 'To play';
    default:
      return 'Played';
  }
}

/** An entry's name by id; "To be decided" for a side not known yet, "Bye" for nobody. */
export function sideName(tournament: Tournament, side: TournamentMatch['sides'][number]): string {
  if (side === null) return 'Bye';
  if (side.entryId === null) return 'To be decided';
  return tournament.entries.find((entry) => entry.id === side.entryId)?.name ?? 'Unknown';
}

/**
 * The bracket (issue 37): each part (a double elimination's winners’ and losers’ bracket
 * and grand final) a heading, its rounds a list, each round a list of matches. On a phone
 * one round fills the width and the rounds scroll sideways, snapping to each; the list
 * takes the keyboard's arrows too (it is focusable), and a screen reader reads lists of
 * matches with their sides and scores.
 */
export function BracketView({ tournament, matchExtra }: BracketViewProps) {
  // Under the section's h2: the parts' h3 and their rounds' h4, or the rounds' h3 alone.
  const hasParts = tournament.groups.length > 1;
  const RoundHeading = hasParts ? 'h4' : 'h3';
  return (
    <>
      {tournament.groups.map((group) => (
        <section key={group.id} className={styles.group} aria-label={group.name}>
          {hasParts ? <h3 className={styles.subheading}>{group.name}</h3> : null}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region takes the keyboard's arrows (axe: scrollable-region-focusable) */}
          <ol className={styles.rounds} tabIndex={0} aria-label={`${group.name}: rounds`}>
            {group.rounds.map((round) => (
              <li key={round.id} className={styles.round}>
                <RoundHeading className={styles.roundName}>{round.name}</RoundHeading>
                <p className={styles.matchNote}>Best of {round.matches[0]?.bestOf ?? 1}</p>
                <ol className={styles.list} aria-label={round.name}>
                  {round.matches.map((match) => (
                    <MatchCard
                      key={match.id}
                      tournament={tournament}
                      match={match}
                      extra={matchExtra?.(match)}
                    />
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function MatchCard({
  tournament,
  match,
  extra,
}: {
  tournament: Tournament;
  match: TournamentMatch;
  extra: ReactNode;
}) {
  const className = [
    styles.match,
    match.status === 'ready' ? styles.matchReady : '',
    match.disputed ? styles.matchDisputed : '',
  ].join(' ');
  return (
    <li className={className}>
      <span className="visually-hidden">Match {match.number}: </span>
      {match.sides.map((side, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a match has two sides, in order
        <p key={index} className={`${styles.side} ${side?.result === 'win' ? styles.winner : ''}`}>
          <span>
            {sideName(tournament, side)}
            {side?.result === 'win' ? <span className="visually-hidden"> (won)</span> : null}
            {side?.forfeit ? ' (walkover)' : ''}
          </span>
          {side?.score !== null && side?.score !== undefined ? (
            <span className={styles.score}>{side.score}</span>
          ) : null}
          {index === 0 ? <span className="visually-hidden">, </span> : null}
        </p>
      ))}
      <p className={`${styles.matchNote} ${match.disputed ? styles.bad : ''}`}>
        {matchStatusText(match, tournament.state === 'finished')}
        {match.disputed
          ? ` (${match.reports.map((report) => (report ? formatScore(report) : '–')).join(' against ')})`
          : ''}
      </p>
      {extra}
    </li>
  );
}
