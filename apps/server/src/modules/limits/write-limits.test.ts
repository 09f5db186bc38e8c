import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';

/** The default allowance, which these tests ask for (other tests set up data faster). */
const perUser = loadConfig({}).writesPerMinute;

describe.each(testEngines)('the write limit on %s', (engine) => {
  let site: ApiSite;
  beforeAll(async () => {
    site = await startApiSite(engine, { WRITES_PER_MINUTE: String(perUser) });
  });
  afterAll(async () => site?.close());

  it('refuses one person’s flood of changes with 429 and Retry-After, 16 at a time', async () => {
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const profile = {
      ...(await site.app.inject({ url: '/api/users/me', headers: lanner.headers })).json(),
      email: 'flood@example.org',
      firstName: 'Flo',
      surname: 'Od',
      birthDate: '2000-01-01',
    };
    const save = (index: number) =>
      site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        // A forwarded address changes nothing: the limit is the person's.
        headers: { ...lanner.headers, 'x-forwarded-for': `203.0.113.${index % 250}` },
        payload: { ...profile, city: `Town ${index}` },
      });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof save>> | undefined;
    for (let sent = 0; sent < perUser + 80; sent += 16) {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) => save(sent + index)),
      );
      for (const answer of answers) {
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) refused ??= answer;
      }
    }
    const saved = statuses.filter((status) => status === 200).length;
    // The sliding window may let a few more through when the run crosses a minute's end.
    expect(saved).toBeGreaterThanOrEqual(perUser);
    expect(saved).toBeLessThanOrEqual(perUser + 10);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(refused?.headers['content-type']).toContain('application/problem+json');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().detail).toMatch(
      /^Too many changes in a short time\. Please try again in /,
    );

    // Reading goes on, and so do other people's changes.
    const read = await site.app.inject({ url: '/api/users/me', headers: lanner.headers });
    expect(read.statusCode).toBe(200);
    const other = await signInAs(site.db, site.issuer, ['Lanner']);
    const theirs = await site.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: other.headers,
      payload: { ...profile, id: other.user.id, email: 'other@example.org', city: 'Elsewhere' },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('refuses a stranger’s flood of changes per address with 429 and Retry-After', async () => {
    let forwarded = 0;
    const report = (remoteAddress: string, headers: Record<string, string> = {}) =>
      site.app.inject({
        method: 'PUT',
        url: '/api/matches/1/report',
        remoteAddress,
        // A forwarded address changes nothing: without TRUST_PROXY it is the client's claim.
        headers: { 'x-forwarded-for': `203.0.113.${forwarded++ % 250}`, ...headers },
        payload: { scores: [1, 0] },
      });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof report>> | undefined;
    while (!refused && statuses.length <= perUser + 10) {
      const answer = await report('198.51.100.7');
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(perUser);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().detail).toMatch(
      /^Too many changes without signing in\. Please try again in /,
    );

    // Another address is still told to sign in; someone signed in at the same one goes on.
    expect((await report('198.51.100.8')).statusCode).toBe(401);
    const lanner = await signInAs(site.db, site.issuer, ['Lanner']);
    const theirs = await site.app.inject({
      method: 'PUT',
      url: '/api/users/me/history-visibility',
      remoteAddress: '198.51.100.7',
      headers: lanner.headers,
      payload: { showsHistory: true },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('counts the changes of an erased account’s token per address, as a stranger’s', async () => {
    const erased = await signInAs(site.db, site.issuer, ['Lanner']);
    const admin = await signInAs(site.db, site.issuer, ['MemberAdministrator']);
    const erasure = await site.app.inject({
      method: 'DELETE',
      url: `/api/users/${erased.user.id}`,
      headers: admin.headers,
    });
    expect(erasure.statusCode, erasure.body).toBe(204);
    const statuses: number[] = [];
    let refused: { json: () => { detail: string } } | undefined;
    while (!refused && statuses.length <= perUser + 10) {
      const answer = await site.app.inject({
        method: 'PUT',
        url: '/api/users/me/history-visibility',
        remoteAddress: '198.51.100.21',
        headers: erased.headers,
        payload: { showsHistory: true },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(perUser);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(refused?.json().detail).toMatch(/^Too many changes without signing in\./);
  });

  it('counts an administrator’s changes too, whatever they are', async () => {
    const admin = await signInAs(site.db, site.issuer, ['LanAdministrator']);
    let status = 0;
    let sent = 0;
    while (status !== 429 && sent <= perUser + 10) {
      const response = await site.app.inject({
        method: 'DELETE',
        url: '/api/lans/999999',
        headers: admin.headers,
      });
      status = response.statusCode;
      sent += 1;
    }
    expect(status).toBe(429);
    expect(sent).toBeGreaterThan(perUser);
  });
});
