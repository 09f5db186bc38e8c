import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { startFakeIssuer } from '../../../test/fake-issuer.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import {
  findUserBySubject,
  findUsersWithRolesBySubjects,
  replaceRoles,
} from '../accounts/accounts.repository.ts';

describe.each(testEngines)('bearer tokens on %s', (engine) => {
  let site: ApiSite;
  beforeAll(async () => {
    site = await startApiSite(engine);
  });
  afterAll(async () => site?.close());

  const me = (authorization?: string) =>
    site.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: authorization ? { authorization } : {},
    });

  it('accepts a token of the configured external issuer and creates the user on the first call', async () => {
    const token = await site.issuer.signToken({
      sub: 'keycloak-user-1',
      preferred_username: 'Fraggle',
    });
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickname: 'Fraggle',
      roles: [],
      isEmailActivated: false,
    });
    expect(await findUserBySubject(site.db, 'keycloak-user-1')).toMatchObject({
      nickname: 'Fraggle',
    });
    // The second call finds the same user rather than creating another.
    const again = await me(`Bearer ${await site.issuer.signToken({ sub: 'keycloak-user-1' })}`);
    expect(again.json().id).toBe(response.json().id);
  });

  it('takes the Steam id from the configured claim', async () => {
    const token = await site.issuer.signToken({
      sub: 'keycloak-steam',
      steam_id: '76561197960287930',
    });
    expect((await me(`Bearer ${token}`)).json().steamId).toBe('76561197960287930');
  });

  it('creates one user when the first two calls arrive together', async () => {
    const token = await site.issuer.signToken({
      sub: 'keycloak-racer',
      preferred_username: 'Racer',
    });
    const responses = await Promise.all([
      me(`Bearer ${token}`),
      me(`Bearer ${token}`),
      me(`Bearer ${token}`),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
  });

  it('tells apart users whose calls arrive together, each with their own roles', async () => {
    const people = await Promise.all(
      ([[], ['Lanner'], ['Member', 'Lanner'], ['LanAdministrator'], ['Lanner']] as const).map(
        (roles) => signInAs(site.db, site.issuer, [...roles]),
      ),
    );
    for (const person of people)
      expect((await me(person.headers.authorization)).statusCode).toBe(200);
    // A change after they were seen: who they are is read again, together.
    const changed = people[4];
    if (!changed) throw new Error('no one to change');
    await replaceRoles(site.db, changed.user.id, ['Member']);
    const calls = people.flatMap((person) => [person, person]);
    const answers = await Promise.all(calls.map((person) => me(person.headers.authorization)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(calls.map(() => 200));
    expect(answers.map((answer) => [answer.json().id, answer.json().roles])).toEqual(
      [[], ['Lanner'], ['Lanner', 'Member'], ['LanAdministrator'], ['Member']].flatMap(
        (roles, index) => {
          const id = people[index]?.user.id;
          return [
            [id, roles],
            [id, roles],
          ];
        },
      ),
    );
  });

  it('reads the users behind several subjects at once, each with their roles', async () => {
    const people = await Promise.all(
      ([[], ['Member', 'Lanner'], ['SystemAdministrator']] as const).map((roles) =>
        signInAs(site.db, site.issuer, [...roles]),
      ),
    );
    const subjects = people.map((person) => String(person.user.subject));
    const found = await findUsersWithRolesBySubjects(site.db, [...subjects, 'nobody-has-this']);
    expect([...found.keys()].sort()).toEqual([...subjects].sort());
    expect(subjects.map((subject) => found.get(subject)?.roles)).toEqual([
      [],
      ['Lanner', 'Member'],
      ['SystemAdministrator'],
    ]);
    for (const subject of subjects)
      expect(found.get(subject)?.user).toEqual(await findUserBySubject(site.db, subject));
    expect((await findUsersWithRolesBySubjects(site.db, [])).size).toBe(0);
  });

  it.each([
    [
      'an unsigned token (alg none)',
      async () =>
        new UnsecuredJWT({ sub: 'x' })
          .setIssuer(site.issuer.issuer)
          .setAudience('lanparty-api')
          .setExpirationTime('5m')
          .encode(),
    ],
    ['a token signed with another key', async () => site.issuer.signWithStrangerKey({ sub: 'x' })],
    ['an expired token', async () => site.issuer.signToken({ sub: 'x' }, { expiresIn: '-1m' })],
    [
      'a token of another issuer',
      async () => site.issuer.signToken({ sub: 'x' }, { issuer: 'http://evil.example/realms/lan' }),
    ],
    [
      'a token for another audience',
      async () => site.issuer.signToken({ sub: 'x' }, { audience: 'another-api' }),
    ],
    ['garbage', async () => 'not.a.token'],
  ])('refuses %s with 401', async (_name, makeToken) => {
    const response = await me(`Bearer ${await makeToken()}`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.json()).toMatchObject({ status: 401 });
  });

  it('refuses a bad token even on a public call', async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    expect((await me('Basic YWRtaW46YWRtaW4=')).statusCode).toBe(401);
  });

  it('lets the web app reach the external issuer under the content security policy', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/health' });
    const connectSources = /connect-src ([^;]+)/.exec(
      String(response.headers['content-security-policy']),
    )?.[1];
    expect(connectSources).toBe(`'self' ${new URL(site.issuer.issuer).origin}`);
  });

  it('answers 401 to a call that needs a user when there is no token', async () => {
    expect((await me()).statusCode).toBe(401);
  });
});

describe('an issuer that is not configured', () => {
  it('has its tokens refused', async () => {
    const stranger = await startFakeIssuer();
    const site = await startApiSite('sqlite');
    try {
      const token = await stranger.signToken({ sub: 'someone' });
      const response = await site.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await site.close();
      await stranger.close();
    }
  });
});
