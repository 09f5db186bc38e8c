import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { insertSubscriberRow, serviceDepsOn, useSecondPool } from '../../../test/services.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { Viewer } from '../auth/viewer.ts';
import { createLan, updateLan } from '../lans/lans.service.ts';
import { setSubscriberStatus, withdraw } from './subscribers.service.ts';

/*
 * A full lan with a waitlist under 20 simultaneous withdrawals and denials, without HTTP
 * in between so the transactions really overlap. On PostgreSQL the changes go through two
 * connection pools at once — two servers on one database. Whatever the interleaving, the
 * lan never holds more than its maximum, and exactly as many move up as places freed, in
 * waitlist order.
 */
describe.each(testEngines)('the waitlist under concurrency on %s', (engine) => {
  const { site, adminViewer: admin } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);

  /**
   * `count` lanners on a lan of 10 places, subscribed one second apart: 5 Accepted and 5 Paid
   * hold its places, the rest wait (Pending) in that order.
   */
  async function fillLan(lanId: number, count: number) {
    const people: { viewer: Viewer; subscriberId: number }[] = [];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let index = 0; index < count; index += 1) {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner']);
      const status = index < 5 ? 'Accepted' : index < 10 ? 'Paid' : 'Pending';
      const subscriberId = await insertSubscriberRow(site.db, {
        lanId,
        userId: user.id,
        status,
        at: new Date(start + index * 1000),
        amountDueCents: status === 'Pending' ? null : 2500,
      });
      people.push({ viewer: { user, roles: ['Lanner'] }, subscriberId });
    }
    return { placeHolders: people.slice(0, 10), waitlist: people.slice(10) };
  }

  const statusesOnLan = (lanId: number) =>
    site.db
      .selectFrom('subscribers')
      .select(['id', 'status'])
      .where('lan_id', '=', lanId)
      .execute();

  it('never oversells and moves up exactly as many as freed, in order', async () => {
    const deps = serviceDepsOn(site.db);
    const lan = await createLan(deps, admin, {
      ...buildLanBody({ name: 'Crowded Lan', maximumSubcribers: 10, isActive: true }),
      location: null,
    });
    // 10 places taken (5 Accepted, 5 Paid), then 25 on the waitlist, one second apart.
    const { placeHolders, waitlist } = await fillLan(lan.id, 35);

    // Owners withdraw their Accepted places (5) and an administrator denies the Paid ones
    // (5): 10 places free. At the same time the last 10 of the waitlist, who can never
    // move up, withdraw (5) or are denied (5).
    const changes: (() => Promise<unknown>)[] = [
      ...placeHolders.slice(0, 5).map(
        ({ viewer, subscriberId }) =>
          () =>
            withdraw(deps, viewer, subscriberId),
      ),
      ...placeHolders.slice(5).map(
        ({ subscriberId }, index) =>
          () =>
            setSubscriberStatus(
              serviceDepsOn(index % 2 ? second() : site.db),
              admin,
              subscriberId,
              'Denied',
            ),
      ),
      ...waitlist.slice(15, 20).map(
        ({ viewer, subscriberId }, index) =>
          () =>
            withdraw(serviceDepsOn(index % 2 ? site.db : second()), viewer, subscriberId),
      ),
      ...waitlist.slice(20).map(
        ({ subscriberId }) =>
          () =>
            setSubscriberStatus(deps, admin, subscriberId, 'Denied'),
      ),
    ];
    expect(changes).toHaveLength(20);
    const startedAt = performance.now();
    const results = await Promise.allSettled(changes.map((change) => change()));
    const elapsedMs = performance.now() - startedAt;

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const rows = await statusesOnLan(lan.id);
    const statusOf = new Map(rows.map((row) => [row.id, row.status]));
    const taken = rows.filter((row) => row.status === 'Accepted' || row.status === 'Paid');
    expect(taken).toHaveLength(10);
    // The first 10 of the waitlist moved up; the next 5 still wait, in order.
    expect(waitlist.slice(0, 10).map(({ subscriberId }) => statusOf.get(subscriberId))).toEqual(
      Array(10).fill('Accepted'),
    );
    expect(waitlist.slice(10, 15).map(({ subscriberId }) => statusOf.get(subscriberId))).toEqual(
      Array(5).fill('Pending'),
    );
    // Each who moved up owes the lan's price, fixed as they moved up.
    const owed = await site.db
      .selectFrom('subscribers')
      .select('amount_due_cents')
      .where(
        'id',
        'in',
        waitlist.slice(0, 10).map(({ subscriberId }) => subscriberId),
      )
      .execute();
    expect(owed.every((row) => row.amount_due_cents !== null)).toBe(true);
    // One "place opened up" e-mail per move-up at most (only verified addresses get one),
    // and one chat acceptance each.
    const announced = await site.db
      .selectFrom('outbox')
      .select('dedupe_key')
      .where('dedupe_key', 'like', 'subscriber-accepted:%')
      .where(
        'dedupe_key',
        'in',
        waitlist.slice(0, 10).map(({ subscriberId }) => `subscriber-accepted:${subscriberId}`),
      )
      .execute();
    expect(announced).toHaveLength(10);
    console.info(
      `[waitlist concurrency, ${engine}] 20 changes at once in ${Math.round(elapsedMs)} ms: ` +
        `${taken.length} of 10 places taken, 10 moved up, 5 still waiting`,
    );
  });

  it('moves up exactly as many as freed while inactive and as it is made active, in order', async () => {
    // Decision 032: withdrawals and denials of an inactive lan at the same moment as it is
    // made active again. Whichever runs first under the lan's lock, the places freed while
    // it was inactive are held for the waitlist and the rest free on an active lan.
    const deps = serviceDepsOn(site.db);
    const body = buildLanBody({ name: 'Paused Lan', maximumSubcribers: 10, isActive: true });
    const lan = await createLan(deps, admin, { ...body, location: null });
    const { placeHolders, waitlist } = await fillLan(lan.id, 25);
    const update = (isActive: boolean) => ({
      ...body,
      isActive,
      id: lan.id,
      locationInvoiceNumber: null,
      locationIsPayed: false,
    });
    await updateLan(deps, admin, lan.id, update(false));

    const changes: (() => Promise<unknown>)[] = [
      ...placeHolders.slice(0, 5).map(
        ({ viewer, subscriberId }, index) =>
          () =>
            withdraw(serviceDepsOn(index % 2 ? second() : site.db), viewer, subscriberId),
      ),
      ...placeHolders.slice(5).map(
        ({ subscriberId }, index) =>
          () =>
            setSubscriberStatus(
              serviceDepsOn(index % 2 ? site.db : second()),
              admin,
              subscriberId,
              'Denied',
            ),
      ),
    ];
    // The reactivation in the middle of them, through the second pool.
    changes.splice(5, 0, () => updateLan(serviceDepsOn(second()), admin, lan.id, update(true)));
    const results = await Promise.allSettled(changes.map((change) => change()));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    const rows = await statusesOnLan(lan.id);
    const statusOf = new Map(rows.map((row) => [row.id, row.status]));
    expect(rows.filter((row) => row.status === 'Accepted' || row.status === 'Paid')).toHaveLength(
      10,
    );
    expect(waitlist.map(({ subscriberId }) => statusOf.get(subscriberId))).toEqual([
      ...Array(10).fill('Accepted'),
      ...Array(5).fill('Pending'),
    ]);
    const announced = await site.db
      .selectFrom('outbox')
      .select('dedupe_key')
      .where(
        'dedupe_key',
        'in',
        waitlist.map(({ subscriberId }) => `subscriber-accepted:${subscriberId}`),
      )
      .execute();
    expect(announced).toHaveLength(10);
    const held = await site.db
      .selectFrom('lans')
      .select(['is_active', 'is_waitlist_held'])
      .where('id', '=', lan.id)
      .executeTakeFirstOrThrow();
    expect([Boolean(held.is_active), Boolean(held.is_waitlist_held)]).toEqual([true, false]);
  });
});
