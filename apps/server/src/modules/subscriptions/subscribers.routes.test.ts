import type { SubscriberStatus } from '@lanparty/contract';
import { describe, expect, it } from 'vitest';
import { buildLanBody, insertPastLan } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, lanApiCallers, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const callers = lanApiCallers;
const isAdmin = (caller: Caller) =>
  caller === 'LanAdministrator' || caller === 'SystemAdministrator';

describe.each(testEngines)('the subscribers API on %s', (engine) => {
  const { site, api, as, call } = setUpOrganiserSite(engine, { callers });
  const { request, createLan, admin, subscribe, countRows } = api;

  const lanner = () => signInAs(site.db, site.issuer, ['Lanner']);
  const setStatus = (id: number, status: string) =>
    request(admin, 'PUT', `/api/subscribers/${id}/status:${status}`);

  describe('authorization matrix', () => {
    it.each(callers)('POST /api/subscribers for oneself as %s', async (caller) => {
      const lan = await createLan();
      const who = as[caller];
      const response = await call(caller, 'POST', '/api/subscribers', {
        lanId: lan.id,
        userId: who?.user.id ?? 1,
      });
      const wanted =
        caller === 'anonymous' ? 401 : caller === 'Lanner' || isAdmin(caller) ? 201 : 403;
      expect(response.statusCode).toBe(wanted);
    });

    it.each(callers)('POST /api/subscribers for someone else as %s', async (caller) => {
      const lan = await createLan();
      const other = await lanner();
      const response = await call(caller, 'POST', '/api/subscribers', {
        lanId: lan.id,
        userId: other.user.id,
      });
      expect(response.statusCode).toBe(caller === 'anonymous' ? 401 : isAdmin(caller) ? 201 : 403);
    });

    it.each(callers)('PUT status and presence as %s', async (caller) => {
      const lan = await createLan();
      const subscriber = await subscribe(lan.id, await lanner());
      const wanted = caller === 'anonymous' ? 401 : isAdmin(caller) ? 200 : 403;
      expect(
        (await call(caller, 'PUT', `/api/subscribers/${subscriber.id}/status:paid`)).statusCode,
      ).toBe(wanted);
      expect(
        (await call(caller, 'PUT', `/api/subscribers/${subscriber.id}/present:true`)).statusCode,
      ).toBe(caller === 'anonymous' ? 401 : isAdmin(caller) ? 200 : 403);
    });

    it.each(callers)('DELETE another user’s subscription as %s', async (caller) => {
      const lan = await createLan();
      const subscriber = await subscribe(lan.id, await lanner());
      const response = await call(caller, 'DELETE', `/api/subscribers/${subscriber.id}`);
      expect(response.statusCode).toBe(caller === 'anonymous' ? 401 : isAdmin(caller) ? 204 : 403);
    });

    it.each(callers)('GET /api/users/me/subscriptions as %s', async (caller) => {
      expect((await call(caller, 'GET', '/api/users/me/subscriptions')).statusCode).toBe(
        caller === 'anonymous' ? 401 : 200,
      );
    });
  });

  describe('subscribing', () => {
    it('creates a Pending subscription shown on the lan', async () => {
      const lan = await createLan();
      const who = await lanner();
      const subscriber = await subscribe(lan.id, who);
      expect(subscriber).toMatchObject({
        status: 'Pending',
        present: null,
        user: { id: who.user.id },
        lan: { id: lan.id },
      });
      const shown = (await request(undefined, 'GET', `/api/lans/${lan.id}`)).json();
      expect(shown.subscribers.map((s: { id: number }) => s.id)).toEqual([subscriber.id]);
      const page = (await request(undefined, 'GET', `/api/lans/${lan.id}/subscribers`)).json();
      expect(page).toMatchObject({ total: 1, offset: 0, limit: 20 });
    });

    it.each([
      ['an inactive lan', { isActive: false }, 0, 'The lan is not active.'],
      ['a closed lan', {}, -5, 'The lan is closed.'],
      ['a full lan', { maximumSubcribers: 0 }, 10, 'The lan is full.'],
    ])('refuses a subscription to %s with 409', async (_name, overrides, days, detail) => {
      const lan = await createLan(overrides, days as number);
      const who = await lanner();
      const before = await countRows('subscribers');
      const response = await request(who, 'POST', '/api/subscribers', {
        lanId: lan.id,
        userId: who.user.id,
      });
      // An inactive lan is hidden from a lanner: it does not exist for them.
      expect(response.statusCode).toBe(detail === 'The lan is not active.' ? 404 : 409);
      if (response.statusCode === 409) expect(response.json().detail).toBe(detail);
      expect(await countRows('subscribers')).toBe(before);
    });

    it('refuses a subscription to an inactive lan by an administrator with 409', async () => {
      const lan = await createLan({ isActive: false });
      const response = await request(admin, 'POST', '/api/subscribers', {
        lanId: lan.id,
        userId: admin.user.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('The lan is not active.');
    });

    it('refuses a second subscription to the same lan', async () => {
      const lan = await createLan();
      const who = await lanner();
      await subscribe(lan.id, who);
      const response = await request(who, 'POST', '/api/subscribers', {
        lanId: lan.id,
        userId: who.user.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('You are already subscribed to this lan.');
    });

    it('keeps one subscription when one user subscribes 20 times at once', async () => {
      const lan = await createLan();
      const who = await lanner();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(who, 'POST', '/api/subscribers', { lanId: lan.id, userId: who.user.id }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const rows = await site.db
        .selectFrom('subscribers')
        .selectAll()
        .where('lan_id', '=', lan.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ lanId: 'one', userId: 1 }],
      [{ lanId: 0, userId: 1 }],
      [{ lanId: 1.5, userId: 1 }],
      [{ lanId: 1 }],
      [{ userId: 1 }],
      [{ lanId: 1, userId: -3 }],
    ])('refuses the body %j with 400', async (body) => {
      const before = await countRows('subscribers');
      expect((await request(admin, 'POST', '/api/subscribers', body)).statusCode).toBe(400);
      expect(await countRows('subscribers')).toBe(before);
    });

    it('answers 404 for an unknown lan or user', async () => {
      const lan = await createLan();
      expect(
        (await request(admin, 'POST', '/api/subscribers', { lanId: 999999, userId: admin.user.id }))
          .statusCode,
      ).toBe(404);
      expect(
        (await request(admin, 'POST', '/api/subscribers', { lanId: lan.id, userId: 999999 }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('status and presence', () => {
    it('lets exactly 10 of 50 simultaneous accepts through on a lan with 10 places', async () => {
      const lan = await createLan({ maximumSubcribers: 50 });
      const subscribers = [];
      for (let i = 0; i < 50; i += 1) subscribers.push(await subscribe(lan.id, await lanner()));
      await request(admin, 'PUT', `/api/lans/${lan.id}`, {
        ...buildLanBody({ maximumSubcribers: 10 }),
        id: lan.id,
      });
      const outboxBefore = await countRows('outbox');
      const responses = await Promise.all(
        subscribers.map((subscriber, index) =>
          setStatus(subscriber.id, index % 2 ? 'accepted' : 'paid'),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(40);
      expect(await api.takenPlaces(lan.id)).toBe(10);
      const accepted = responses.filter(
        (response, index) => response.statusCode === 200 && index % 2,
      ).length;
      // Only committed accepts are announced; refused ones roll back with their message.
      expect(await countRows('outbox')).toBe(outboxBefore + accepted);
    });

    it('refuses to accept over capacity with "The lan is full." and queues nothing', async () => {
      const lan = await createLan({ maximumSubcribers: 1 });
      const first = await subscribe(lan.id, await lanner());
      const second = await subscribe(lan.id, await lanner());
      expect((await setStatus(first.id, 'accepted')).statusCode).toBe(200);
      const before = await countRows('outbox');
      const refused = await setStatus(second.id, 'accepted');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe('The lan is full.');
      expect(await countRows('outbox')).toBe(before);
      // Moving within the places taken is fine: Accepted → Paid.
      expect((await setStatus(first.id, 'paid')).statusCode).toBe(200);
    });

    it('queues one chat message when a subscriber becomes Accepted', async () => {
      const lan = await createLan();
      const subscriber = await subscribe(lan.id, await lanner());
      const key = `subscriber-accepted:${subscriber.id}`;
      const count = async () =>
        (await site.db.selectFrom('outbox').select('id').where('dedupe_key', '=', key).execute())
          .length;
      expect((await setStatus(subscriber.id, 'denied')).statusCode).toBe(200);
      expect(await count()).toBe(0);
      expect((await setStatus(subscriber.id, 'accepted')).statusCode).toBe(200);
      expect(await count()).toBe(1);
      // A correction within the places (Paid back to Accepted) is not news…
      expect((await setStatus(subscriber.id, 'paid')).statusCode).toBe(200);
      expect((await setStatus(subscriber.id, 'accepted')).statusCode).toBe(200);
      // …taking a place again is.
      expect((await setStatus(subscriber.id, 'pending')).statusCode).toBe(200);
      expect((await setStatus(subscriber.id, 'accepted')).statusCode).toBe(200);
      const keys = await site.db
        .selectFrom('outbox')
        .select('dedupe_key')
        .where('dedupe_key', 'like', `${key}%`)
        .orderBy('id')
        .execute();
      expect(keys.map((row) => row.dedupe_key)).toEqual([key, `${key}:2`]);
    });

    it('marks presence only on Paid and forgets it when leaving Paid', async () => {
      const lan = await createLan();
      const subscriber = await subscribe(lan.id, await lanner());
      const refused = await request(admin, 'PUT', `/api/subscribers/${subscriber.id}/present:true`);
      expect(refused.statusCode).toBe(409);
      await setStatus(subscriber.id, 'paid');
      const marked = await request(admin, 'PUT', `/api/subscribers/${subscriber.id}/present:false`);
      expect(marked.json()).toMatchObject({ status: 'Paid', present: false });
      expect((await setStatus(subscriber.id, 'accepted')).json()).toMatchObject({
        status: 'Accepted',
        present: null,
      });
    });

    it.each(['status:unknown', 'status:Paid', 'present:maybe', 'absent:true', 'status', 'status:'])(
      'refuses the action %s with 400',
      async (action) => {
        const lan = await createLan();
        const subscriber = await subscribe(lan.id, await lanner());
        expect(
          (await request(admin, 'PUT', `/api/subscribers/${subscriber.id}/${action}`)).statusCode,
        ).toBe(400);
      },
    );

    it('answers 404 for an unknown subscriber', async () => {
      expect((await setStatus(999999, 'paid')).statusCode).toBe(404);
      expect((await request(admin, 'PUT', '/api/subscribers/999999/present:true')).statusCode).toBe(
        404,
      );
      expect((await request(admin, 'DELETE', '/api/subscribers/999999')).statusCode).toBe(404);
    });
  });

  describe('withdrawal and deletion', () => {
    it.each([
      ['Pending', undefined, 204],
      ['Accepted', 'accepted', 204],
      ['Paid', 'paid', 409],
      ['Denied', 'denied', 409],
    ])('lets the owner withdraw a %s subscription: %s', async (_status, action, wanted) => {
      const lan = await createLan();
      const who = await lanner();
      const subscriber = await subscribe(lan.id, who);
      if (action) await setStatus(subscriber.id, action);
      expect((await request(who, 'DELETE', `/api/subscribers/${subscriber.id}`)).statusCode).toBe(
        wanted,
      );
    });

    it('lets an administrator withdraw a Paid subscription', async () => {
      const lan = await createLan();
      const subscriber = await subscribe(lan.id, await lanner());
      await setStatus(subscriber.id, 'paid');
      expect((await request(admin, 'DELETE', `/api/subscribers/${subscriber.id}`)).statusCode).toBe(
        204,
      );
    });

    it('refuses to delete a lan with Paid subscribers, and deletes the others with their lan', async () => {
      const lan = await createLan();
      const paid = await subscribe(lan.id, await lanner());
      const pending = await subscribe(lan.id, await lanner());
      await setStatus(paid.id, 'paid');
      const refused = await request(admin, 'DELETE', `/api/lans/${lan.id}`);
      expect(refused.statusCode).toBe(409);
      await setStatus(paid.id, 'accepted');
      expect((await request(admin, 'DELETE', `/api/lans/${lan.id}`)).statusCode).toBe(204);
      const left = await site.db
        .selectFrom('subscribers')
        .select('id')
        .where('id', 'in', [paid.id, pending.id])
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses to lower the maximum below the places taken', async () => {
      const lan = await createLan({ maximumSubcribers: 2 });
      const subscriber = await subscribe(lan.id, await lanner());
      await setStatus(subscriber.id, 'accepted');
      const response = await request(admin, 'PUT', `/api/lans/${lan.id}`, {
        ...buildLanBody({ maximumSubcribers: 0 }),
        id: lan.id,
      });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('own subscriptions and stats', () => {
    it('lists the user’s subscriptions with their lan, newest first, inactive hidden', async () => {
      const who = await lanner();
      const older = await createLan({}, 5);
      const newer = await createLan({}, 20);
      await subscribe(older.id, who);
      await subscribe(newer.id, who);
      await request(admin, 'PUT', `/api/lans/${older.id}`, {
        ...buildLanBody({ isActive: false }, 5),
        id: older.id,
      });
      const page = (await request(who, 'GET', '/api/users/me/subscriptions')).json();
      expect(page.total).toBe(1);
      expect(page.items[0].lan.id).toBe(newer.id);
    });

    it('counts the lans the user attended: marked present at an active lan that ended', async () => {
      const who = await lanner();
      const insertPast = (daysAgo: number) =>
        insertPastLan(site.db, { name: `past ${daysAgo}`, daysAgo });
      const attend = async (lanId: number, status: SubscriberStatus, present: boolean | null) => {
        const now = new Date().toISOString();
        await site.db
          .insertInto('subscribers')
          .values({
            lan_id: lanId,
            user_id: who.user.id,
            status,
            present,
            creation_date: now,
            modification_date: now,
          })
          .execute();
      };
      const early = await insertPast(100);
      const latest = await insertPast(50);
      await attend(early.id, 'Paid', true);
      await attend(latest.id, 'Paid', true);
      await attend((await insertPast(40)).id, 'Paid', null);
      await attend((await insertPast(30)).id, 'Paid', false);
      await attend((await insertPast(20)).id, 'Accepted', null);
      // Present at a lan under way (started a day ago, ends tomorrow): not attended yet.
      await attend(
        (await insertPastLan(site.db, { name: 'running', daysAgo: 1 })).id,
        'Paid',
        true,
      );
      const hidden = await insertPast(10);
      await site.db
        .updateTable('lans')
        .set({ is_active: false })
        .where('id', '=', hidden.id)
        .execute();
      await attend(hidden.id, 'Paid', true);
      await attend((await createLan({}, 10)).id, 'Paid', null);
      const user = (await request(undefined, 'GET', `/api/users/${who.user.id}`)).json();
      expect(user.stats.numberOfLans).toBe(2);
      expect(new Date(user.stats.lastLanOn).getTime()).toBe(new Date(latest.start_date).getTime());
      // The own profile counts them the same (its own query, one for stats and avatar).
      expect((await request(who, 'GET', '/api/users/me')).json().stats).toEqual(user.stats);
    });
  });
});
