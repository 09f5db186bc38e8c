import { beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../test/organiser.ts';
import type { SignedIn } from '../../test/signed-in.ts';
import { testEngines } from '../../test/test-database.ts';
import { maximumJsonDepth } from './json-nesting.ts';

/** `depth` arrays, one inside the other, around `inner`: `[[[inner]]]`. */
function nestedArrays(depth: number, inner = ''): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

/** `depth` objects, one inside the other, around `inner`: `{"a":{"a":inner}}`. */
function nestedObjects(depth: number, inner = '1'): string {
  return `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Arrays and objects by turns: `[{"a":[{"a":…}]}]`, `depth` levels in all. */
function nestedMixed(depth: number): string {
  const opening: string[] = [];
  const closing: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    opening.push(level % 2 === 0 ? '[' : '{"a":');
    closing.push(level % 2 === 0 ? ']' : '}');
  }
  return `${opening.join('')}1${closing.reverse().join('')}`;
}

const tooDeep: Array<[string, string]> = [
  ...[maximumJsonDepth + 1, 1_000, 100_000].flatMap(
    (depth): Array<[string, string]> => [
      [`${depth} arrays`, nestedArrays(depth)],
      [`${depth} objects`, nestedObjects(depth)],
      [`${depth} arrays and objects by turns`, nestedMixed(depth)],
    ],
  ),
  // Unbalanced: only openings, as a client that is cut off or hostile sends them.
  ['10,000 openings without their ends', '['.repeat(10_000)],
];

/**
 * Bodies nested thousands of levels deep once overflowed the stack of the NUL check
 * (a 500 on every JSON route, without signing in). The JSON parser now refuses them
 * before anything walks the value.
 */
describe.each(testEngines)('deeply nested JSON bodies, on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers: ['Lanner', 'LanAdministrator'] });
  // Signed in before the first test.
  const lanner = () => as.Lanner as SignedIn;
  let lanId: number;

  const send = (who: SignedIn | undefined, method: 'POST' | 'PUT', url: string, body: string) =>
    site.app.inject({
      method,
      url,
      payload: body,
      headers: { 'content-type': 'application/json', ...who?.headers },
    });

  const completeProfile = {
    email: 'deep@example.org',
    firstName: 'Ada',
    surname: 'Lovelace',
    city: 'London',
    birthDate: '1990-12-10',
  };

  beforeAll(async () => {
    lanId = (await api.createLan()).id;
  });

  const routes = (): Array<{ method: 'POST' | 'PUT'; url: string }> => [
    { method: 'PUT', url: '/api/users/me' },
    { method: 'POST', url: '/api/subscribers' },
    { method: 'POST', url: `/api/lans/${lanId}/check-ins` },
    { method: 'POST', url: `/api/lans/${lanId}/messages` },
    { method: 'POST', url: '/api/lans' },
    { method: 'PUT', url: '/api/settings/lan-defaults' },
  ];

  const callers: Array<[string, () => SignedIn | undefined]> = [
    ['a lanner', lanner],
    ['a lan administrator', () => api.admin],
  ];

  describe.each(callers)('sent by %s', (_caller, who) => {
    it.each(tooDeep)('refuses %s on every JSON route with a 400 problem', async (_name, body) => {
      for (const { method, url } of routes()) {
        const response = await send(who(), method, url, body);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        const problem = response.json();
        expect(problem.status).toBe(400);
        expect(problem.title).toBe('Invalid input');
        expect(problem.detail).toBe(
          `The JSON body nests too deep: at most ${maximumJsonDepth} levels of arrays and objects are accepted.`,
        );
        expect(problem.errors).toEqual({ body: [problem.detail] });
      }
    });
  });

  // Nobody signed in is refused before the body is read (issue 50): nothing parses it.
  it.each(tooDeep)('answers %s sent by nobody signed in with a 401 first', async (_name, body) => {
    for (const { method, url } of routes()) {
      const response = await send(undefined, method, url, body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('answers a caller whose token does not verify with a 401 first, never a 500', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: nestedArrays(100_000),
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
  });

  it(`handles a body ${maximumJsonDepth} levels deep as usual`, async () => {
    // The profile is one level; an ignored field adds the rest.
    const ignored = JSON.parse(nestedArrays(maximumJsonDepth - 1));
    const response = await send(
      lanner(),
      'PUT',
      '/api/users/me',
      JSON.stringify({ ...completeProfile, ignored }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().city).toBe('London');
  });

  it(`still names a NUL ${maximumJsonDepth} levels deep`, async () => {
    const city = JSON.parse(nestedArrays(maximumJsonDepth - 1, '"Lon\\u0000don"'));
    const response = await send(
      lanner(),
      'PUT',
      '/api/users/me',
      JSON.stringify({ ...completeProfile, city }),
    );
    expect(response.statusCode).toBe(400);
    const field = ['city', ...Array(maximumJsonDepth - 1).fill('0')].join('.');
    expect(response.json().errors).toEqual({
      [field]: ['Must not contain the NUL character (U+0000)'],
    });
  });

  it(`still validates a field ${maximumJsonDepth} levels deep`, async () => {
    const firstName = JSON.parse(nestedArrays(maximumJsonDepth - 1));
    const response = await send(
      lanner(),
      'PUT',
      '/api/users/me',
      JSON.stringify({ ...completeProfile, firstName }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['firstName']);
    expect(response.json().detail).not.toMatch(/nests too deep/);
  });

  it('does not count brackets inside text, escaped quotes and backslashes included', async () => {
    const city = `a\\"${'['.repeat(40)}${'{'.repeat(40)}`;
    const response = await send(
      lanner(),
      'PUT',
      '/api/users/me',
      JSON.stringify({ ...completeProfile, city }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().city).toBe(city);
  });

  it('counts brackets after a text that ends in a backslash', async () => {
    // `"x\\"` ends its text; what follows is structure, and too deep.
    const body = `{"firstName":"x\\\\","ignored":${nestedArrays(maximumJsonDepth)}}`;
    expect(() => JSON.parse(body)).not.toThrow();
    const response = await send(lanner(), 'PUT', '/api/users/me', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/nests too deep/);
  });

  it('still answers malformed JSON with a 400 problem', async () => {
    const response = await send(lanner(), 'PUT', '/api/users/me', '{"a": [1, 2');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
