import type { NowPlaying } from '@lanparty/contract';

/**
 * What the board says when it cannot tell what anyone plays, or null when it can: the
 * site collects no Steam playtime, or nobody present plays now.
 */
export function nowPlayingGap(board: NowPlaying): string | null {
  if (!board.isCollecting)
    return 'Now playing needs Steam: this site has no Steam Web API key set up, so what people play is not seen.';
  if (board.games.length === 0) return 'Nobody here is playing a Steam game right now.';
  return null;
}

/** "3 playing: ada, bob, cy" */
export const playersLine = (game: NowPlaying['games'][number]) =>
  `${game.players.length} playing: ${game.players.map((player) => player.nickname).join(', ')}`;
