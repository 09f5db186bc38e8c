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
  const url = new URL(`${steam.apiUrl}/ISteamUser/GetPlayerSummaries/v2/`);
  url.searchParams.set('key', steam.apiKey);
  url.searchParams.set('steamids', steamIds.join(','));
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new SteamApiError(
      response.status,
      `GetPlayerSummaries answered ${response.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
  const body = (await response.json()) as { response?: { players?: unknown } };
  const players = body.response?.players;
  if (!Array.isArray(players))
    throw new SteamApiError(502, 'GetPlayerSummaries answered without players');
  return players.filter(isPlayerSummary);
}

export function isSteamApiConfigured(steam: SteamConfig): boolean {
  return steam.apiKey !== undefined;
}

function isPlayerSummary(value: unknown): value is SteamPlayerSummary {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { steamid?: unknown }).steamid === 'string'
  );
}
