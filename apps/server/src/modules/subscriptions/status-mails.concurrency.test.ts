import type { SubscriberStatus } from '@lanparty/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { insertSubscriberRow, serviceDepsOn, useSecondPool } from '../../../test/services.ts';
import { signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { createLan } from '../lans/lans.service.ts';
import type { EmailMessage } from '../outbox/outbox.repository.ts';
import { deliverDueMessages } from '../outbox/outbox.worker.ts';
import { statusMailThread } from './status-mails.ts';
import { setSubscriberStatus } from './subscribers.service.ts';

const log = pino({ level: 'silent' });

/*
 * The status mails' minute with several servers on one database (decision 034): the
 * changes of one subscription through two connection pools at once, and a worker of one
 * server sending while another server's change would cancel. No HTTP in between, so the
 * transactions really overlap; on SQLite they take turns.
 */
describe.each(testEngines)('status mails under concurrency on %s', (engine) => {
  const { site, adminViewer: admin } = setUpOrganiserSite(engine);
  const second = useSecondPool(site);
  const start = Date.parse('2030-01-07T10:00:00Z');

  const depsOn = (db: AppDatabase, at: number) =>
    serviceDepsOn(db, { isChatOn: false, clock: () => new Date(at) });

  /** `count` lanners with verified addresses, Pending on a new lan with room for all. */
  const pendingLanners = async (count: number) => {
    const lan = await createLan(depsOn(site.db, start), admin, {
      ...buildLanBody({ maximumSubcribers: 50, isActive: true }, 400),
      location: null,
    });
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const { user } = await signInAs(site.db, site.issuer, ['Lanner'], {
        email: `busy-${engine}-${lan.id}-${index}@example.org`,
      });
      await site.db
        .updateTable('users')
        .set({ is_email_activated: true })
        .where('id', '=', user.id)
        .execute();
      ids.push(
        await insertSubscriberRow(site.db, {
          lanId: lan.id,
          userId: user.id,
          status: 'Pending',
          at: new Date(start),
        }),
      );
    }
    return ids;
  };

  const threadRows = (subscriberId: number) =>
    site.db
      .selectFrom('outbox')
      .select(['id', 'payload', 'thread_origin', 'delivered_at', 'cancelled_at'])
      .where('thread_key', '=', statusMailThread(subscriberId))
      .orderBy('id')
      .execute();

  const subjectOf = (status: SubscriberStatus) =>
    ({
      Accepted: 'You are accepted for Winter lan',
      Paid: 'Receipt: you have paid for Winter lan',
      Denied: 'Your subscription to Winter lan was denied',
      Pending: 'Your subscription to Winter lan is pending again',
    })[status];

  it('leaves one waiting mail, for the last of simultaneous changes, or none when it is back', async () => {
    const ids = await pendingLanners(4);
    const cycle: SubscriberStatus[] = ['Accepted', 'Paid', 'Denied', 'Pending', 'Accepted'];
    const changes = ids.flatMap((id, person) =>
      Array.from({ length: 10 }, (_, index) => {
        const status = cycle[(index + person) % cycle.length] as SubscriberStatus;
        return () =>
          setSubscriberStatus(depsOn(index % 2 ? second() : site.db, start), admin, id, status);
      }),
    );
    const results = await Promise.allSettled(changes.map((change) => change()));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    for (const id of ids) {
      const { status } = await site.db
        .selectFrom('subscribers')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const waiting = (await threadRows(id)).filter((row) => row.cancelled_at === null);
      if (status === 'Pending') {
        // Back to what they knew: nothing to tell.
        expect(waiting).toEqual([]);
      } else {
        expect(waiting).toHaveLength(1);
        expect(JSON.parse(waiting[0]?.payload ?? '{}').subject).toBe(
          subjectOf(status as SubscriberStatus),
        );
        expect(waiting[0]?.thread_origin).toBe('Pending');
      }
    }
    // A minute on, each sends at most its one mail, for the status it has now.
    const sent: EmailMessage[] = [];
    await deliverDueMessages(
      site.db,
      { email: async (mail) => void sent.push(mail) },
      log,
      new Date(start + 60_000),
    );
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(sent.length);
  });

  it('sends a mail a worker took first, and tells the change after it on its own', async () => {
    const ids = await pendingLanners(10);
    for (const id of ids) await setSubscriberStatus(depsOn(site.db, start), admin, id, 'Accepted');

    // One server's worker, its clock a minute and a second on, sends while another
    // server, 30 s on, sets them all back to Pending.
    const sent: EmailMessage[] = [];
    const worker = deliverDueMessages(
      second(),
      { email: async (mail) => void sent.push(mail) },
      log,
      new Date(start + 61_000),
    );
    const corrections = ids.map((id, index) =>
      setSubscriberStatus(
        depsOn(index % 2 ? site.db : second(), start + 30_000),
        admin,
        id,
        'Pending',
      ),
    );
    const results = await Promise.allSettled([worker, ...corrections]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    let delivered = 0;
    for (const id of ids) {
      const [accepted, ...after] = await threadRows(id);
      const wasSent = accepted?.delivered_at !== null;
      const wasCancelled = accepted?.cancelled_at !== null;
      // Exactly one of the two won the row.
      expect(wasSent !== wasCancelled, `subscriber ${id}`).toBe(true);
      if (wasSent) {
        delivered += 1;
        // Told Accepted: Pending is news, queued on its own.
        expect(after.map((row) => [JSON.parse(row.payload).subject, row.thread_origin])).toEqual([
          [subjectOf('Pending'), 'Accepted'],
        ]);
      } else {
        // Never told: back to what they knew, nothing queued.
        expect(after).toEqual([]);
      }
    }
    expect(sent).toHaveLength(delivered);
  });
});
