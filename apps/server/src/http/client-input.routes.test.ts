import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../test/lans.ts';
import { setUpOrganiserSite } from '../../test/organiser.ts';
import type { SignedIn } from '../../test/signed-in.ts';
import { testEngines } from '../../test/test-database.ts';

/**
 * Inputs that once made the server answer 500 (seen in an attacker's trial), and the
 * answers both engines must now give the same way.
 */
describe.each(testEngines)('what clients send, on %s', (engine) => {
  const { api, as } = setUpOrganiserSite(engine, {
    callers: ['Lanner', 'LanAdministrator', 'SystemAdministrator'],
  });
  const { request: send, admin: lanAdmin } = api;
  // Signed in before the first test.
  const lanner = () => as.Lanner as SignedIn;

  const completeProfile = {
    email: 'nul-test@example.org',
    firstName: 'Ada',
    surname: 'Lovelace',
    city: 'London',
    birthDate: '1990-12-10',
  };

  it('answers an address with a broken %-escape with a 400 problem', async () => {
    for (const url of ['/api/lans/%ZZ', '/api/users/%E0%A4%A', '/oidc/interaction/%ZZ']) {
      const response = await send(lanner(), 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
      expect(response.json().detail, url).toBe(
        'The address is not valid: it holds a broken %-escape.',
      );
    }
  });

  describe('the NUL character', () => {
    it('is refused in a profile field, naming the field, and nothing is saved', async () => {
      const response = await send(lanner(), 'PUT', '/api/users/me', {
        ...completeProfile,
        firstName: 'A\u0000da',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        firstName: ['Must not contain the NUL character (U+0000)'],
      });
      // Not reported as an address someone else has, although the address changed.
      expect(response.body).not.toContain('already used');
      const me = (await send(lanner(), 'GET', '/api/users/me')).json();
      expect(me.firstName).toBeNull();
      expect(me.email).toBeNull();
    });

    it('is refused in a lan name', async () => {
      const response = await send(
        lanAdmin,
        'POST',
        '/api/lans',
        buildLanBody({ name: 'Win\u0000ter' }),
      );
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['name']);
    });

    it('is refused in a path', async () => {
      const response = await send(lanner(), 'GET', '/api/users/email-addresses/a%00b');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['email']);
    });

    it('is refused in a query', async () => {
      const response = await send(undefined, 'GET', '/api/lans?sort=start-date%00');
      expect(response.statusCode).toBe(400);
      // The NUL is named before the value is checked at all.
      expect(response.json().errors).toEqual({
        sort: ['Must not contain the NUL character (U+0000)'],
      });
    });
  });

  describe('dates', () => {
    it.each(['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2200-01-01T00:00:00Z'])(
      'refuses untilDate %s',
      async (date) => {
        const response = await send(
          undefined,
          'GET',
          `/api/lans?untilDate=${encodeURIComponent(date)}`,
        );
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().errors)).toEqual(['untilDate']);
      },
    );

    it('accepts the first and last supported years', async () => {
      for (const date of ['1900-01-01T00:00:00Z', '2199-12-31T23:59:59Z', '1900-01-01']) {
        const response = await send(
          undefined,
          'GET',
          `/api/lans?sinceDate=${encodeURIComponent(date)}`,
        );
        expect(response.statusCode).toBe(200);
      }
    });

    it('refuses a lan that starts in the year 0', async () => {
      const response = await send(
        lanAdmin,
        'POST',
        '/api/lans',
        buildLanBody({ startDate: '0000-01-01T00:00:00Z', endDate: '0000-01-03T00:00:00Z' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.startDate).toEqual([
        'Start date must be between the years 1900 and 2199',
      ]);
    });

    it('refuses a birth date in the year 0', async () => {
      const response = await send(lanner(), 'PUT', '/api/users/me', {
        ...completeProfile,
        birthDate: '0000-01-01',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['birthDate']);
    });
  });

  describe('ids in paths and numbers in queries', () => {
    it.each(['+1', '0x1F', '1.0', '%201', '1e0', '01', '-1', '0', '99999999999'])(
      'reads /api/users/%s as no id',
      async (id) => {
        const response = await send(undefined, 'GET', `/api/users/${id}`);
        expect(response.statusCode).toBe(400);
      },
    );

    it('reads a plain id', async () => {
      expect((await send(undefined, 'GET', `/api/users/${lanner().user.id}`)).statusCode).toBe(200);
    });

    it.each(['limit=0x10', 'limit=1.0', 'offset=+1', 'limit=', 'limit=1&limit=2'])(
      'refuses the paging %s',
      async (query) => {
        expect((await send(undefined, 'GET', `/api/lans?${query}`)).statusCode).toBe(400);
      },
    );

    it('takes a month with or without its leading zero', async () => {
      for (const month of ['3', '03']) {
        const response = await send(
          lanner(),
          'GET',
          `/api/stats/leader-boards/users/months/2025/${month}`,
        );
        expect(response.statusCode).toBe(200);
      }
      const bad = await send(lanner(), 'GET', '/api/stats/leader-boards/users/months/2025/0x3');
      expect(bad.statusCode).toBe(400);
    });
  });

  it('answers one 204 and otherwise 404 when one subscription is withdrawn ten times at once', async () => {
    const lan = (await send(lanAdmin, 'POST', '/api/lans', buildLanBody())).json() as {
      id: number;
    };
    const subscription = (
      await send(lanner(), 'POST', '/api/subscribers', { lanId: lan.id, userId: lanner().user.id })
    ).json() as { id: number };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(lanner(), 'DELETE', `/api/subscribers/${subscription.id}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([204, ...Array<number>(9).fill(404)]);
  });

  describe('caching of personal answers', () => {
    it('keeps the own profile out of every cache', async () => {
      for (const url of [
        '/api/users/me',
        '/api/users/me/subscriptions',
        `/api/users/${lanner().user.id}`,
      ]) {
        const response = await send(lanner(), 'GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('says on every API answer the minute it was written on the community’s clocks', async () => {
      const before = Math.floor(Date.now() / 60_000) * 60_000;
      for (const [who, url] of [
        [lanner(), '/api/users/me'],
        [undefined, '/api/lans'],
        [undefined, '/api/no-such-thing'],
      ] as const) {
        const response = await send(who, 'GET', url);
        const written = String(response.headers['x-community-time']);
        // Europe/Amsterdam: +01:00 in winter, +02:00 in summer.
        expect(written).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000\+0[12]:00$/);
        expect(Date.parse(written)).toBeGreaterThanOrEqual(before);
        expect(Date.parse(written)).toBeLessThanOrEqual(Date.now());
      }
    });

    it('keeps a profile shown to an administrator out of every cache', async () => {
      const response = await send(as.SystemAdministrator, 'GET', `/api/users/${lanner().user.id}`);
      expect(response.headers['cache-control']).toBe('private, no-store');
    });
  });
});
