import type { DataExport } from '@lanparty/contract';
import { formatEuros, textMoney } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { attemptLimits } from '../limits/attempt-limits.ts';

/*
 * The export holds the person's own data only (issue 50): no one else's nickname, no secret
 * (a ticket's codes), mail sent to any address they had, and it is limited like the other
 * costly calls.
 */
describe.each(testEngines)('the data export on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine);

  const exportOf = async (person: Person) => {
    const response = await api.request(person, 'GET', '/api/users/me/export');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DataExport;
  };

  it('holds no one else’s nickname and no ticket code of a lan administrator who took part', async () => {
    const organiser = await api.person({ roles: ['Lanner', 'LanAdministrator'] });
    const lan = await api.createLan({ maximumSubcribers: 10 }, 20);
    const own = await api.subscribe(lan.id, organiser);
    await api.setStatus(own.id, 'accepted');
    const codes = await site.db
      .selectFrom('subscribers')
      .select(['check_in_code', 'short_code'])
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    const unreachable = await api.person({ mail: 'none' });
    await api.setStatus((await api.subscribe(lan.id, unreachable)).id, 'accepted');
    const sent = await api.request(
      organiser,
      'POST',
      `/api/lans/${lan.id}/messages`,
      { subject: 'Doors', body: 'Doors open at six.', statuses: ['Accepted'], chat: false },
      { 'idempotency-key': `doors-${lan.id}` },
    );
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().unreachable).toContain(unreachable.user.nickname);

    const exported = JSON.stringify(await exportOf(organiser));
    expect(exported).toContain('Doors open at six.');
    expect(exported).not.toContain(unreachable.user.nickname);
    for (const code of [codes.check_in_code, codes.short_code]) {
      expect(code).not.toBeNull();
      expect(exported).not.toContain(String(code));
    }
  });

  it('lists mail sent to an address they had before', async () => {
    const lanner = await api.person({
      firstName: 'Ann',
      surname: 'Lee',
      city: 'Delft',
      birthDate: '1990-01-02',
    });
    const lan = await api.createLan({ maximumSubcribers: 10 }, 20);
    await api.setStatus((await api.subscribe(lan.id, lanner)).id, 'accepted');
    const profile = (await api.request(lanner, 'GET', '/api/users/me')).json();
    const changed = await api.request(lanner, 'PUT', '/api/users/me', {
      ...profile,
      email: `moved-${lanner.user.id}@example.org`,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const mail = (await exportOf(lanner)).data.outbox as { to: string; subject: string }[];
    expect(mail.map((each) => each.to)).toEqual([
      lanner.email,
      `moved-${lanner.user.id}@example.org`,
    ]);
    expect(mail[0]?.subject).toMatch(/accepted/);
  });

  it('reads as a person reads: indented, said part by part, lans named, euros, the community’s times', async () => {
    const lanner = await api.person({ nickname: 'Reader' });
    const lan = await api.createLan({ name: 'Winter Lan', maximumSubcribers: 10 }, 20);
    await api.setStatus((await api.subscribe(lan.id, lanner)).id, 'accepted');

    const response = await api.request(lanner, 'GET', '/api/users/me/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // One value a line, indented by its depth: readable in any text editor.
    expect(response.body).toMatch(/^\{\n {2}"about": \{\n {4}"file": "Everything Lanparty holds/);
    expect(response.body.split('\n').length).toBeGreaterThan(100);
    const exported = response.json() as DataExport;

    expect(exported.timeZone).toBe('Europe/Amsterdam');
    expect(exported.about.file).toContain('Europe/Amsterdam');
    expect(exported.about.parts.subscribers).toMatch(/^Your sign-ups for lans/);
    expect(exported.about.parts.outbox).toMatch(/^Mail sent to you/);

    const [place] = exported.data.subscribers ?? [];
    expect(place).toMatchObject({ lan_id: lan.id, lan_name: 'Winter Lan', status: 'Accepted' });
    expect(Object.keys(place ?? {}).indexOf('lan_name')).toBe(
      Object.keys(place ?? {}).indexOf('lan_id') + 1,
    );
    const owed = await site.db
      .selectFrom('subscribers')
      .select('amount_due_cents')
      .where('user_id', '=', lanner.user.id)
      .executeTakeFirstOrThrow();
    expect(owed.amount_due_cents).toBeGreaterThan(0);
    expect(place?.amount_due).toBe(formatEuros(owed.amount_due_cents ?? 0, textMoney));
    expect(place).not.toHaveProperty('amount_due_cents');

    // Every moment with the community's offset (never UTC's Z), the same instant as stored.
    const text = JSON.stringify(exported.data);
    expect(text).not.toMatch(/T\d\d:\d\d:\d\d(\.\d+)?Z"/);
    const stored = await site.db
      .selectFrom('users')
      .select('creation_date')
      .where('id', '=', lanner.user.id)
      .executeTakeFirstOrThrow();
    const [profile] = exported.data.users ?? [];
    expect(profile?.creation_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0[12]:00$/);
    expect(Date.parse(String(profile?.creation_date))).toBe(
      new Date(stored.creation_date).getTime(),
    );
    expect(exported.exportedAt).toMatch(/\+0[12]:00$/);
  });

  it('answers 429 with Retry-After to more exports than anyone needs', async () => {
    const lanner = await api.person();
    for (let count = 0; count < attemptLimits.exportsPerUser.maxAttempts; count += 1)
      await exportOf(lanner);
    const refused = await api.request(lanner, 'GET', '/api/users/me/export');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another person is not held back by it.
    await exportOf(await api.person());
  });
});
