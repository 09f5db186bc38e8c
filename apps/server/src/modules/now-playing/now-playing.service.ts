import { type NowPlaying, nowPlayingSchema } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { type AnswerDepends, type KeptAnswers, toJson } from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import type { LanRead } from '../lans/lan-read-cache.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { staleSessionMs } from '../playtime/play-sessions.repository.ts';
import {
  findShownPlayers,
  findSpansWithin,
  type PlayedSpan,
  type ShownPlayer,
} from './now-playing.repository.ts';

export type NowPlayingDeps = {
  db: AppDatabase;
  /** Whether the site collects Steam playtime at all (a Steam Web API key is set). */
  isCollecting: boolean;
  /** Boards as sent, kept while they stand (`boardDepends`). */
  answers: KeptAnswers<LanRead>;
  clock?: () => Date;
};

/** The most games and players the lan's "so far" lists name. */
const topCount = 10;

const byNickname = (a: ShownPlayer, b: ShownPlayer) =>
  a.nickname.localeCompare(b.nickname, 'en') || a.userId - b.userId;

/**
 * Who plays what now, and what was played most since the lan began, from the sessions the
 * Steam collector keeps (a session is seen each minute while it runs): a pure function of
 * the sessions, the players and the moment, so a test states it plainly.
 */
export function tallyNowPlaying(
  spans: readonly PlayedSpan[],
  players: readonly ShownPlayer[],
  lan: { start: Date; end: Date },
  now: Date,
): Omit<NowPlaying, 'isCollecting'> {
  const isRunning = lan.start <= now && now < lan.end;
  const playerOf = new Map(players.map((player) => [player.userId, player]));
  const until = Math.min(now.getTime(), lan.end.getTime());
  const from = lan.start.getTime();

  // Now: sessions still open and seen within the collector's last polls.
  const playing = new Map<number, { name: string; players: ShownPlayer[] }>();
  if (isRunning)
    for (const span of spans) {
      const player = playerOf.get(span.userId);
      const isOpen =
        span.endedAt === null && now.getTime() - Date.parse(span.lastSeenAt) <= staleSessionMs;
      if (!player || !isOpen) continue;
      const game = playing.get(span.gameId) ?? { name: span.gameName, players: [] };
      if (!game.players.includes(player)) game.players.push(player);
      playing.set(span.gameId, game);
    }

  // So far: each session's part within the lan, until now.
  const gameSeconds = new Map<number, { name: string; ms: number; users: Set<number> }>();
  const playerMs = new Map<number, number>();
  for (const span of spans) {
    if (!playerOf.has(span.userId)) continue;
    const ms =
      Math.min(Date.parse(span.lastSeenAt), until) - Math.max(Date.parse(span.startedAt), from);
    if (ms <= 0) continue;
    const game = gameSeconds.get(span.gameId) ?? { name: span.gameName, ms: 0, users: new Set() };
    game.ms += ms;
    game.users.add(span.userId);
    gameSeconds.set(span.gameId, game);
    playerMs.set(span.userId, (playerMs.get(span.userId) ?? 0) + ms);
  }

  return {
    isRunning,
    games: [...playing]
      .map(([gameId, game]) => ({
        gameId,
        name: game.name,
        players: game.players.sort(byNickname),
      }))
      .sort(
        (a, b) =>
          b.players.length - a.players.length ||
          a.name.localeCompare(b.name, 'en') ||
          a.gameId - b.gameId,
      ),
    topGames: [...gameSeconds]
      .map(([gameId, game]) => ({
        gameId,
        name: game.name,
        seconds: Math.floor(game.ms / 1000),
        playerCount: game.users.size,
      }))
      .filter((game) => game.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds || a.gameId - b.gameId)
      .slice(0, topCount),
    topPlayers: [...playerMs]
      .map(([userId, ms]) => ({
        ...(playerOf.get(userId) as ShownPlayer),
        seconds: Math.floor(ms / 1000),
      }))
      .filter((player) => player.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds || a.userId - b.userId)
      .slice(0, topCount),
  };
}

type LanSpan = { start: Date; end: Date };

const spanOf = (lan: { start_date: string | Date; end_date: string | Date }): LanSpan => ({
  start: new Date(toIsoTimestamp(lan.start_date)),
  end: new Date(toIsoTimestamp(lan.end_date)),
});

/** The board of a lan at `now`, read from its players and their sessions within it. */
async function buildBoard(
  deps: NowPlayingDeps,
  lanId: number,
  span: LanSpan,
  now: Date,
): Promise<NowPlaying> {
  const empty = { isCollecting: deps.isCollecting, games: [], topGames: [], topPlayers: [] };
  if (!deps.isCollecting || now < span.start)
    return { ...empty, isRunning: span.start <= now && now < span.end };
  const players = await findShownPlayers(deps.db, lanId);
  if (players.length === 0) return { ...empty, isRunning: now < span.end };
  const spans = await findSpansWithin(
    deps.db,
    players.map((player) => player.userId),
    span.start,
    now >= span.end ? span.end : null,
  );
  return { isCollecting: true, ...tallyNowPlaying(spans, players, span, now) };
}

/**
 * How long a lan's board stays as it is without a write. Before the lan: until it starts.
 * While it runs, and until the collector's wait after its end has passed, it changes with
 * the time (sessions are counted up to now, and a session's last sighting raises no
 * version): never kept. After that it is settled, and what could still change it raises a
 * version: the players, their names and the lan's dates (`lans`), playtime written or taken
 * away (`playtime`). A site that collects nothing shows an empty board, running or not.
 */
function boardDepends(deps: NowPlayingDeps, lanId: number): AnswerDepends {
  return {
    groups: ['lans', 'playtime'],
    validUntil: async (now) => {
      const lan = await findLanById(deps.db, lanId);
      if (!lan) return now.getTime();
      const { start, end } = spanOf(lan);
      const settles = end.getTime() + (deps.isCollecting ? staleSessionMs : 0);
      if (now.getTime() < start.getTime()) return start.getTime();
      if (now.getTime() < settles) return deps.isCollecting ? now.getTime() : settles;
      return Number.POSITIVE_INFINITY;
    },
  };
}

/**
 * GET /api/lans/{id}/now-playing, as sent: kept while unchanged (boardDepends); an inactive
 * lan's is for lan administrators only (sendLanRead).
 */
export async function readNowPlaying(
  deps: NowPlayingDeps,
  lanId: number,
  scope?: object,
): Promise<LanRead> {
  return deps.answers.read(
    `now playing ${lanId}`,
    boardDepends(deps, lanId),
    async () => {
      // The lan read after the versions: the board is no older than they are.
      const lan = await findLanById(deps.db, lanId);
      if (!lan) throw new ProblemError(404, `There is no lan ${lanId}.`);
      const board = await buildBoard(deps, lanId, spanOf(lan), deps.clock?.() ?? new Date());
      return { json: toJson(nowPlayingSchema, board), isInactive: !toBoolean(lan.is_active) };
    },
    scope,
  );
}
