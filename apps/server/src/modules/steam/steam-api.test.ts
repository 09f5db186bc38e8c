import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSteam, startFakeSteam } from '../../../test/fake-steam.ts';
import type { SteamConfig } from '../../config.ts';
import { getOwnedGames, getPlayerSummaries, SteamApiError } from './steam-api.ts';

const ada = '76561197960287930';
const bob = '76561198000000001';

describe('the Steam Web API client against the fake Steam', () => {
  let fake: FakeSteam;
  let steam: SteamConfig;
  beforeAll(async () => {
    fake = await startFakeSteam();
    steam = { apiUrl: fake.url, apiKey: 'test-key', openIdUrl: 'http://127.0.0.1:9/openid' };
  });
  afterEach(() => {
    fake.players.clear();
    fake.ownedGames.clear();
    fake.privateProfiles.clear();
    fake.failWith = undefined;
    fake.retryAfterSeconds = 3;
  });
  afterAll(() => fake.close());

  it('leaves unknown ids out of the player summaries and keeps 64-bit ids as strings', async () => {
    fake.players.set(ada, { steamid: ada, personaname: 'Ada', gameid: '730' });
    const players = await getPlayerSummaries(steam, [ada, bob]);
    expect(players).toEqual([{ steamid: ada, personaname: 'Ada', gameid: '730' }]);
  });

  it('asks for owned games with app info and played free games', async () => {
    fake.players.set(ada, { steamid: ada });
    fake.ownedGames.set(ada, [
      { appid: 730, name: 'Counter-Strike 2', img_icon_url: 'cs2hash', playtime_forever: 120 },
      {
        appid: 440,
        name: 'Team Fortress 2',
        img_icon_url: 'tf2hash',
        playtime_forever: 5,
        isFree: true,
      },
    ]);
    const games = await getOwnedGames(steam, ada);
    expect(games?.map((game) => [game.appid, game.name, game.img_icon_url])).toEqual([
      [730, 'Counter-Strike 2', 'cs2hash'],
      [440, 'Team Fortress 2', 'tf2hash'],
    ]);
    const asked = fake.requests.at(-1);
    expect(asked?.pathname).toBe('/IPlayerService/GetOwnedGames/v1/');
    expect(asked?.searchParams.get('steamid')).toBe(ada);
    expect(asked?.searchParams.get('include_appinfo')).toBe('1');
    expect(asked?.searchParams.get('include_played_free_games')).toBe('1');
  });

  it('tells a private profile (and an unknown id) apart from an empty library', async () => {
    fake.players.set(ada, { steamid: ada });
    fake.players.set(bob, { steamid: bob });
    fake.privateProfiles.add(ada);
    expect(await getOwnedGames(steam, ada)).toBeUndefined();
    expect(await getOwnedGames(steam, '76561198999999999')).toBeUndefined();
    expect(await getOwnedGames(steam, bob)).toEqual([]);
  });

  it('turns a refusal into a SteamApiError with its Retry-After', async () => {
    fake.failWith = 429;
    const tooMany = await getOwnedGames(steam, ada).catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(SteamApiError);
    expect(tooMany).toMatchObject({ status: 429, retryAfterMs: 3000 });
    fake.failWith = undefined;
    const badKey = await getPlayerSummaries({ ...steam, apiKey: 'wrong' }, [ada]).catch(
      (error: unknown) => error,
    );
    expect(badKey).toMatchObject({ status: 403, retryAfterMs: undefined });
  });
});
