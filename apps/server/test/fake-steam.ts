import { createServer, type Server } from 'node:http';
import type { SteamPlayerSummary } from '../src/modules/steam/steam-api.ts';

export type FakeSteam = {
  url: string;
  players: Map<string, SteamPlayerSummary>;
  /** Every request's path and query, for assertions on batching and keys. */
  requests: URL[];
  /** The status the next requests answer with instead of 200 (e.g. 429, 500). */
  failWith: number | undefined;
  close: () => Promise<void>;
};

/**
 * The Steam Web API as tests need it: GetPlayerSummaries/v2 with the real JSON shape
 * (`{response:{players:[…]}}`, 64-bit ids as strings, unknown ids left out).
 */
export async function startFakeSteam(apiKey = 'test-key'): Promise<FakeSteam> {
  const fake: FakeSteam = {
    url: '',
    players: new Map(),
    requests: [],
    failWith: undefined,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://steam.test');
    fake.requests.push(url);
    if (fake.failWith) return response.writeHead(fake.failWith, { 'retry-after': '3' }).end();
    if (url.searchParams.get('key') !== apiKey)
      return response.writeHead(403).end('<html>Forbidden</html>');
    if (url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      const ids = (url.searchParams.get('steamids') ?? '').split(',');
      const players = ids.flatMap((id) => fake.players.get(id) ?? []);
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ response: { players } }));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
