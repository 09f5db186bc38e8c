import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { formatChatDate } from '../chat/chat-messages.ts';
import type { EmailMessage } from '../outbox/outbox.repository.ts';
import { deliverDueMessages, RetryLaterError } from '../outbox/outbox.worker.ts';

const log = pino({ level: 'silent' });
const second = 1000;

/*
 * The mails of an administrator's status changes (decision 034), through the real routes
 * with the server's clock in the test's hand: what each says, one per change, a minute
 * late, and none for a change made back within that minute. Nothing sleeps.
 */
describe.each(testEngines)('status mails on %s', (engine) => {
  /** The server's time, moved by the tests. */
  let now = Date.now();
  const { site, api } = setUpOrganiserSite(engine, { clock: () => new Date(now) });

  beforeEach(async () => {
    // Every test starts with an empty outbox at a clock of its own, ahead of the last.
    await deliverAt(now + 3_600_000);
    now += 7_200_000;
    await setDefaults(defaults);
  });

  const defaults = {
    accountHolder: 'Stichting Lanparty',
    iban: 'NL91 ABNA 0417 1643 00',
    reference: '{lan} / {nickname}',
    contactEmail: 'treasurer@example.org',
  };

  const setDefaults = async (details: Record<string, string | null>) => {
    const response = await api.request(api.admin, 'PUT', '/api/settings/payment-details', details);
    expect(response.statusCode, response.body).toBe(200);
  };

  /** The mails the outbox worker sends at this time; the clock stays where it was. */
  const deliverAt = async (at: number): Promise<EmailMessage[]> => {
    const sent: EmailMessage[] = [];
    await deliverDueMessages(
      site.db,
      { email: async (mail) => void sent.push(mail) },
      log,
      new Date(at),
    );
    return sent;
  };

  const changeStatus = async (
    subscriberId: number,
    status: 'pending' | 'accepted' | 'paid' | 'denied',
    body?: object,
  ) => {
    const response = await api.request(
      api.admin,
      'PUT',
      `/api/subscribers/${subscriberId}/status:${status}`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A lanner subscribed (Pending) to a new lan. */
  const pendingLanner = async (
    options: { member?: boolean; mail?: 'verified' | 'unverified'; lan?: object } = {},
  ) => {
    const lan = await api.createLan({ name: 'Winter Lan', ...options.lan });
    const who: Person = await api.person({
      roles: options.member ? ['Lanner', 'Member'] : ['Lanner'],
      mail: options.mail ?? 'verified',
    });
    const { id } = await api.subscribe(lan.id, who);
    const stored = await site.db
      .selectFrom('lans')
      .select('start_date')
      .where('id', '=', lan.id)
      .executeTakeFirstOrThrow();
    const day = formatChatDate(new Date(stored.start_date).toISOString(), 'Europe/Amsterdam');
    return { lan, who, id, day };
  };

  it('mails an accepted lanner what they owe and how to pay, a minute later', async () => {
    const { lan, who, id, day } = await pendingLanner({ member: true });
    const acceptedAt = now;
    await changeStatus(id, 'accepted');

    expect(await deliverAt(acceptedAt + 59 * second)).toEqual([]);
    const [mail, ...more] = await deliverAt(acceptedAt + 60 * second);
    expect(more).toEqual([]);
    const nickname = who.user.nickname;
    expect(mail).toEqual({
      to: who.email,
      subject: 'You are accepted for Winter Lan',
      text:
        `Hi ${nickname},\n\n` +
        `You are accepted for Winter Lan (starting ${day}).\n\n` +
        // A member owes the member price, as the server fixed it at acceptance.
        'You owe €25.00.\n\n' +
        'Please transfer it to:\n' +
        '  Account holder: Stichting Lanparty\n' +
        '  IBAN:           NL91 ABNA 0417 1643 00\n' +
        `  Reference:      Winter Lan / ${nickname}\n\n` +
        'Questions about paying: treasurer@example.org\n\n' +
        "Your ticket is on the lan's page:\n" +
        `${site.config.publicUrl.href}lans/${lan.id}\n\n` +
        'If you cannot come after all, withdraw there: that frees your place for someone ' +
        'else.\n\n— Lanparty',
    });
    // Sent once.
    expect(await deliverAt(acceptedAt + 600 * second)).toEqual([]);
  });

  it('uses the lan’s own payment details whole, not the defaults', async () => {
    const { lan, id } = await pendingLanner();
    const own = await api.request(api.admin, 'PUT', `/api/lans/${lan.id}/payment-details`, {
      details: { contactEmail: 'door@example.org' },
    });
    expect(own.statusCode, own.body).toBe(200);
    await changeStatus(id, 'accepted');
    const [mail] = await deliverAt(now + 60 * second);
    expect(mail?.text).toContain(
      'You owe €30.00.\nThe organiser will tell you how to pay.\n\n' +
        'Questions about paying: door@example.org',
    );
    expect(mail?.text).not.toContain('NL91');
  });

  it('tells a lanner of a free lan that there is nothing to pay', async () => {
    const { id } = await pendingLanner({ lan: { price: 0, membersPrice: 0 } });
    await changeStatus(id, 'accepted');
    const [mail] = await deliverAt(now + 60 * second);
    expect(mail?.text).toContain('There is nothing to pay for this lan.');
    expect(mail?.text).not.toContain('You owe');
  });

  it('mails a paid lanner a receipt: the amount, when, the lan and whom to ask', async () => {
    const { who, id, day } = await pendingLanner();
    await changeStatus(id, 'accepted');
    await deliverAt(now + 60 * second);
    now += 86_400_000;
    const paidAt = new Date(now);
    await changeStatus(id, 'paid');
    const [mail, ...more] = await deliverAt(now + 60 * second);
    expect(more).toEqual([]);
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(paidAt);
    const paidDay = formatChatDate(paidAt.toISOString(), 'Europe/Amsterdam');
    expect(mail?.to).toBe(who.email);
    expect(mail?.subject).toBe('Receipt: you have paid for Winter Lan');
    expect(mail?.text).toContain(
      'Your receipt:\n\n' +
        `  Lan:         Winter Lan, starting ${day}\n` +
        '  Amount paid: €30.00\n' +
        `  Received on: ${paidDay}, ${wall}\n`,
    );
    expect(mail?.text).toContain(
      'A paid place is withdrawn through the organiser: for a refund, write to the ' +
        'organiser at treasurer@example.org.',
    );
  });

  it('mails a receipt when the door takes the money', async () => {
    const { lan, who, id } = await pendingLanner();
    await changeStatus(id, 'accepted');
    await deliverAt(now + 60 * second);
    now += 3_600_000;
    const checkIn = await api.request(api.admin, 'POST', `/api/lans/${lan.id}/check-ins`, {
      code: await api.storedCode(id),
      paid: true,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const sent = await deliverAt(now + 60 * second);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [who.email, 'Receipt: you have paid for Winter Lan'],
    ]);
    expect(sent[0]?.text).toContain('  Amount paid: €30.00\n');
  });

  it('mails a denied lanner, with the organiser’s reason when given', async () => {
    const first = await pendingLanner();
    await changeStatus(first.id, 'denied', {
      reason: '  Members only this time.\nThe next lan is open to all.  ',
    });
    const [withReason] = await deliverAt(now + 60 * second);
    expect(withReason?.subject).toBe('Your subscription to Winter Lan was denied');
    expect(withReason?.text).toBe(
      `Hi ${first.who.user.nickname},\n\n` +
        `Sorry, you have been denied a place at Winter Lan (starting ${first.day}).\n\n` +
        "The organiser's reason:\n\n" +
        '  Members only this time.\n  The next lan is open to all.\n\n' +
        'Questions, write to the organiser at treasurer@example.org.\n\n— Lanparty',
    );

    await setDefaults({});
    const other = await pendingLanner();
    await changeStatus(other.id, 'denied');
    const [without] = await deliverAt(now + 60 * second);
    expect(without?.text).toBe(
      `Hi ${other.who.user.nickname},\n\n` +
        `Sorry, you have been denied a place at Winter Lan (starting ${other.day}).\n\n` +
        "Questions, ask one of the lan's administrators.\n\n— Lanparty",
    );
  });

  it('refuses a reason with another change, a long one and one that is not text', async () => {
    const { id } = await pendingLanner();
    const refusals = [
      ['accepted', { reason: 'Welcome' }, 'A reason is given only with status:denied'],
      ['denied', { reason: 'x'.repeat(501) }, 'Reason cannot be more than 500 characters long'],
      ['denied', { reason: 'ring \u0007' }, 'Reason must be plain text'],
    ] as const;
    for (const [status, body, message] of refusals) {
      const response = await api.request(
        api.admin,
        'PUT',
        `/api/subscribers/${id}/status:${status}`,
        body,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual({ reason: [message] });
    }
    const presence = await api.request(api.admin, 'PUT', `/api/subscribers/${id}/present:true`, {
      reason: 'no',
    });
    expect(presence.statusCode).toBe(400);
    expect(await api.storedStatuses([id])).toEqual(['Pending']);
    expect(await deliverAt(now + 3_600_000)).toEqual([]);
  });

  it('sends nothing for a change made back within a minute', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    now = start + 59 * second;
    await changeStatus(id, 'pending');
    // Denied and back, and Accepted, Paid, Pending: each back to Pending within its minute.
    now = start + 120 * second;
    await changeStatus(id, 'denied');
    now = start + 150 * second;
    await changeStatus(id, 'pending');
    now = start + 200 * second;
    await changeStatus(id, 'accepted');
    now = start + 230 * second;
    await changeStatus(id, 'paid');
    now = start + 280 * second;
    await changeStatus(id, 'pending');
    expect(await deliverAt(start + 3_600_000)).toEqual([]);
  });

  it('tells only the last of changes made within a minute of each other', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    now = start + 20 * second;
    await changeStatus(id, 'paid');
    // The acceptance's minute is over, but it was replaced: nothing yet.
    expect(await deliverAt(start + 79 * second)).toEqual([]);
    const sent = await deliverAt(start + 80 * second);
    expect(sent.map((mail) => mail.subject)).toEqual(['Receipt: you have paid for Winter Lan']);
    expect(await deliverAt(start + 3_600_000)).toEqual([]);
  });

  it('tells a change after the minute as a change of its own', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    expect((await deliverAt(start + 60 * second)).map((mail) => mail.subject)).toEqual([
      'You are accepted for Winter Lan',
    ]);
    now = start + 61 * second;
    await changeStatus(id, 'pending');
    const [pending] = await deliverAt(start + 121 * second);
    expect(pending?.subject).toBe('Your subscription to Winter Lan is pending again');
    expect(pending?.text).toContain(
      'is pending again: your place is no longer confirmed, and it may not be yours.',
    );
    // Accepted again within that minute of Pending: they knew Accepted, so nothing more,
    // had the Pending mail still waited; here it went, so Accepted is news again.
    now = start + 130 * second;
    await changeStatus(id, 'accepted');
    expect((await deliverAt(start + 190 * second)).map((mail) => mail.subject)).toEqual([
      'You are accepted for Winter Lan',
    ]);
  });

  /** The worker's run at this time with the mail server refusing: each mail waits an hour. */
  const refuseAt = async (at: number, meanwhile?: () => Promise<void>): Promise<void> => {
    await deliverDueMessages(
      site.db,
      {
        email: async () => {
          await meanwhile?.();
          throw new RetryLaterError('421 try again later', 3_600_000);
        },
      },
      log,
      new Date(at),
    );
  };

  it('cancels a mail waiting out a failed delivery when the change is made back', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    await refuseAt(start + 60 * second);
    // Back to Pending while the acceptance waits to be tried again: they were never told
    // it, so there is nothing to tell, now or when the mail server answers again.
    now = start + 61 * second;
    await changeStatus(id, 'pending');
    expect(await deliverAt(start + 7_200_000)).toEqual([]);
    // Accepted again: news to them, told once.
    now = start + 7_200_000;
    await changeStatus(id, 'accepted');
    const sent = await deliverAt(now + 60 * second);
    expect(sent.map((mail) => mail.subject)).toEqual(['You are accepted for Winter Lan']);
    expect(await deliverAt(now + 7_200_000)).toEqual([]);
  });

  it('tells only the receipt of Paid after an acceptance the mail server refused', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    await refuseAt(start + 60 * second);
    now = start + 120 * second;
    await changeStatus(id, 'paid');
    const sent = await deliverAt(start + 7_200_000);
    expect(sent.map((mail) => mail.subject)).toEqual(['Receipt: you have paid for Winter Lan']);
  });

  it('cancels a mail that is due but not yet taken by the worker', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    now = start + 90 * second;
    await changeStatus(id, 'pending');
    expect(await deliverAt(start + 3_600_000)).toEqual([]);
  });

  it('sends a mail on its way and the change made meanwhile in that order, also after a retry', async () => {
    const { id } = await pendingLanner();
    const start = now;
    await changeStatus(id, 'accepted');
    // While the worker holds the acceptance, the status goes back to Pending: that gets a
    // mail of its own. The acceptance fails and waits an hour.
    await refuseAt(start + 60 * second, async () => {
      if (now !== start) return;
      now = start + 61 * second;
      await changeStatus(id, 'pending');
    });
    // The Pending mail's minute is over, but it waits for the acceptance before it.
    expect(await deliverAt(start + 121 * second)).toEqual([]);
    const sent = [...(await deliverAt(start + 3_700_000)), ...(await deliverAt(start + 3_700_000))];
    expect(sent.map((mail) => mail.subject)).toEqual([
      'You are accepted for Winter Lan',
      'Your subscription to Winter Lan is pending again',
    ]);
  });

  it('sends no receipt of €0.00 at a free lan, at the door or from the list', async () => {
    const door = await pendingLanner({ lan: { price: 0, membersPrice: 0 } });
    await changeStatus(door.id, 'accepted');
    expect((await deliverAt(now + 60 * second)).map((mail) => mail.subject)).toEqual([
      'You are accepted for Winter Lan',
    ]);
    now += 3_600_000;
    const checkIn = await api.request(api.admin, 'POST', `/api/lans/${door.lan.id}/check-ins`, {
      code: await api.storedCode(door.id),
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(await api.storedStatuses([door.id])).toEqual(['Paid']);
    expect(await deliverAt(now + 3_600_000)).toEqual([]);

    // Pending straight to Paid: they have a place, told as an acceptance with nothing to pay.
    const list = await pendingLanner({ lan: { price: 0, membersPrice: 0 } });
    await changeStatus(list.id, 'paid');
    const sent = await deliverAt(now + 60 * second);
    expect(sent.map((mail) => mail.subject)).toEqual(['You are accepted for Winter Lan']);
    expect(sent[0]?.text).toContain('There is nothing to pay for this lan.');
    expect(sent[0]?.text).not.toContain('€');
    // Set back to Accepted later: at a free lan that is what they were told already.
    now += 3_600_000;
    await changeStatus(list.id, 'accepted');
    expect(await deliverAt(now + 3_600_000)).toEqual([]);
  });

  it('tells one who moves up how to pay, in place of their status mail still waiting', async () => {
    const lan = await api.createLan({ name: 'Winter Lan', maximumSubcribers: 1 });
    const first = await api.person();
    const firstId = (await api.subscribe(lan.id, first)).id;
    await changeStatus(firstId, 'accepted');
    await deliverAt(now + 60 * second);
    const next = await api.person();
    const nextId = (await api.subscribe(lan.id, next, true)).id;

    // Set back to Pending: the place goes to the next on the waitlist, and the first's
    // "pending again" mail waits its minute. Within it, the next withdraws: the first,
    // now first on the waitlist, moves up again.
    now += 3_600_000;
    await changeStatus(firstId, 'pending');
    now += 10 * second;
    expect((await api.request(next, 'DELETE', `/api/subscribers/${nextId}`)).statusCode).toBe(204);
    expect(await api.storedStatuses([firstId])).toEqual(['Accepted']);

    const sent = await deliverAt(now + 3_600_000);
    const toFirst = sent.filter((mail) => mail.to === first.email);
    expect(toFirst.map((mail) => mail.subject)).toEqual([
      'A place opened up for you at Winter Lan',
    ]);
    expect(toFirst[0]?.text).toContain(
      'You owe €30.00.\n\nPlease transfer it to:\n' +
        '  Account holder: Stichting Lanparty\n' +
        '  IBAN:           NL91 ABNA 0417 1643 00\n' +
        `  Reference:      Winter Lan / ${first.user.nickname}\n`,
    );
  });

  it('sends nothing of a lan deleted within the minute', async () => {
    const { lan, id } = await pendingLanner();
    await changeStatus(id, 'accepted');
    const deleted = await api.request(api.admin, 'DELETE', `/api/lans/${lan.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await deliverAt(now + 3_600_000)).toEqual([]);
  });

  it('mails nobody whose address is not verified', async () => {
    const { id } = await pendingLanner({ mail: 'unverified' });
    await changeStatus(id, 'accepted');
    await changeStatus(id, 'paid');
    expect(await deliverAt(now + 3_600_000)).toEqual([]);
  });

  it('sends nothing of a subscription withdrawn within the minute', async () => {
    const { who, id } = await pendingLanner();
    await changeStatus(id, 'accepted');
    now += 10 * second;
    const withdrawn = await api.request(who, 'DELETE', `/api/subscribers/${id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await deliverAt(now + 3_600_000)).toEqual([]);
  });
});
