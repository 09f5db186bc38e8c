/**
 * The entry of the lazily loaded stats chunk: the app router imports only this file,
 * dynamically, so every stats screen lands in one chunk the first screen never loads.
 */
export { LeaderBoardArchiveRoute } from './leader-board-archive-route.tsx';
export { LeaderBoardRoute } from './leader-board-route.tsx';
export { RewindRoute } from './rewind-route.tsx';
export { StatsLayout } from './stats-layout.tsx';
export { leaderboardReads, rewindReads } from './stats-reads.ts';
