import { beforeAll, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import type { Caller, SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { findDueMessages } from '../outbox/outbox.repository.ts';
import { lannerWelcomeWaitMs } from './users.service.ts';

const callers: Caller[] = [
  'anonymous',
  'no role',
  'Lanner',
  'Member',
  'LanAdministrator',
  'MemberAdministrator',
  'SystemAdministrator',
];

const completeProfile = {
  firstName: 'Frag',
  surname: 'Master',
  city: 'Utrecht',
  birthDate: '1999-04-01',
};

type SignUp = {
  user: { id: number; nickname: string; roles: string[] };
  email: string | null;
  emailVerified: boolean;
  isProfileComplete: boolean;
  missingProfileFields: string[];
  creationDate: string;
};

describe.each(testEngines)('sign-ups on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers });

  const signUps = async (caller: Caller = 'MemberAdministrator', query = 'limit=100') => {
    const response = await api.request(as[caller], 'GET', `/api/sign-ups?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: SignUp[]; total: number; offset: number; limit: number };
  };
  const signedUpAt = async (who: SignedIn, date: Date) =>
    site.db
      .updateTable('users')
      .set({ creation_date: date.toISOString() })
      .where('id', '=', who.user.id)
      .execute();

  describe('GET /api/sign-ups', () => {
    it.each(callers)('as %s', async (caller) => {
      const response = await api.request(as[caller], 'GET', '/api/sign-ups');
      const wanted =
        caller === 'anonymous'
          ? 401
          : caller === 'MemberAdministrator' || caller === 'SystemAdministrator'
            ? 200
            : 403;
      expect(response.statusCode).toBe(wanted);
      if (wanted !== 200) expect(response.body).not.toContain('emailVerified');
    });

    it('lists the users without Lanner, newest first, with e-mail and profile state and what is missing', async () => {
      const hour = 60 * 60 * 1000;
      const complete = await api.person({ roles: [], ...completeProfile });
      const unverified = await api.person({ roles: [], mail: 'unverified', ...completeProfile });
      const bare = await api.person({ roles: [], mail: 'none' });
      const member = await api.person({ roles: ['Member'], ...completeProfile, city: null });
      const lanner = await api.person({ roles: ['Lanner'], ...completeProfile });
      const lanAdmin = await api.person({ roles: ['LanAdministrator'], ...completeProfile });
      // Signed up in another order than their ids: the newest is the first created.
      await signedUpAt(complete, new Date(Date.now() + hour));
      await signedUpAt(unverified, new Date(Date.now() - hour));
      await signedUpAt(bare, new Date(Date.now() - 2 * hour));
      await signedUpAt(member, new Date(Date.now() - 3 * hour));

      for (const caller of ['MemberAdministrator', 'SystemAdministrator'] as const) {
        const page = await signUps(caller);
        const ids = page.items.map((item) => item.user.id);
        expect(ids).not.toContain(lanner.user.id);
        expect(ids).not.toContain(lanAdmin.user.id);
        for (const item of page.items)
          expect(item.user.roles).toEqual(item.user.roles.filter((role) => role === 'Member'));
        const dates = page.items.map((item) => Date.parse(item.creationDate));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
        expect(ids[0]).toBe(complete.user.id);
        const ours = [complete, unverified, bare, member].map((who) => who.user.id);
        expect(ids.filter((id) => ours.includes(id))).toEqual(ours);

        const itemOf = (who: Person) => page.items.find((item) => item.user.id === who.user.id);
        expect(itemOf(complete)).toEqual({
          user: expect.objectContaining({ id: complete.user.id, roles: [] }),
          email: complete.email,
          emailVerified: true,
          isProfileComplete: true,
          missingProfileFields: [],
          creationDate: expect.any(String),
        });
        expect(itemOf(unverified)).toMatchObject({
          email: unverified.email,
          emailVerified: false,
          isProfileComplete: true,
          missingProfileFields: [],
        });
        expect(itemOf(bare)).toMatchObject({
          email: null,
          emailVerified: false,
          isProfileComplete: false,
          missingProfileFields: ['email', 'firstName', 'surname', 'city', 'birthDate'],
        });
        expect(itemOf(member)).toMatchObject({
          user: { roles: ['Member'] },
          emailVerified: true,
          isProfileComplete: false,
          missingProfileFields: ['city'],
        });
      }
    });

    it('counts and pages the sign-ups', async () => {
      const all = await signUps();
      const waiting = await site.db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('user_roles')
                .select('user_roles.user_id')
                .whereRef('user_roles.user_id', '=', 'users.id')
                .where('user_roles.role', 'in', [
                  'Lanner',
                  'LanAdministrator',
                  'MemberAdministrator',
                  'SystemAdministrator',
                ]),
            ),
          ),
        )
        .execute();
      expect(all.total).toBe(waiting.length);
      expect(all.items.map((item) => item.user.id).sort((a, b) => a - b)).toEqual(
        waiting.map((row) => row.id).sort((a, b) => a - b),
      );
      const second = await signUps('MemberAdministrator', 'offset=1&limit=2');
      expect(second).toMatchObject({ offset: 1, limit: 2, total: all.total });
      expect(second.items.map((item) => item.user.id)).toEqual(
        all.items.slice(1, 3).map((item) => item.user.id),
      );
      const bad = await api.request(as.MemberAdministrator, 'GET', '/api/sign-ups?limit=0');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('granting Lanner', () => {
    const grant = (who: SignedIn, roles: string[], caller: Caller = 'MemberAdministrator') =>
      api.request(as[caller], 'PUT', `/api/users/${who.user.id}`, { roles });
    const welcomesSince = async (mark: number) =>
      (await api.queuedSince(mark)).filter(
        (queued) => queued.channel === 'email' && queued.payload.subject === 'You are a lanner now',
      );
    const lanUrl = (id: number) => new URL(`lans/${id}`, site.config.publicUrl).href;
    const outboxRow = (id: number) =>
      site.db
        .selectFrom('outbox')
        .select(['next_attempt_at', 'cancelled_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // Runs before any lan exists on this site.
    it('points to the upcoming lans when no lan is open', async () => {
      const who = await api.person({ roles: [] });
      const mark = await api.outboxMark();
      expect((await grant(who, ['Lanner'])).statusCode).toBe(200);
      const [welcome, ...more] = await welcomesSince(mark);
      expect(more).toEqual([]);
      expect(welcome?.payload.text).toContain(new URL('lans/upcoming', site.config.publicUrl).href);
    });

    describe('with lans', () => {
      let next: { id: number; name: string };

      beforeAll(async () => {
        await api.createLan({ name: 'Later lan' }, 20);
        next = await api.createLan({ name: 'Next lan' }, 5);
        await api.createLan({ name: 'Hidden lan', isActive: false }, 2);
        await api.createLan({ name: 'Old lan' }, -30);
      });

      it('mails a verified address once, with a link to the next open lan', async () => {
        const who = await api.person({ roles: [] });
        const mark = await api.outboxMark();
        const response = await grant(who, ['Lanner']);
        expect(response.statusCode).toBe(200);
        expect(response.json().roles).toEqual(['Lanner']);
        const welcomes = await welcomesSince(mark);
        expect(welcomes.map((welcome) => welcome.payload.to)).toEqual([who.email]);
        const text = welcomes[0]?.payload.text ?? '';
        expect(text).toContain(`Hi ${who.user.nickname},`);
        expect(text).toContain(`The next lan is Next lan:\n\n${lanUrl(next.id)}\n`);
        expect(await api.queuedSince(mark)).toHaveLength(1);
      });

      it('mails a sign-up made lanner and member at once, by a system administrator', async () => {
        const who = await api.person({ roles: ['Member'] });
        const mark = await api.outboxMark();
        expect((await grant(who, ['Member', 'Lanner'], 'SystemAdministrator')).statusCode).toBe(
          200,
        );
        expect((await welcomesSince(mark)).map((welcome) => welcome.payload.to)).toEqual([
          who.email,
        ]);
      });

      it.each(['unverified', 'none'] as const)(
        'does not mail an address that is %s',
        async (mail) => {
          const who = await api.person({ roles: [], mail });
          const mark = await api.outboxMark();
          expect((await grant(who, ['Lanner'])).statusCode).toBe(200);
          expect(await api.queuedSince(mark)).toEqual([]);
          const page = await signUps();
          expect(page.items.map((item) => item.user.id)).not.toContain(who.user.id);
        },
      );

      it('does not mail one who was a lanner already', async () => {
        const who = await api.person({ roles: ['Lanner'] });
        const mark = await api.outboxMark();
        expect((await grant(who, ['Lanner', 'Member'])).statusCode).toBe(200);
        expect((await grant(who, ['Lanner'])).statusCode).toBe(200);
        expect(await api.queuedSince(mark)).toEqual([]);
      });

      it('does not mail when Member alone is granted', async () => {
        const who = await api.person({ roles: [] });
        const mark = await api.outboxMark();
        expect((await grant(who, ['Member'])).statusCode).toBe(200);
        expect(await api.queuedSince(mark)).toEqual([]);
      });

      it('holds the welcome a minute; taking the role back within it cancels it (the Undo)', async () => {
        const who = await api.person({ roles: ['Member'] });
        const mark = await api.outboxMark();
        const grantedAt = Date.now();
        expect((await grant(who, ['Member', 'Lanner'])).statusCode).toBe(200);
        const [welcome] = await welcomesSince(mark);
        if (!welcome) throw new Error('no welcome queued');
        const queued = await outboxRow(welcome.id);
        expect(new Date(queued.next_attempt_at).getTime()).toBeGreaterThanOrEqual(
          grantedAt + lannerWelcomeWaitMs,
        );
        expect(queued.cancelled_at).toBeNull();

        const undone = await grant(who, ['Member']);
        expect(undone.statusCode).toBe(200);
        expect(undone.json().roles).toEqual(['Member']);
        expect((await outboxRow(welcome.id)).cancelled_at).not.toBeNull();
        const later = new Date(Date.now() + 2 * lannerWelcomeWaitMs);
        expect(
          (await findDueMessages(site.db, ['email'], later)).map(({ id }) => id),
        ).not.toContain(welcome.id);
        expect((await signUps()).items.map((item) => item.user.id)).toContain(who.user.id);
      });

      it('sends the welcome of a lanner kept once the minute is over, and again after an undo and a grant', async () => {
        const who = await api.person({ roles: [] });
        const mark = await api.outboxMark();
        expect((await grant(who, ['Lanner'])).statusCode).toBe(200);
        expect((await grant(who, [])).statusCode).toBe(200);
        expect((await grant(who, ['Lanner'])).statusCode).toBe(200);
        const welcomes = await welcomesSince(mark);
        expect(welcomes).toHaveLength(2);
        const [first, second] = await Promise.all(welcomes.map(({ id }) => outboxRow(id)));
        expect(first?.cancelled_at).not.toBeNull();
        expect(second?.cancelled_at).toBeNull();
        const later = new Date(Date.now() + 2 * lannerWelcomeWaitMs);
        const due = (await findDueMessages(site.db, ['email'], later)).map(({ id }) => id);
        expect(due).toContain(welcomes[1]?.id);
        expect(due).not.toContain(welcomes[0]?.id);
      });

      it('mails nothing when the grant is refused', async () => {
        const who = await api.person({ roles: [] });
        const mark = await api.outboxMark();
        expect((await grant(who, ['Lanner'], 'LanAdministrator')).statusCode).toBe(403);
        expect((await grant(who, ['Lanner', 'LanAdministrator'])).statusCode).toBe(403);
        expect(await api.queuedSince(mark)).toEqual([]);
        expect((await signUps()).items.map((item) => item.user.id)).toContain(who.user.id);
      });
    });
  });
});
