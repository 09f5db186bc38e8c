/** Query keys of the stats screens. Closed months and years never change, so they cache well. */
export const statsKeys = {
  all: ['stats'] as const,
  months: () => ['stats', 'leader-board-months'] as const,
  playerMonth: (month: string | null) => ['stats', 'players', month ?? 'last'] as const,
  gameMonth: (month: string) => ['stats', 'games', month] as const,
  rewindYears: () => ['stats', 'rewind-years'] as const,
  rewind: (year: number) => ['stats', 'rewind', year] as const,
  lansOfYear: (year: number) => ['stats', 'lans-of-year', year] as const,
};
