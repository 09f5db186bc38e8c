import type { FastifyBaseLogger } from 'fastify';
import type { SteamConfig } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import {
  getOwnedGames,
  getPlayerSummaries,
  playerSummariesBatchSize,
  SteamApiError,
  type SteamOwnedGame,
  type SteamPlayerSummary,
} from '../steam/steam-api.ts';
import {
  closeSession,
  closeStaleSessions,
  extendSessions,
  findOpenSessions,
  isSteamAppId,
  lockPresenceRecording,
  type OpenSession,
  openSessions,
} from './play-sessions.repository.ts';
import {
  countSteamCalls,
  findSteamCalls,
  type SteamCallCounts,
  utcDay,
} from './steam-calls.repository.ts';
import {
  findSteamUsers,
  findUsersDueForOwnedGames,
  markGamesChecked,
  type SteamUser,
  saveOwnedGames,
} from './steam-profiles.repository.ts';

export type SteamCollectorOptions = {
  db: AppDatabase;
  steam: SteamConfig;
  /** Play days are counted in it (TZ_COMMUNITY). */
  communityTimeZone: string;
  log: FastifyBaseLogger;
  /** Source of back-off jitter in [0, 1); tests pass a fixed one. */
  random?: () => number;
  /** GetOwnedGames calls one poll may make; 1,000 users are then checked in turns. */
  ownedGamesCallsPerPoll?: number;
};

/**
 * What one poll did: `polled` (Steam answered), `failed` (Steam did not; nothing but
 * the sweeper changed) or `backing-off` (Steam was not asked, a back-off holds).
 */
export type PollResult = { outcome: 'polled' | 'failed' | 'backing-off'; steamCalls: number };

export type SteamCollector = {
  /** One poll as of `now`; never run two at once (`startSteamCollector` makes sure). */
  poll: (now: Date) => Promise<PollResult>;
  /** Until when Steam is not asked (ms since the epoch; 0 when it may be asked). */
  steamPausedUntil: () => number;
};

export const pollIntervalMs = 60_000;
/** After a 4xx other than 429 (a bad key, say) Steam is left alone this long. */
export const clientErrorPauseMs = 15 * 60_000;
const defaultOwnedGamesCallsPerPoll = 20;
const summariesMethod = 'GetPlayerSummaries';
const ownedGamesMethod = 'GetOwnedGames';

/**
 * Back-off after the `failures`-th failure in a row (429, 5xx, timeout): 1, 2, 4 … up to
 * 30 minutes, ±25 % jitter so several sites do not retry in step. A Retry-After is
 * honoured instead, plus up to 20 % so it is never undercut.
 */
