import { createServer, type Server, type ServerResponse } from 'node:http';
import type { SteamPlayerSummary } from '../src/modules/steam/steam-api.ts';

/** An owned game as the fake keeps it: what GetOwnedGames tells with include_appinfo=1. */
export type FakeOwnedGame = {
  appid: number;
  name: string;
  img_icon_url: string;
  playtime_forever: number;
  /** Free to play: only listed with include_played_free_games=1. */
  isFree?: boolean;
};

export type FakeSteam = {
  url: string;
  players: Map<string, SteamPlayerSummary>;
  /** Owned games per SteamID64; an id missing here owns nothing (`game_count: 0`). */
  ownedGames: Map<string, FakeOwnedGame[]>;
  /** SteamID64s whose game details are private: GetOwnedGames answers `{"response":{}}`. */
  privateProfiles: Set<string>;
  /** Every request's path and query, for assertions on batching and keys. */
  requests: URL[];
  /** The status the next requests answer with instead of 200 (e.g. 429, 500). */
  failWith: number | undefined;
  /** `failWith` applies from this request on (an index into `requests`): fail mid-poll. */
  failFromRequest: number;
  /** Retry-After (seconds) sent with `failWith`; undefined sends none. */
  retryAfterSeconds: number | undefined;
  /** Holds every answer this long, to catch callers in the middle of a call. */
  delayMs: number;
  close: () => Promise<void>;
};

export const getPlayerSummariesPath = '/ISteamUser/GetPlayerSummaries/v2/';
export const getOwnedGamesPath = '/IPlayerService/GetOwnedGames/v1/';

/**
 * The Steam Web API as tests need it, with the real JSON shapes and 64-bit ids as strings:
 * GetPlayerSummaries/v2 (`{response:{players:[…]}}`, unknown ids left out) and
 * GetOwnedGames/v1 (`{response:{game_count,games:[…]}}`, `{response:{}}` for a private
 * profile or an unknown id; honours include_appinfo and include_played_free_games).
 */
export async function startFakeSteam(apiKey = 'test-key'): Promise<FakeSteam> {
  const fake: FakeSteam = {
    url: '',
    players: new Map(),
    ownedGames: new Map(),
    privateProfiles: new Set(),
    requests: [],
    failWith: undefined,
    failFromRequest: 0,
    retryAfterSeconds: 3,
    delayMs: 0,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://steam.test');
    fake.requests.push(url);
    const isFailing = fake.requests.length > fake.failFromRequest;
    if (fake.delayMs > 0)
      setTimeout(() => answer(fake, apiKey, url, response, isFailing), fake.delayMs);
    else answer(fake, apiKey, url, response, isFailing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

function answer(
  fake: FakeSteam,
  apiKey: string,
  url: URL,
  response: ServerResponse,
  isFailing: boolean,
): void {
  if (fake.failWith && isFailing) {
    const headers =
      fake.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fake.retryAfterSeconds) };
    response.writeHead(fake.failWith, headers).end();
  } else if (url.searchParams.get('key') !== apiKey) {
    response.writeHead(403).end('<html>Forbidden</html>');
  } else if (url.pathname === getPlayerSummariesPath) {
    answerJson(response, { response: { players: playerSummaries(fake, url) } });
  } else if (url.pathname === getOwnedGamesPath) {
    answerJson(response, { response: ownedGames(fake, url) });
  } else {
    response.writeHead(404).end();
  }
}

function answerJson(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function playerSummaries(fake: FakeSteam, url: URL): SteamPlayerSummary[] {
  const ids = (url.searchParams.get('steamids') ?? '').split(',');
  return ids.flatMap((id) => fake.players.get(id) ?? []);
}

function ownedGames(fake: FakeSteam, url: URL): Record<string, unknown> {
  const steamId = url.searchParams.get('steamid') ?? '';
  const isKnown = fake.players.has(steamId) || fake.ownedGames.has(steamId);
  if (!isKnown || fake.privateProfiles.has(steamId)) return {};
  const withAppInfo = isTrue(url.searchParams.get('include_appinfo'));
  const withFreeGames = isTrue(url.searchParams.get('include_played_free_games'));
  const games = (fake.ownedGames.get(steamId) ?? [])
    .filter((game) => withFreeGames || !game.isFree)
    .map((game) => ({
      appid: game.appid,
      ...(withAppInfo
        ? { name: game.name, img_icon_url: game.img_icon_url, has_community_visible_stats: true }
        : {}),
      playtime_forever: game.playtime_forever,
      playtime_windows_forever: game.playtime_forever,
      playtime_mac_forever: 0,
      playtime_linux_forever: 0,
      playtime_deck_forever: 0,
      rtime_last_played: 1_700_000_000,
      playtime_disconnected: 0,
    }));
  return { game_count: games.length, games };
}

function isTrue(value: string | null): boolean {
  return value === '1' || value === 'true';
}
