import { describe, expect, it } from 'vitest';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, everyCaller, type SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const callers = everyCaller;

const treasurer = {
  accountHolder: 'Stichting Lanparty',
  iban: 'NL91 ABNA 0417 1643 00',
  reference: 'Lan {lan} – {nickname}',
  contactEmail: 'treasurer@example.org',
};

/*
 * Payment details (decision 034): the defaults and a lan's own, set by lan administrators,
 * checked with clear messages, read whole, and given to the lanners who owe with their
 * own subscriptions, never to everyone with the lan.
 */
describe.each(testEngines)('payment details on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers });

  const call = (who: Caller, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object) =>
    api.request(who === 'anonymous' ? undefined : as[who], method, url, body);

  describe('who may', () => {
    it.each(callers)('answers %s as its role allows', async (caller) => {
      const lan = await api.createLan();
      const expected =
        caller === 'anonymous'
          ? 401
          : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
            ? 200
            : 403;
      for (const [method, url, body] of [
        ['GET', '/api/settings/payment-details', undefined],
        ['PUT', '/api/settings/payment-details', treasurer],
        ['GET', `/api/lans/${lan.id}/payment-details`, undefined],
        ['PUT', `/api/lans/${lan.id}/payment-details`, { details: null }],
      ] as const) {
        const response = await call(caller, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(expected);
      }
    });
  });

  describe('the defaults', () => {
    it('are none at first, then as saved: the IBAN without spaces, blank parts null', async () => {
      const saved = await call('LanAdministrator', 'PUT', '/api/settings/payment-details', {
        ...treasurer,
        reference: '   ',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        accountHolder: 'Stichting Lanparty',
        iban: 'NL91ABNA0417164300',
        reference: null,
        contactEmail: 'treasurer@example.org',
      };
      expect(saved.json()).toEqual(expected);
      expect(
        (await call('LanAdministrator', 'GET', '/api/settings/payment-details')).json(),
      ).toEqual(expected);
      // Saved whole: what is left out is cleared.
      const cleared = await call('LanAdministrator', 'PUT', '/api/settings/payment-details', {
        contactEmail: 'door@example.org',
      });
      expect(cleared.json()).toEqual({
        accountHolder: null,
        iban: null,
        reference: null,
        contactEmail: 'door@example.org',
      });
    });

    it('refuses what cannot be right, saying why on each field, and keeps what was', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', treasurer);
      const refused = await call('LanAdministrator', 'PUT', '/api/settings/payment-details', {
        accountHolder: 'Stichting Lanparty',
        iban: 'NL91 ABNA 0417 1643 01',
        reference: '{lan} {name}',
        contactEmail: 'treasurer',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        iban: ['IBAN’s check digits do not match the rest: check for a typing mistake'],
        reference: ['Reference can only fill in {lan} and {nickname}, not {name}'],
        contactEmail: ['Contact email must be a valid email address'],
      });
      const noHolder = await call('LanAdministrator', 'PUT', '/api/settings/payment-details', {
        iban: 'DE89 3704 0044 0532 0130 00',
      });
      expect(noHolder.json().errors).toEqual({
        accountHolder: ['Account holder is required with an IBAN'],
      });
      expect(
        (await call('LanAdministrator', 'GET', '/api/settings/payment-details')).json(),
      ).toMatchObject({ iban: 'NL91ABNA0417164300' });
    });
  });

  describe('a lan’s own', () => {
    it('are used whole instead of the defaults, until set back to null', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', treasurer);
      const lan = await api.createLan();
      const url = `/api/lans/${lan.id}/payment-details`;
      const defaults = (await call('LanAdministrator', 'GET', url)).json().defaults;
      expect((await call('LanAdministrator', 'GET', url)).json()).toEqual({
        details: null,
        defaults,
      });
      const own = await call('LanAdministrator', 'PUT', url, {
        details: { contactEmail: 'lan@example.org' },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual({
        details: {
          accountHolder: null,
          iban: null,
          reference: null,
          contactEmail: 'lan@example.org',
        },
        defaults,
      });
      const back = await call('LanAdministrator', 'PUT', url, { details: null });
      expect(back.json()).toEqual({ details: null, defaults });
    });

    it('answers 404 for an unknown lan and 400 for a bad body', async () => {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await call(
          'LanAdministrator',
          method,
          '/api/lans/999999/payment-details',
          {
            details: null,
          },
        );
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe('There is no lan 999999.');
      }
      const lan = await api.createLan();
      const refused = await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}/payment-details`, {
        details: { accountHolder: 'Me', iban: 'XX00 1234' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        'details.iban': ['IBAN starts with XX, which is not a country that has IBANs'],
      });
    });

    it('go when the lan is deleted', async () => {
      const lan = await api.createLan();
      await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}/payment-details`, {
        details: treasurer,
      });
      expect((await call('LanAdministrator', 'DELETE', `/api/lans/${lan.id}`)).statusCode).toBe(
        204,
      );
      const left = await site.db
        .selectFrom('lan_payment_details')
        .selectAll()
        .where('lan_id', '=', lan.id)
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe('for the lanner', () => {
    const ownSubscription = async (who: SignedIn, lanId: number) => {
      const response = await api.request(who, 'GET', '/api/users/me/subscriptions?limit=100');
      expect(response.statusCode).toBe(200);
      return (response.json().items as { lan: { id: number }; payment: unknown }[]).find(
        (item) => item.lan.id === lanId,
      );
    };

    it('come with their own subscription while they hold a place, their reference filled in', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', treasurer);
      const lan = await api.createLan({ name: 'Spring Lan' });
      const who = await api.person();
      const { id } = await api.subscribe(lan.id, who);
      expect((await ownSubscription(who, lan.id))?.payment).toBeNull();
      await api.setStatus(id, 'accepted');
      expect((await ownSubscription(who, lan.id))?.payment).toEqual({
        accountHolder: 'Stichting Lanparty',
        iban: 'NL91ABNA0417164300',
        reference: `Lan Spring Lan – ${who.user.nickname}`,
        contactEmail: 'treasurer@example.org',
      });
      await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}/payment-details`, {
        details: { contactEmail: 'spring@example.org' },
      });
      await api.setStatus(id, 'paid');
      expect((await ownSubscription(who, lan.id))?.payment).toEqual({
        accountHolder: null,
        iban: null,
        reference: null,
        contactEmail: 'spring@example.org',
      });
      await api.setStatus(id, 'denied');
      expect((await ownSubscription(who, lan.id))?.payment).toBeNull();
    });

    it('show in their kept subscriptions the moment the lan’s or the default details change', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', treasurer);
      const lan = await api.createLan();
      const who = await api.person();
      await api.setStatus((await api.subscribe(lan.id, who)).id, 'accepted');
      expect((await ownSubscription(who, lan.id))?.payment).toMatchObject({
        iban: 'NL91ABNA0417164300',
      });
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', {
        ...treasurer,
        contactEmail: 'money@example.org',
      });
      expect((await ownSubscription(who, lan.id))?.payment).toMatchObject({
        contactEmail: 'money@example.org',
      });
      await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}/payment-details`, {
        details: { contactEmail: 'own@example.org' },
      });
      expect((await ownSubscription(who, lan.id))?.payment).toMatchObject({
        iban: null,
        contactEmail: 'own@example.org',
      });
    });

    it('are never in the public lan', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/payment-details', treasurer);
      const lan = await api.createLan();
      const who = await api.person();
      await api.setStatus((await api.subscribe(lan.id, who)).id, 'paid');
      for (const url of [`/api/lans/${lan.id}`, `/api/lans/${lan.id}/subscribers`, '/api/lans']) {
        const body = (await api.request(who, 'GET', url)).body;
        expect(body, url).not.toContain('NL91');
        expect(body, url).not.toContain('treasurer@');
      }
    });
  });
});