export function steamBackoffMs(
  failures: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.round(retryAfterMs * (1 + random() * 0.2));
  const base = Math.min(pollIntervalMs * 2 ** (Math.max(failures, 1) - 1), 30 * 60_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * The Steam app id a summary's `gameid` names, or undefined when the player plays
 * nothing (or something that is no Steam app, such as a non-Steam shortcut).
 */
export function playedGameId(player: SteamPlayerSummary): number | undefined {
  if (player.gameid === undefined || !/^\d+$/.test(player.gameid)) return undefined;
  const id = Number(player.gameid);
  return isSteamAppId(id) ? id : undefined;
}

/** What to do with the sessions after a poll; see `planPresence`. */
export type PresencePlan = {
  extend: number[];
  close: OpenSession[];
  open: Array<{ userId: number; gameId: number }>;
};

/**
 * Compares what Steam tells (user → game played, undefined for none) with the running
 * sessions: the same game extends its session, another game or none closes it, a game
 * opens a new one. Users Steam left out of its answer are not in `sightings` and keep
 * their session as it is (the sweeper ends it if they stay missing).
 */
export function planPresence(
  sightings: ReadonlyMap<number, number | undefined>,
  open: readonly OpenSession[],
): PresencePlan {
  const plan: PresencePlan = { extend: [], close: [], open: [] };
  const openByUser = new Map<number, OpenSession[]>();
  for (const session of open)
    openByUser.set(session.userId, [...(openByUser.get(session.userId) ?? []), session]);
  for (const [userId, gameId] of sightings) {
    let isContinued = false;
    for (const session of openByUser.get(userId) ?? []) {
      if (session.gameId === gameId && !isContinued) {
        plan.extend.push(session.id);
        isContinued = true;
      } else plan.close.push(session);
    }
    if (gameId !== undefined && !isContinued) plan.open.push({ userId, gameId });
  }
  return plan;
}

/**
 * The Steam playtime collector without its timer: `poll(now)` asks GetPlayerSummaries
 * for every user with a Steam id, keeps the presence sessions, runs the sweeper and
 * names games from GetOwnedGames. It remembers back-off between polls.
 */
export function createSteamCollector(options: SteamCollectorOptions): SteamCollector {
  const state = { failures: 0, pausedUntil: 0, loggedHour: '' };
  const random = options.random ?? Math.random;
  const { db, log, communityTimeZone: timeZone } = options;

  /** Remembers a failed call: 429/5xx/timeouts back off, other 4xx pause longer. */
  function noteFailure(error: unknown, now: Date, method: string): void {
    const status = error instanceof SteamApiError ? error.status : undefined;
    if (isRefusal(error)) {
      state.pausedUntil = now.getTime() + clientErrorPauseMs;
      log.error({ err: error, method, status }, 'Steam refused the call; not retrying it');
      return;
    }
    state.failures += 1;
    const retryAfterMs = error instanceof SteamApiError ? error.retryAfterMs : undefined;
    const waitMs = steamBackoffMs(state.failures, retryAfterMs, random);
    state.pausedUntil = now.getTime() + waitMs;
    log.warn({ err: error, method, status, waitMs }, 'Steam call failed; backing off');
  }

  async function fetchSummaries(users: readonly SteamUser[], calls: SteamCallCounts) {
    const steamIds = [...new Set(users.map((user) => user.steamId))];
    const players: SteamPlayerSummary[] = [];
    for (let start = 0; start < steamIds.length; start += playerSummariesBatchSize) {
      calls.set(summariesMethod, (calls.get(summariesMethod) ?? 0) + 1);
      const batch = steamIds.slice(start, start + playerSummariesBatchSize);
      players.push(...(await getPlayerSummaries(options.steam, batch)));
    }
    return players;
  }

  async function recordPresence(
    users: readonly SteamUser[],
    players: readonly SteamPlayerSummary[],
    now: Date,
  ) {
    const sightings = sightingsOf(users, players);
    await db.transaction().execute(async (trx) => {
      // Two servers on one PostgreSQL database take turns here, so the second sees the
      // sessions the first opened and extends them instead of opening them again.
      await lockPresenceRecording(trx);
      const plan = planPresence(sightings, await findOpenSessions(trx));
      for (const session of plan.close) await closeSession(trx, session, timeZone);
      await extendSessions(trx, plan.extend, now);
      await openSessions(trx, plan.open, now);
    });
  }

  async function refreshOwnedGames(now: Date, calls: SteamCallCounts) {
    const limit = options.ownedGamesCallsPerPoll ?? defaultOwnedGamesCallsPerPoll;
    for (const user of await findUsersDueForOwnedGames(db, now, limit)) {
      calls.set(ownedGamesMethod, (calls.get(ownedGamesMethod) ?? 0) + 1);
      let games: SteamOwnedGame[] | undefined;
      try {
        games = await getOwnedGames(options.steam, user.steamId);
      } catch (error) {
        if (!isRefusal(error)) {
          noteFailure(error, now, ownedGamesMethod);
          return;
        }
        // A refusal here is about this one user (the key just worked for the summaries):
        // not asked again for them for 30 minutes, nor for others in this poll.
        await markGamesChecked(db, user.userId, now);
        log.error({ err: error, userId: user.userId }, 'Steam refused their owned games');
        return;
      }
      await saveOwnedGames(db, user.userId, games, now);
    }
  }

  /** Logs the day's calls on the first poll of each UTC hour, and the total of a day gone. */
  async function logCalls(now: Date) {
    const hour = now.toISOString().slice(0, 13);
    if (hour === state.loggedHour) return;
    const previousDay = state.loggedHour.slice(0, 10);
    state.loggedHour = hour;
    if (previousDay && previousDay !== utcDay(now))
      log.info({ day: previousDay, calls: await findSteamCalls(db, previousDay) }, 'Steam calls');
    log.info({ day: utcDay(now), calls: await findSteamCalls(db, utcDay(now)) }, 'Steam calls');
  }

  async function poll(now: Date): Promise<PollResult> {
    const calls: SteamCallCounts = new Map();
    try {
      if (now.getTime() < state.pausedUntil) {
        await closeStaleSessions(db, now, timeZone);
        return { outcome: 'backing-off', steamCalls: 0 };
      }
      const users = await findSteamUsers(db);
      let players: SteamPlayerSummary[];
      try {
        players = await fetchSummaries(users, calls);
      } catch (error) {
        noteFailure(error, now, summariesMethod);
        await closeStaleSessions(db, now, timeZone);
        return { outcome: 'failed', steamCalls: totalOf(calls) };
      }
      state.failures = 0;
      // Sweep first: a session not seen for long (the site was down) ends at its last
      // sighting instead of being extended over the gap.
      await closeStaleSessions(db, now, timeZone);
      await recordPresence(users, players, now);
      await refreshOwnedGames(now, calls);
      return { outcome: 'polled', steamCalls: totalOf(calls) };
    } finally {
      await countSteamCalls(db, utcDay(now), calls);
      await logCalls(now);
    }
  }

  return { poll, steamPausedUntil: () => state.pausedUntil };
}

/**
 * Runs the collector every `intervalMs` (60 s) until stopped: one poll at a time (a tick
 * that finds a poll still running is skipped), and `stop` waits for a running poll.
 */
export function startSteamCollector(options: SteamCollectorOptions & { intervalMs?: number }): {
  stop: () => Promise<void>;
} {
  const collector = createSteamCollector(options);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = collector
      .poll(new Date())
      .then(
        () => undefined,
        (error: unknown) => options.log.error({ err: error }, 'Steam playtime poll failed'),
      )
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs ?? pollIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** User → game played (undefined: none) for every user Steam told about. */
function sightingsOf(
  users: readonly SteamUser[],
  players: readonly SteamPlayerSummary[],
): Map<number, number | undefined> {
  const gameBySteamId = new Map(players.map((player) => [player.steamid, playedGameId(player)]));
  const sightings = new Map<number, number | undefined>();
  for (const user of users)
    if (gameBySteamId.has(user.steamId))
      sightings.set(user.userId, gameBySteamId.get(user.steamId));
  return sightings;
}

/** A 4xx other than 429: asking again the same way will not help. */
function isRefusal(error: unknown): error is SteamApiError {
  return (
    error instanceof SteamApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}

function totalOf(calls: SteamCallCounts): number {
  return [...calls.values()].reduce((sum, count) => sum + count, 0);
}
