import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { useSecondPool } from '../../../test/services.ts';
import { testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { insertLocalAccount } from '../identity/local-accounts.repository.ts';
import { hashPassword } from '../identity/passwords.ts';

const password = 'correct horse battery';
const trials = 3;

/*
 * A site keeps a system administrator (issue 50 §3) whatever two of them do at the same
 * moment: erase themselves, erase each other, take each other's role. On PostgreSQL the two
 * requests go to two servers, each with its own pool, on one schema; on SQLite (one server
 * per site, one writer) to two apps on the site's one connection.
 */
describe.each(testEngines)('the last system administrator under concurrency on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(site.config, { db: second(), isRunningJobs: false });
    await other.ready();
  });
  afterAll(async () => other?.close());

  const administrator = async (): Promise<Person> => {
    const person = await api.person({ roles: ['SystemAdministrator'] });
    await insertLocalAccount(site.db, {
      userId: person.user.id,
      username: `admin${person.user.id}`,
      passwordHash: await hashPassword(password),
    });
    return person;
  };

  const call = (
    server: FastifyInstance,
    person: Person,
    method: 'DELETE' | 'PUT',
    url: string,
    payload?: object,
  ) => server.inject({ method, url, payload, headers: person.headers });

  const systemAdministratorsLeft = async () =>
    (
      await site.db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select('users.id')
        .where('user_roles.role', '=', 'SystemAdministrator')
        .where('users.erased_at', 'is', null)
        .execute()
    ).length;

  /** At most one of the two changes is made; which one, and how the other is refused, may vary. */
  const expectAtMostOneDone = (answers: readonly { statusCode: number }[]) =>
    expect(answers.filter((answer) => answer.statusCode < 300).length).toBeLessThan(2);

  it('leaves one when the only two erase themselves at once', async () => {
    for (let trial = 0; trial < trials; trial += 1) {
      await site.db.deleteFrom('user_roles').where('role', '=', 'SystemAdministrator').execute();
      const [a, b] = [await administrator(), await administrator()] as [Person, Person];
      const answers = await Promise.all([
        call(site.app, a, 'DELETE', '/api/users/me', { password }),
        call(other, b, 'DELETE', '/api/users/me', { password }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toMatch(
        /only system administrator/,
      );
      expect(await systemAdministratorsLeft()).toBe(1);
    }
  });

  it('leaves one when the only two erase each other at once', async () => {
    for (let trial = 0; trial < trials; trial += 1) {
      await site.db.deleteFrom('user_roles').where('role', '=', 'SystemAdministrator').execute();
      const [a, b] = [await administrator(), await administrator()] as [Person, Person];
      const answers = await Promise.all([
        call(site.app, a, 'DELETE', `/api/users/${b.user.id}`),
        call(other, b, 'DELETE', `/api/users/${a.user.id}`),
      ]);
      expectAtMostOneDone(answers);
      expect(await systemAdministratorsLeft()).toBe(1);
    }
  });

  it('leaves one when the only two take each other’s role at once', async () => {
    for (let trial = 0; trial < trials; trial += 1) {
      await site.db.deleteFrom('user_roles').where('role', '=', 'SystemAdministrator').execute();
      const [a, b] = [await administrator(), await administrator()] as [Person, Person];
      const answers = await Promise.all([
        call(site.app, a, 'PUT', `/api/users/${b.user.id}`, { roles: ['Lanner'] }),
        call(other, b, 'PUT', `/api/users/${a.user.id}`, { roles: ['Lanner'] }),
      ]);
      expectAtMostOneDone(answers);
      expect(await systemAdministratorsLeft()).toBe(1);
    }
  });

  it('leaves one when one erases themselves while taking the other’s role', async () => {
    for (let trial = 0; trial < trials; trial += 1) {
      await site.db.deleteFrom('user_roles').where('role', '=', 'SystemAdministrator').execute();
      const [a, b] = [await administrator(), await administrator()] as [Person, Person];
      const answers = await Promise.all([
        call(site.app, a, 'DELETE', '/api/users/me', { password }),
        call(other, a, 'PUT', `/api/users/${b.user.id}`, { roles: ['Lanner'] }),
      ]);
      expectAtMostOneDone(answers);
      expect(await systemAdministratorsLeft()).toBe(1);
    }
  });
});
