/**
 * Tournaments (issue 37): the formats, their limits and the rule of a valid score, shared
 * by the server's checks and the web app's forms and bracket.
 */
export const tournamentFormats = [
  'single_elimination',
  'double_elimination',
  'round_robin',
] as const;

export type TournamentFormat = (typeof tournamentFormats)[number];

export const tournamentFormatLabels: Record<TournamentFormat, string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
};

export const tournamentStates = ['open', 'running', 'finished'] as const;

export type TournamentState = (typeof tournamentStates)[number];

/** Best of how many games a match is: an odd number, so one side wins. */
export const bestOfChoices = [1, 3, 5, 7] as const;

export const tournamentLimits = {
  nameMaxLength: 80,
  gameMaxLength: 80,
  teamNameMaxLength: 40,
  teamSizeMax: 10,
  /** Entrants of an elimination bracket: 256 plays 255 matches (511 double). */
  eliminationEntrantsMax: 256,
  /** Entrants of a round robin: everyone plays everyone, 276 matches at 24. */
  roundRobinEntrantsMax: 24,
  /** Tournaments a lan may hold. */
  perLan: 50,
  /** A score a side may report (games won, or a game's own score in a best of 1). */
  scoreMax: 999,
} as const;

export const maxEntrantsOf = (format: TournamentFormat): number =>
  format === 'round_robin'
    ? tournamentLimits.roundRobinEntrantsMax
    : tournamentLimits.eliminationEntrantsMax;

/**
 * What is wrong with a match's score, or null when it can end the match. In a best of 1
 * the scores are the game's own (goals, rounds): they must differ, but in a round robin,
 * where a draw is a result. In a longer match they are games won: the winner has won
 * more than half, the other fewer (a best of 3 ends 2–0 or 2–1, never 1–1).
 */
export function scoreProblem(
  scores: readonly [number, number],
  match: { bestOf: number; allowsDraw: boolean },
): string | null {
  const [a, b] = scores;
  if (![a, b].every((score) => Number.isInteger(score) && score >= 0))
    return 'Scores must be whole numbers, 0 or more.';
  if (a > tournamentLimits.scoreMax || b > tournamentLimits.scoreMax)
    return `Scores must be at most ${tournamentLimits.scoreMax}.`;
  if (match.bestOf === 1) {
    if (a === b && !match.allowsDraw)
      return 'A match here cannot end in a draw: one side must score more.';
    return null;
  }
  const toWin = Math.ceil(match.bestOf / 2);
  if (Math.max(a, b) !== toWin || Math.min(a, b) >= toWin)
    return (
      `A best of ${match.bestOf} ends when one side has won ${toWin} games: ` +
      `${toWin}–0 up to ${toWin}–${toWin - 1}, not ${a}–${b}.`
    );
  return null;
}

/** A score as people write it: `2–1`. */
export const formatScore = ([a, b]: readonly [number, number]): string => `${a}–${b}`;
