import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { testEngines } from '../../../test/test-database.ts';

type OpenApiDocument = { paths: Record<string, Record<string, { responses?: object }>> };

const writeMethods = ['post', 'put', 'patch', 'delete'];

/** The changes of the OpenAPI document that answer 401: each is for the signed-in alone. */
function signedInWrites(document: OpenApiDocument): { method: string; path: string }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => writeMethods.includes(method))
      .filter(([, { responses = {} }]) => Object.hasOwn(responses, '401'))
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
}

describe.each(testEngines)('refusing strangers before reading their input, on %s', (engine) => {
  let site: ApiSite;
  beforeAll(async () => {
    site = await startApiSite(engine);
  });
  afterAll(async () => site?.close());

  it('answers 401, never the input rules, to a change without a token on every route', async () => {
    const routes = signedInWrites(site.app.swagger() as unknown as OpenApiDocument);
    expect(routes.length).toBeGreaterThan(40);
    const answers: Record<string, string> = {};
    for (const { method, path } of routes) {
      // Every part wrong: a path id that is no id, a query of nonsense, a body of the wrong
      // shape with a control character in it.
      const response = await site.app.inject({
        method: method as 'POST',
        url: `${path.replaceAll(/\{[^}]+\}/g, 'not-an-id')}?include=%01`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify([{ name: '\u0001', scores: 'none' }]),
      });
      answers[`${method} ${path}`] = `${response.statusCode} ${response.json().detail}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(
        routes.map(({ method, path }) => [`${method} ${path}`, '401 Please sign in first.']),
      ),
    );
  });

  it('answers 401, never the input rules, to a read for the signed-in without a token', async () => {
    const reads = Object.entries((site.app.swagger() as unknown as OpenApiDocument).paths).flatMap(
      ([path, methods]) => (methods.get && !isStream(path) ? [path] : []),
    );
    // Which reads are for the signed-in, by what each answers nobody asking it rightly: 401
    // there, and any other answer (200, 404) for a read open to anyone.
    const forSignedIn: string[] = [];
    for (const path of reads) {
      const response = await site.app.inject({
        method: 'GET',
        url: path.replaceAll(/\{[^}]+\}/g, '1'),
      });
      if (response.statusCode === 401) forSignedIn.push(path);
    }
    expect(forSignedIn).toEqual(expect.arrayContaining(knownForSignedIn));
    const answers: Record<string, string> = {};
    for (const path of forSignedIn) {
      // Every part wrong: a path id that is no id, and every query the reads know, wrong.
      const response = await site.app.inject({
        method: 'GET',
        url: `${path.replaceAll(/\{[^}]+\}/g, 'not-an-id')}?limit=0&offset=-1&separator=x&include=%01&q=%01`,
      });
      answers[path] = `${response.statusCode} ${response.json().detail}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(forSignedIn.map((path) => [path, '401 Please sign in first.'])),
    );
  });
});

/** Streams answer over time (and are walked by their own tests): not asked here. */
const isStream = (path: string) => path.endsWith('/events');

/** Reads for the signed-in alone the spec names: the walk must find each of them. */
const knownForSignedIn = [
  '/api/sign-ups',
  '/api/lans/{id}/messages',
  '/api/lans/{id}/participants',
  '/api/lans/{id}/participants.csv',
  '/api/users/me/subscriptions',
  '/api/lans/{id}/seat-swaps',
];
