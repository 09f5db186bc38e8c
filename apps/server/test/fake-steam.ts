import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

/** How the fake answers Steam OpenID 2.0 sign-ins; `defaultOpenIdOptions()` resets them. */
export type FakeOpenIdOptions = {
  /** The SteamID64 (or anything, to test refusals) the next sign-in claims. */
  steamId: string;
  /** Shifts the time in response nonces, to make stale answers. */
  nonceOffsetMs: number;
  /** Answer every check_authentication with is_valid:false. */
  isAlwaysInvalid: boolean;
  /** The fields the signature covers. */
  signed: string;
};

export type FakeSteam = {
  /** The origin of the fake: STEAM_API_URL. */
  url: string;
  /** The OpenID 2.0 endpoint: STEAM_OPENID_URL. */
  openIdUrl: string;
  openId: FakeOpenIdOptions;
  /** How many `check_authentication` calls the fake answered. */
  checkAuthenticationCount: number;
  /** The sign-in answer Steam would send the browser back with, as query parameters. */
  answerFor: (returnTo: string) => URLSearchParams;
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

export const openIdPath = '/openid/login';
export const getPlayerSummariesPath = '/ISteamUser/GetPlayerSummaries/v2/';
export const getOwnedGamesPath = '/IPlayerService/GetOwnedGames/v1/';

const openIdNamespace = 'http://specs.openid.net/auth/2.0';

export function defaultOpenIdOptions(): FakeOpenIdOptions {
  return {
    steamId: '76561197960287930',
    nonceOffsetMs: 0,
    isAlwaysInvalid: false,
    signed: 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
  };
}

/**
 * Steam as tests need it, one local server for both parts:
 * - the OpenID 2.0 provider at `openIdUrl`: it signs its answers with a secret (HMAC over
 *   the signed fields, as OpenID does), approves every sign-in at once, and answers
 *   `check_authentication` in the real key-value form — `is_valid:true` only for an answer
 *   exactly as it issued it;
 * - the Web API at `url`, with the real JSON shapes and 64-bit ids as strings:
 *   GetPlayerSummaries/v2 (`{response:{players:[…]}}`, unknown ids left out) and
 *   GetOwnedGames/v1 (`{response:{game_count,games:[…]}}`, `{response:{}}` for a private
 *   profile or an unknown id; honours include_appinfo and include_played_free_games).
 */
export async function startFakeSteam(apiKey = 'test-key'): Promise<FakeSteam> {
  const secret = randomBytes(32);
  const fake: FakeSteam = {
    url: '',
    openIdUrl: '',
    openId: defaultOpenIdOptions(),
    checkAuthenticationCount: 0,
    answerFor: (returnTo) => openIdAnswer(fake, secret, returnTo),
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
    if (url.pathname === openIdPath) {
      void answerOpenId(fake, secret, request, url, response);
      return;
    }
    fake.requests.push(url);
    const isFailing = fake.requests.length > fake.failFromRequest;
    if (fake.delayMs > 0)
      setTimeout(() => answer(fake, apiKey, url, response, isFailing), fake.delayMs);
    else answer(fake, apiKey, url, response, isFailing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.openIdUrl = `${fake.url}${openIdPath}`;
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

function openIdAnswer(fake: FakeSteam, secret: Buffer, returnTo: string): URLSearchParams {
  const claimedId = `https://steamcommunity.com/openid/id/${fake.openId.steamId}`;
  const time = new Date(Date.now() + fake.openId.nonceOffsetMs).toISOString().slice(0, 19);
  const answer: Record<string, string> = {
    'openid.ns': openIdNamespace,
    'openid.mode': 'id_res',
    'openid.op_endpoint': fake.openIdUrl,
    'openid.claimed_id': claimedId,
    'openid.identity': claimedId,
    'openid.return_to': returnTo,
    'openid.response_nonce': `${time}Z${randomBytes(6).toString('hex')}`,
    'openid.assoc_handle': '1234567890',
    'openid.signed': fake.openId.signed,
  };
  answer['openid.sig'] = sign(secret, answer);
  return new URLSearchParams(answer);
}

function sign(secret: Buffer, fields: Record<string, string>): string {
  const names = (fields['openid.signed'] ?? '').split(',');
  const form = names.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join('');
  return createHmac('sha256', secret).update(form).digest('base64');
}

/** GET sends the browser straight back, approved; POST is `check_authentication`. */
async function answerOpenId(
  fake: FakeSteam,
  secret: Buffer,
  request: IncomingMessage,
  url: URL,
  response: ServerResponse,
): Promise<void> {
  if (request.method === 'GET') {
    const returnTo = url.searchParams.get('openid.return_to') ?? '';
    const target = new URL(returnTo);
    target.search = openIdAnswer(fake, secret, returnTo).toString();
    response.writeHead(302, { location: target.href }).end();
  } else if (request.method === 'POST') {
    fake.checkAuthenticationCount += 1;
    const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const isValid =
      !fake.openId.isAlwaysInvalid &&
      fields['openid.mode'] === 'check_authentication' &&
      fields['openid.sig'] === sign(secret, fields);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`ns:${openIdNamespace}\nis_valid:${isValid}\n`);
  } else {
    response.writeHead(405).end();
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
