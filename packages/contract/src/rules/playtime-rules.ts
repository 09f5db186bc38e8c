/**
 * A play day runs from 06:00 to 06:00 in the community's time zone (the changelog's
 * cutoff): a night of gaming counts for the evening it started.
 */
export const playDayStartHour = 6;

/** The name a game goes by until Steam has told its real one: `Game 730`. */
export function unknownGameName(gameId: number): string {
  return `Game ${gameId}`;
}
