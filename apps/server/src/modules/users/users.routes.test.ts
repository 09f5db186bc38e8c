import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { dialectOf } from '../../db/columns.ts';
import { replaceRoles } from '../accounts/accounts.repository.ts';
import { hashVerificationCode } from './email-verification.ts';

const personalFields = ['email', 'isEmailActivated', 'firstName', 'surname', 'city', 'birthDate'];

const completeProfile = {
  email: 'frag@example.org',
  firstName: 'Frag',
  surname: 'Master',
  city: 'Utrecht',
  birthDate: '1999-04-01',
};

const callers: Caller[] = [
  'anonymous',
  'no role',
  'Lanner',
  'Member',
  'MemberAdministrator',
  'SystemAdministrator',
];

describe.each(testEngines)('the users API on %s', (engine) => {
  // The site's lan administrator, whom setUpOrganiserSite adds, is in none of these calls.
  const { site, as, call } = setUpOrganiserSite(engine, { callers });
  let subject: SignedIn;

  beforeAll(async () => {
    subject = await signInAs(site.db, site.issuer, ['Lanner'], {
      nickname: 'subject',
      email: 'subject@example.org',
    });
  });

  describe('authorization matrix', () => {
    // The status `method` `url` answers to a caller; a URL or body naming the subject is
    // built when the test runs, after the subject signed in.
    const statusOf = (method: 'GET' | 'PUT', url: string, payload?: object) => (caller: Caller) =>
      call(caller, method, url, payload).then((r) => r.statusCode);
    const expectations: Array<
      [string, (caller: Caller) => Promise<number>, Record<Caller, number>]
    > = [
      ['GET /api/users', statusOf('GET', '/api/users'), all(200)],
      [
        'GET /api/users/{id}',
        (caller) => statusOf('GET', `/api/users/${subject.user.id}`)(caller),
        all(200),
      ],
      ['GET /api/users/me', statusOf('GET', '/api/users/me'), signedIn(200)],
      [
        'PUT /api/users/me',
        (caller) =>
          statusOf('PUT', '/api/users/me', {
            ...completeProfile,
            email: `${caller.replace(' ', '')}@example.org`,
          })(caller),
        signedIn(200),
      ],
      [
        'GET /api/users/me/sync-status',
        statusOf('GET', '/api/users/me/sync-status'),
        signedIn(200),
      ],
      [
        'PUT /api/users/me/email-verifications/{code}',
        statusOf('PUT', '/api/users/me/email-verifications/unknown-code-123'),
        signedIn(404),
      ],
      [
        'GET /api/users/email-addresses/{email}',
        statusOf('GET', '/api/users/email-addresses/nobody@example.org'),
        signedIn(404),
      ],
      [
        'PUT /api/users/{id} granting Member',
        (caller) =>
          statusOf('PUT', `/api/users/${subject.user.id}`, { roles: ['Lanner', 'Member'] })(caller),
        allowedTo(['MemberAdministrator', 'SystemAdministrator']),
      ],
      [
        'PUT /api/users/{id} granting LanAdministrator',
        (caller) =>
          statusOf('PUT', `/api/users/${subject.user.id}`, {
            roles: ['Lanner', 'LanAdministrator'],
          })(caller),
        allowedTo(['SystemAdministrator']),
      ],
      ['GET /api/settings/keycloak', statusOf('GET', '/api/settings/keycloak'), all(200)],
    ];
    for (const [name, run, expected] of expectations) {
      it.each(callers)(`${name} as %s`, async (caller) => {
        expect(await run(caller)).toBe(expected[caller]);
      });
    }
  });

  describe('public and personal fields', () => {
    it('never shows personal fields in the list', async () => {
      for (const caller of callers) {
        const body = (await call(caller, 'GET', '/api/users?limit=100')).json();
        for (const user of body.items) {
          for (const field of personalFields) expect(user).not.toHaveProperty(field);
        }
      }
    });

    it.each(callers)(
      'shows another user’s personal fields only to member administrators (%s)',
      async (caller) => {
        const user = (await call(caller, 'GET', `/api/users/${subject.user.id}`)).json();
        const isAllowed = caller === 'MemberAdministrator' || caller === 'SystemAdministrator';
        for (const field of personalFields) expect(Object.hasOwn(user, field)).toBe(isAllowed);
      },
    );

    it('shows a user their own personal fields', async () => {
      const user = (
        await site.app.inject({
          method: 'GET',
          url: `/api/users/${subject.user.id}`,
          headers: subject.headers,
        })
      ).json();
      expect(user.email).toBe('subject@example.org');
    });

    it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
      expect((await call('anonymous', 'GET', '/api/users/999999')).statusCode).toBe(404);
      expect((await call('anonymous', 'GET', '/api/users/abc')).statusCode).toBe(400);
    });
  });

  describe('GET /api/users', () => {
    it('filters by roles and missing roles and sorts by nickname', async () => {
      const member = await signInAs(site.db, site.issuer, ['Lanner', 'Member'], {
        nickname: 'aardvark',
      });
      await signInAs(site.db, site.issuer, ['Lanner'], { nickname: 'abacus' });
      const lanners = (
        await call(
          'anonymous',
          'GET',
          '/api/users?roles=Lanner&missingRoles=Member&sort=nickname&limit=100',
        )
      ).json();
      const nicknames = lanners.items.map((user: { nickname: string }) => user.nickname);
      expect(nicknames).not.toContain('aardvark');
      expect(nicknames).toContain('abacus');
      expect(nicknames).toEqual(
        [...nicknames].sort((a: string, b: string) =>
          a.toLowerCase().localeCompare(b.toLowerCase()),
        ),
      );
      const members = (await call('anonymous', 'GET', '/api/users?roles=Member')).json();
      expect(members.items.map((user: { id: number }) => user.id)).toContain(member.user.id);
    });

    it('pages with offset and limit and counts the total', async () => {
      const first = (await call('anonymous', 'GET', '/api/users?limit=2&offset=0')).json();
      const second = (await call('anonymous', 'GET', '/api/users?limit=2&offset=2')).json();
      expect(first.items).toHaveLength(2);
      expect(first.total).toBeGreaterThanOrEqual(4);
      expect(second.offset).toBe(2);
      expect(first.items[0].id).not.toBe(second.items[0].id);
    });

    it('shows a role granted or a profile saved since the last read, however it was written', async () => {
      const newcomer = await signInAs(site.db, site.issuer, [], { nickname: 'newcomer' });
      const lannersUrl = '/api/users?roles=Lanner&sort=nickname&limit=100';
      const lannerIds = async () =>
        (await call('anonymous', 'GET', lannersUrl))
          .json()
          .items.map((user: { id: number }) => user.id);
      const ownRoles = async () =>
        (
          await site.app.inject({ method: 'GET', url: '/api/users/me', headers: newcomer.headers })
        ).json().roles;
      expect(await lannerIds()).not.toContain(newcomer.user.id);
      expect(await ownRoles()).toEqual([]);
      expect(await ownRoles()).toEqual([]);
      // Straight into the database, past every route: the answers kept must still notice.
      await replaceRoles(site.db, newcomer.user.id, ['Lanner']);
      expect(await lannerIds()).toContain(newcomer.user.id);
      expect(await ownRoles()).toEqual(['Lanner']);
      await site.db
        .updateTable('users')
        .set({ city: 'Zwolle' })
        .where('id', '=', newcomer.user.id)
        .execute();
      const me = await site.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: newcomer.headers,
      });
      expect(me.json().city).toBe('Zwolle');
    });

    it('takes userIds as a list', async () => {
      const ids = [as.Lanner?.user.id, as.Member?.user.id];
      const body = (await call('anonymous', 'GET', `/api/users?userIds=${ids.join(',')}`)).json();
      expect(body.items.map((user: { id: number }) => user.id).sort()).toEqual([...ids].sort());
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['roles=Overlord', 'roles'],
      ['userIds=a,b', 'userIds'],
      ['sort=age', 'sort'],
    ])('refuses %s', async (query, field) => {
      const response = await call('anonymous', 'GET', `/api/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)[0]).toMatch(new RegExp(`^${field}`));
    });
  });

  describe('PUT /api/users/me', () => {
    it('saves the profile and ignores roles, nickname and steam id', async () => {
      const me = await signInAs(site.db, site.issuer, [], { nickname: 'plain' });
      const response = await site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: me.headers,
        payload: {
          ...completeProfile,
          email: 'plain@example.org',
          roles: ['SystemAdministrator'],
          nickname: 'Boss',
          steamId: '76561197960287930',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        nickname: 'plain',
        roles: [],
        steamId: null,
        firstName: 'Frag',
        email: 'plain@example.org',
        isEmailActivated: false,
      });
    });

    it('refuses an incomplete profile with the messages of the spec, and saves nothing', async () => {
      const me = await signInAs(site.db, site.issuer, [], { nickname: 'incomplete' });
      const response = await site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: me.headers,
        payload: {
          email: 'not-an-address',
          firstName: '',
          surname: 'S',
          city: 'C',
          birthDate: '1999-04-01',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toMatchObject({
        email: ['Email must be a valid email address'],
        firstName: ['First name is required'],
      });
      const stored = (
        await site.app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers })
      ).json();
      expect(stored.surname).toBeNull();
    });

    it('refuses an address someone else has, whatever its case', async () => {
      const me = await signInAs(site.db, site.issuer, []);
      const response = await site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: me.headers,
        payload: { ...completeProfile, email: 'Subject@Example.org' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.email).toEqual(['Email is already used']);
    });

    it('queues a verification mail when the address changes, and not when it stays', async () => {
      const me = await signInAs(site.db, site.issuer, []);
      const save = (email: string) =>
        site.app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: me.headers,
          payload: { ...completeProfile, email },
        });
      await save(`mail-${me.user.id}@example.org`);
      await save(`mail-${me.user.id}@example.org`);
      const mails = await site.db
        .selectFrom('outbox')
        .selectAll()
        .where('channel', '=', 'email')
        .execute();
      const mine = mails.filter(
        (mail) => JSON.parse(mail.payload).to === `mail-${me.user.id}@example.org`,
      );
      expect(mine).toHaveLength(1);
      expect(JSON.parse(mine[0]?.payload ?? '{}').text).toMatch(
        /\/profile\/email-verification\/[A-Za-z0-9_-]{20,}/,
      );
    });
  });

  describe('e-mail verification', () => {
    async function userWithLink() {
      const me = await signInAs(site.db, site.issuer, []);
      const email = `verify-${me.user.id}@example.org`;
      await site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: me.headers,
        payload: { ...completeProfile, email },
      });
      const mail = await site.db
        .selectFrom('outbox')
        .select('payload')
        .where('payload', 'like', `%${email}%`)
        .executeTakeFirstOrThrow();
      const code =
        /email-verification\/([A-Za-z0-9_-]+)/.exec(JSON.parse(mail.payload).text)?.[1] ?? '';
      return { me, email, code };
    }
    const verify = (me: SignedIn, code: string) =>
      site.app.inject({
        method: 'PUT',
        url: `/api/users/me/email-verifications/${code}`,
        headers: me.headers,
      });

    it('activates the address once, and only once', async () => {
      const { me, code } = await userWithLink();
      expect((await verify(me, code)).statusCode).toBe(204);
      expect(
        (await site.app.inject({ method: 'GET', url: '/api/users/me', headers: me.headers })).json()
          .isEmailActivated,
      ).toBe(true);
      expect((await verify(me, code)).statusCode).toBe(400);
    });

    it('stores only a hash of the code', async () => {
      const { code } = await userWithLink();
      const row = await site.db
        .selectFrom('email_verifications')
        .selectAll()
        .where('code_hash', '=', hashVerificationCode(code))
        .executeTakeFirst();
      expect(row).toBeDefined();
      const plain = await site.db
        .selectFrom('email_verifications')
        .selectAll()
        .where('code_hash', '=', code)
        .executeTakeFirst();
      expect(plain).toBeUndefined();
    });

    it('refuses another user’s code', async () => {
      const { code } = await userWithLink();
      const other = await signInAs(site.db, site.issuer, []);
      expect((await verify(other, code)).statusCode).toBe(404);
    });

    it('refuses an expired code', async () => {
      const { me, code } = await userWithLink();
      await site.db
        .updateTable('email_verifications')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('code_hash', '=', hashVerificationCode(code))
        .execute();
      expect((await verify(me, code)).statusCode).toBe(400);
    });

    it('refuses a code for an address the user no longer has', async () => {
      const { me, code } = await userWithLink();
      await site.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: me.headers,
        payload: { ...completeProfile, email: `changed-${me.user.id}@example.org` },
      });
      expect((await verify(me, code)).statusCode).toBe(400);
    });

    it('accepts the code once when two requests race', async () => {
      const { me, code } = await userWithLink();
      const statuses = (await Promise.all([verify(me, code), verify(me, code)]))
        .map((response) => response.statusCode)
        .sort();
      expect(statuses).toEqual([204, 400]);
    });
  });

  describe('GET /api/users/email-addresses/{email}', () => {
    it('answers 200 when someone else has the address and 404 for the caller’s own', async () => {
      expect(
        (await call('Lanner', 'GET', '/api/users/email-addresses/SUBJECT@example.org')).statusCode,
      ).toBe(200);
      const own = await site.app.inject({
        method: 'GET',
        url: '/api/users/email-addresses/subject@example.org',
        headers: subject.headers,
      });
      expect(own.statusCode).toBe(404);
    });
  });

  describe('PUT /api/users/{id}', () => {
    it('keeps a system administrator from removing their own role', async () => {
      const admin = as.SystemAdministrator as SignedIn;
      const response = await site.app.inject({
        method: 'PUT',
        url: `/api/users/${admin.user.id}`,
        headers: admin.headers,
        payload: { roles: [] },
      });
      expect(response.statusCode).toBe(409);
    });

    it('lets a member administrator leave roles they may not grant as they are', async () => {
      const target = await signInAs(site.db, site.issuer, ['LanAdministrator']);
      const response = await call('MemberAdministrator', 'PUT', `/api/users/${target.user.id}`, {
        roles: ['LanAdministrator', 'Lanner'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().roles).toEqual(['Lanner', 'LanAdministrator']);
    });

    const rolesOf = async (user: SignedIn) =>
      (await call('SystemAdministrator', 'GET', `/api/users/${user.user.id}`)).json().roles;

    it('saves the profile and the role change together', async () => {
      const target = await signInAs(site.db, site.issuer, ['Lanner']);
      const email = `both-${target.user.id}@example.org`;
      const response = await call('MemberAdministrator', 'PUT', `/api/users/${target.user.id}`, {
        ...completeProfile,
        email,
        roles: ['Lanner', 'Member'],
      });
      expect(response.statusCode).toBe(200);
      const stored = (
        await call('SystemAdministrator', 'GET', `/api/users/${target.user.id}`)
      ).json();
      expect(stored).toMatchObject({ email, city: 'Utrecht', roles: ['Lanner', 'Member'] });
    });

    it('leaves the roles as they were when the profile is refused', async () => {
      const target = await signInAs(site.db, site.issuer, ['Lanner']);
      const response = await call('MemberAdministrator', 'PUT', `/api/users/${target.user.id}`, {
        ...completeProfile,
        email: 'subject@example.org',
        roles: ['Lanner', 'Member'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.email).toEqual(['Email is already used']);
      expect(await rolesOf(target)).toEqual(['Lanner']);
    });

    it('rolls the role change back when saving the profile fails after it', async () => {
      // The verification mail is queued after the roles were replaced, in the same
      // transaction; make that insert fail and nothing of the save may stay.
      const target = await signInAs(site.db, site.issuer, ['Lanner']);
      const isPostgres = dialectOf(site.db as never) === 'postgres';
      const failingInsert = isPostgres
        ? [
            `create function refuse_verification() returns trigger language plpgsql as
               $$ begin raise exception 'refused by the test'; end $$`,
            `create trigger refuse_verification before insert on email_verifications
               for each row execute function refuse_verification()`,
          ]
        : [
            `create trigger refuse_verification before insert on email_verifications
               begin select raise(abort, 'refused by the test'); end`,
          ];
      for (const statement of failingInsert) await sql.raw(statement).execute(site.db);
      try {
        const response = await call('MemberAdministrator', 'PUT', `/api/users/${target.user.id}`, {
          ...completeProfile,
          email: `rolled-back-${target.user.id}@example.org`,
          roles: ['Lanner', 'Member'],
        });
        expect(response.statusCode).toBe(500);
      } finally {
        const cleanUp = isPostgres
          ? [
              'drop trigger refuse_verification on email_verifications',
              'drop function refuse_verification()',
            ]
          : ['drop trigger refuse_verification'];
        for (const statement of cleanUp) await sql.raw(statement).execute(site.db);
      }
      const stored = (
        await call('SystemAdministrator', 'GET', `/api/users/${target.user.id}`)
      ).json();
      expect(stored.roles).toEqual(['Lanner']);
      expect(stored.email).not.toBe(`rolled-back-${target.user.id}@example.org`);
    });

    it('refuses an unknown role and answers 404 for an unknown user', async () => {
      expect(
        (
          await call('SystemAdministrator', 'PUT', `/api/users/${subject.user.id}`, {
            roles: ['Overlord'],
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('SystemAdministrator', 'PUT', '/api/users/999999', { roles: [] })).statusCode,
      ).toBe(404);
    });
  });
});

function all(status: number): Record<Caller, number> {
  return Object.fromEntries(callers.map((caller) => [caller, status])) as Record<Caller, number>;
}

function signedIn(status: number): Record<Caller, number> {
  return { ...all(status), anonymous: 401 };
}

/** 200 to these callers alone: 401 to an anonymous one, 403 to any other. */
function allowedTo(allowed: readonly Caller[]): Record<Caller, number> {
  return { ...signedIn(403), ...Object.fromEntries(allowed.map((caller) => [caller, 200])) };
}
