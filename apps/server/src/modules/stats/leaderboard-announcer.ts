import { parseTimeSpan } from '@lanparty/contract';
import type { FastifyBaseLogger } from 'fastify';
import { runEvery } from '../../lib/run-every.ts';
import { monthlyLeaderboardMessage } from '../chat/chat-messages.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { playDayOf } from '../playtime/play-days.ts';
import {
  gameLeaderboardMonth,
  playerLeaderboardMonth,
  previousMonth,
  type StatsDeps,
} from './stats.service.ts';

const hoursOf = (timeSpan: string) => parseTimeSpan(timeSpan) / 3600;

/**
 * Queues the chat post of the month that ended at the last 06:00 cutoff on a 1st, once:
 * the outbox refuses a second message with the same dedupe key, so this may run as often
 * as wanted, on as many servers as wanted. A month without playtime is not posted.
 * Returns the month queued (`yyyy-MM`), or null.
 */
export async function announceLastMonth(
  deps: StatsDeps & { publicUrl: URL },
  now = new Date(),
): Promise<string | null> {
  const month = previousMonth(playDayOf(now, deps.communityTimeZone).slice(0, 7));
  const players = await playerLeaderboardMonth(deps, month);
  if (players.items.length === 0) return null;
  const games = await gameLeaderboardMonth(deps, month, 3);
  await enqueueMessage(
    deps.db,
    {
      channel: 'chat',
      dedupeKey: `leaderboard:${month}`,
      people: { named: players.items.slice(0, 3).map((item) => item.user.id) },
      payload: monthlyLeaderboardMessage({
        month,
        players: players.items.slice(0, 3).map((item) => ({
          nickname: item.user.nickname,
          hours: hoursOf(item.totalPlaytime),
        })),
        games: games.items.map((item) => ({
          name: item.game.name,
          hours: hoursOf(item.totalPlaytime),
        })),
        publicUrl: deps.publicUrl,
      }),
    },
    now,
  );
  return month;
}

/** Checks every few minutes whether a month has ended; stop() waits for a running check. */
export function startLeaderboardAnnouncer(
  deps: StatsDeps & { publicUrl: URL; log: FastifyBaseLogger },
  intervalMs = 5 * 60 * 1000,
): { stop: () => Promise<void> } {
  return runEvery(
    () => announceLastMonth(deps),
    intervalMs,
    (error) => deps.log.error({ err: error }, 'leaderboard announcement failed'),
    { isRunAtStart: true },
  );
}
