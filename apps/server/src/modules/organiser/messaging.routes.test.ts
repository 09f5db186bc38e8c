import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fake-smtp.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { createMailer } from '../outbox/mailer.ts';
import { deliverDueMessages } from '../outbox/outbox.worker.ts';

const log = pino({ level: 'silent' });

/*
 * What a message to a lan's participants carries (issue 32): the chat only where one is
 * connected, the organiser's own words without a greeting of ours before them, and a
 * Reply-To of the sender's verified address, as a real mail server receives it.
 */
describe.each(testEngines)('what a message carries on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine);
  let quiet: ApiSite;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    quiet = await startApiSite(engine, { DISCORD_WEBHOOK_URL: '' });
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await quiet?.close();
  });

  /** A lan administrator of `on` whose address is verified or not. */
  const organiser = async (on: ApiSite, isVerified: boolean) => {
    const email = `organiser-${randomUUID().slice(0, 8)}@example.org`;
    const signedIn = await signInAs(on.db, on.issuer, ['LanAdministrator'], { email });
    await on.db
      .updateTable('users')
      .set({ is_email_activated: isVerified })
      .where('id', '=', signedIn.user.id)
      .execute();
    return { ...signedIn, email };
  };

  const messagingOf = (on: ApiSite, who?: SignedIn) =>
    on.app.inject({ method: 'GET', url: '/api/settings/messaging', headers: who?.headers ?? {} });

  describe('GET /api/settings/messaging', () => {
    it('says whether the chat is connected, and the sender’s Reply-To', async () => {
      const verified = await organiser(site, true);
      expect((await messagingOf(site, verified)).json()).toEqual({
        isChatConnected: true,
        replyTo: verified.email,
      });
      expect((await messagingOf(site, await organiser(site, false))).json()).toEqual({
        isChatConnected: true,
        replyTo: null,
      });
      expect((await messagingOf(quiet, await organiser(quiet, true))).json()).toMatchObject({
        isChatConnected: false,
      });
    });

    it('is for lan administrators', async () => {
      expect((await messagingOf(site)).statusCode).toBe(401);
      const lanner = await signInAs(site.db, site.issuer, ['Lanner', 'Member']);
      expect((await messagingOf(site, lanner)).statusCode).toBe(403);
    });
  });

  /** A lan with one accepted lanner whose address is verified. */
  const lanWithLanner = async () => {
    const lan = await api.createLan({ name: `Reply lan ${randomUUID().slice(0, 6)}` });
    const who = await api.person();
    await api.setStatus((await api.subscribe(lan.id, who)).id, 'accepted');
    return { lan, who };
  };

  const sendAs = (who: SignedIn, lanId: number, body: string) =>
    site.app.inject({
      method: 'POST',
      url: `/api/lans/${lanId}/messages`,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: { subject: 'Doors', body, statuses: ['Accepted'], chat: false },
    });

  it('mails the organiser’s words first, replying to their verified address only', async () => {
    const { lan, who } = await lanWithLanner();
    const verified = await organiser(site, true);
    const mark = await api.outboxMark();
    expect((await sendAs(verified, lan.id, 'Hi all,\n\nDoors open at six.')).statusCode).toBe(202);
    const unverified = await organiser(site, false);
    expect((await sendAs(unverified, lan.id, 'Hello again.')).statusCode).toBe(202);

    const [first, second, ...more] = await api.queuedSince(mark);
    expect(more).toEqual([]);
    expect(first?.payload).toMatchObject({ to: who.email, replyTo: verified.email });
    expect(first?.payload.text).toMatch(/^Hi all,\n\nDoors open at six\.\n\n— /);
    expect(first?.payload.text).toContain(`Reply to this mail to reach ${verified.user.nickname}.`);
    expect(second?.payload.text).toMatch(/^Hello again\.\n\n— /);
    expect(second?.payload).not.toHaveProperty('replyTo');
    expect(second?.payload.text).not.toContain('Reply to this mail');
  });

  it('reaches a mail server with the sender’s Reply-To', async () => {
    const { lan, who } = await lanWithLanner();
    const verified = await organiser(site, true);
    expect((await sendAs(verified, lan.id, 'Hi all,\n\nDoors open at six.')).statusCode).toBe(202);
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Lanparty <noreply@lan.example>' },
      site.dataDir,
      log,
    );
    // An hour on, so the acceptance's mail (a minute late) goes too.
    await deliverDueMessages(site.db, { email: mailer }, log, new Date(Date.now() + 3_600_000));
    const received = smtp.received.filter((mail) => mail.raw.includes(`Subject: [${lan.name}]`));
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toEqual([who.email]);
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${verified.email}\\r?$`, 'm'));
    expect(mail?.raw).toMatch(/\r\n\r\nHi all,\r\n\r\nDoors open at six\./);
    // The acceptance's own mail has no Reply-To: nobody in particular sent it.
    const accepted = smtp.received.find((one) =>
      one.raw.includes(`Subject: You are accepted for ${lan.name}`),
    );
    expect(accepted?.to).toEqual([who.email]);
    expect(accepted?.raw).not.toMatch(/^Reply-To:/m);
  });
});
