import type { SteamConfig } from '../../config.ts';

/** A player as GetPlayerSummaries describes them; fields Steam may leave out are optional. */
export type SteamPlayerSummary = {
  steamid: string;
  personaname?: string;
  avatarfull?: string;
  /** The app id of the game being played right now, when the profile shows it. */
  gameid?: string;
  /** 3 = public; anything else hides game details. */
  communityvisibilitystate?: number;
};

/** A game as GetOwnedGames describes it; name and icon only come with include_appinfo. */
export type SteamOwnedGame = {
  appid: number;
  name?: string;
  /** Icon hash: media/steam/apps/{appid}/{hash}.jpg. */
  img_icon_url?: string;
  /** Minutes. */
  playtime_forever?: number;
};

export class SteamApiError extends Error {
  readonly status: number;
  /** From Retry-After on a 429, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'SteamApiError';
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** GetPlayerSummaries takes at most 100 ids a call. */
export const playerSummariesBatchSize = 100;

/**
 * ISteamUser/GetPlayerSummaries/v2 for up to 100 SteamID64s. Unknown ids are simply
 * missing from the answer. Needs an API key; callers check `isSteamApiConfigured` first.
 */
export async function getPlayerSummaries(
  steam: SteamConfig,
  steamIds: readonly string[],
): Promise<SteamPlayerSummary[]> {
  if (!steam.apiKey) throw new Error('STEAM_API_KEY is not set');
  if (steamIds.length === 0) return [];
  if (steamIds.length > playerSummariesBatchSize) {
    throw new RangeError(`at most ${playerSummariesBatchSize} ids per call`);
  }
  const body = (await getSteamJson(steam, 'ISteamUser/GetPlayerSummaries/v2', {
    steamids: steamIds.join(','),
  })) as { response?: { players?: unknown } };
  const players = body.response?.players;
  if (!Array.isArray(players))
    throw new SteamApiError(502, 'GetPlayerSummaries answered without players');
  return players.filter(isPlayerSummary);
}

/**
 * IPlayerService/GetOwnedGames/v1 with app info (names, icons) and played free games, for
 * one SteamID64. Steam answers `{"response":{}}` when the profile's game details are
 * private (and for unknown ids): that is `undefined` here; an empty library is `[]`.
 */
export async function getOwnedGames(
  steam: SteamConfig,
  steamId: string,
): Promise<SteamOwnedGame[] | undefined> {
  const body = (await getSteamJson(steam, 'IPlayerService/GetOwnedGames/v1', {
    steamid: steamId,
    include_appinfo: '1',
    include_played_free_games: '1',
  })) as { response?: { game_count?: unknown; games?: unknown } };
  if (typeof body.response !== 'object' || body.response === null)
    throw new SteamApiError(502, 'GetOwnedGames answered without a response');
  const games = body.response.games;
  // A public profile without games may tell only its game_count of 0.
  if (games === undefined) return typeof body.response.game_count === 'number' ? [] : undefined;
  if (!Array.isArray(games)) throw new SteamApiError(502, 'GetOwnedGames answered odd games');
  return games.filter(isOwnedGame);
}

export function isSteamApiConfigured(steam: SteamConfig): boolean {
  return steam.apiKey !== undefined;
}

/** One GET of the Steam Web API; any answer but 200 with JSON is a `SteamApiError`. */
async function getSteamJson(
  steam: SteamConfig,
  method: string,
  params: Record<string, string>,
): Promise<unknown> {
  if (!steam.apiKey) throw new Error('STEAM_API_KEY is not set');
  const url = new URL(`${steam.apiUrl}/${method}/`);
  url.searchParams.set('key', steam.apiKey);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const name = method.split('/')[1];
  if (!response.ok) {
    await response.body?.cancel();
    throw new SteamApiError(
      response.status,
      `${name} answered ${response.status}`,
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  try {
    return await response.json();
  } catch {
    throw new SteamApiError(502, `${name} answered something that is not JSON`);
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const until = Date.parse(header) - Date.now();
  return Number.isFinite(until) && until > 0 ? until : undefined;
}

function isPlayerSummary(value: unknown): value is SteamPlayerSummary {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { steamid?: unknown }).steamid === 'string'
  );
}

function isOwnedGame(value: unknown): value is SteamOwnedGame {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as { appid?: unknown }).appid)
  );
}
