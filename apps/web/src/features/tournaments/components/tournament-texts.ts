import type { TournamentSummary } from '@lanparty/contract';
import { tournamentFormatLabels } from '@lanparty/contract/rules';

/** Whether sign-up has closed by its time (a lan administrator may still sign up). */
export function isSignUpClosed(tournament: TournamentSummary, now = new Date()): boolean {
  const closesAt = tournament.signUpClosesAt;
  return closesAt !== null && Date.parse(closesAt) <= now.getTime();
}

/** Where a tournament stands, in words. */
export function tournamentStateText(tournament: TournamentSummary, now = new Date()): string {
  if (tournament.state === 'finished')
    return tournament.winner ? `Won by ${tournament.winner}` : 'Over';
  if (tournament.state === 'running') return 'Under way';
  return `Sign-up ${isSignUpClosed(tournament, now) ? 'closed' : 'open'}: ${tournament.entryCount} of ${tournament.maxEntrants}`;
}

/** "Double elimination · teams of 2 · best of 3". */
export function tournamentRulesText(tournament: TournamentSummary): string {
  return [
    tournamentFormatLabels[tournament.format],
    tournament.teamSize === 1 ? 'players alone' : `teams of ${tournament.teamSize}`,
    tournament.bestOf === 1 ? 'one game a match' : `best of ${tournament.bestOf}`,
    ...(tournament.finalBestOf !== tournament.bestOf && tournament.format !== 'round_robin'
      ? [`final best of ${tournament.finalBestOf}`]
      : []),
  ].join(' · ');
}

/** What no longer changes once it has started: "Double elimination · teams of 2 · at most 8 entrants · check-in". */
export function tournamentFixedText(tournament: TournamentSummary): string {
  return [
    tournamentFormatLabels[tournament.format],
    tournament.teamSize === 1 ? 'players alone' : `teams of ${tournament.teamSize}`,
    `at most ${tournament.maxEntrants} entrants`,
    ...(tournament.checkIn ? ['check-in'] : []),
  ].join(' · ');
}
