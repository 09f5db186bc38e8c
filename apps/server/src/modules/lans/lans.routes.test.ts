import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePng, multipartBody } from '../../../test/images.ts';
import { buildLanBody } from '../../../test/lans.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, lanApiCallers } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { nextWeekendOf } from './lan-dates.ts';
import { newLanMaximumSubcribers } from './lans.service.ts';

const callers = lanApiCallers;
const day = 24 * 60 * 60 * 1000;

function expected(forAdmins: number, forOthers: number, forAnonymous = 401) {
  return Object.fromEntries(
    callers.map((caller) => [
      caller,
      caller === 'anonymous'
        ? forAnonymous
        : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
          ? forAdmins
          : forOthers,
    ]),
  ) as Record<Caller, number>;
}

describe.each(testEngines)('the lans API on %s', (engine) => {
  const { site, api, call } = setUpOrganiserSite(engine, { callers });
  const { createLan, admin, countRows } = api;

  const uploadBanner = (asset: string, caller: Caller) => {
    const body = multipartBody('image', 'banner.png', 'image/png', makePng());
    return call(caller, 'PUT', `/api/assets/${asset}`, body.payload, body.headers);
  };

  describe('authorization matrix', () => {
    it.each(callers)('GET /api/lans and GET /api/lans/{id} are open to %s', async (caller) => {
      const lan = await createLan();
      expect((await call(caller, 'GET', '/api/lans')).statusCode).toBe(200);
      expect((await call(caller, 'GET', `/api/lans/${lan.id}`)).statusCode).toBe(200);
      expect((await call(caller, 'GET', `/api/lans/${lan.id}/subscribers`)).statusCode).toBe(200);
    });

    it.each(callers)('GET /api/lans?include=all as %s', async (caller) => {
      const status = (await call(caller, 'GET', '/api/lans?include=all')).statusCode;
      expect(status).toBe(expected(200, 403)[caller]);
    });

    it.each(callers)('an inactive lan is visible only to administrators: %s', async (caller) => {
      const lan = await createLan({ isActive: false });
      const status = (await call(caller, 'GET', `/api/lans/${lan.id}`)).statusCode;
      expect(status).toBe(expected(200, 404, 404)[caller]);
      const subscribers = (await call(caller, 'GET', `/api/lans/${lan.id}/subscribers`)).statusCode;
      expect(subscribers).toBe(expected(200, 404, 404)[caller]);
    });

    it.each(callers)('POST, PUT, DELETE lans and GET lans/defaults as %s', async (caller) => {
      const lan = await createLan();
      expect((await call(caller, 'POST', '/api/lans', buildLanBody())).statusCode).toBe(
        expected(201, 403)[caller],
      );
      expect(
        (await call(caller, 'PUT', `/api/lans/${lan.id}`, { ...buildLanBody(), id: lan.id }))
          .statusCode,
      ).toBe(expected(200, 403)[caller]);
      expect((await call(caller, 'GET', '/api/lans/defaults')).statusCode).toBe(
        expected(200, 403)[caller],
      );
      expect((await call(caller, 'DELETE', `/api/lans/${lan.id}`)).statusCode).toBe(
        expected(204, 403)[caller],
      );
    });

    it.each(callers)('lan-defaults settings as %s', async (caller) => {
      expect((await call(caller, 'GET', '/api/settings/lan-defaults')).statusCode).toBe(200);
      expect(
        (
          await call(caller, 'PUT', '/api/settings/lan-defaults', {
            lanPrice: 30,
            membersLanPrice: 25,
          })
        ).statusCode,
      ).toBe(expected(200, 403)[caller]);
    });

    it.each(callers)('PUT /api/assets/lan-{id}.png as %s', async (caller) => {
      const lan = await createLan();
      const response = await uploadBanner(`lan-${lan.id}.png`, caller);
      if (caller === 'anonymous') expect(response.statusCode).toBe(401);
      else if (expected(0, 403)[caller] === 403) expect(response.statusCode).toBe(403);
      else expect(response.statusCode).toBeLessThan(300);
    });
  });

  describe('banners', () => {
    it('serves an uploaded banner and refuses one for an unknown lan', async () => {
      const lan = await createLan();
      expect((await uploadBanner(`lan-${lan.id}.png`, 'LanAdministrator')).statusCode).toBeLessThan(
        300,
      );
      const banner = await call('anonymous', 'GET', `/api/assets/lan-${lan.id}`);
      expect(banner.statusCode).toBe(200);
      expect(banner.headers['content-type']).toBe('image/png');
      expect((await uploadBanner('lan-999999.png', 'LanAdministrator')).statusCode).toBe(404);
    });
  });

  describe('lans', () => {
    it('creates a lan with money in euros and no subscribers', async () => {
      const lan = await createLan({ price: 27.5, membersPrice: 19.99 });
      expect(lan).toMatchObject({
        price: 27.5,
        membersPrice: 19.99,
        subscribers: [],
        isActive: true,
      });
    });

    it('lists upcoming lans by end date, a running lan included', async () => {
      const running = await createLan({ name: 'running' }, -1);
      const past = await createLan({ name: 'past' }, -30);
      const since = new Date().toISOString();
      const upcoming = (
        await call('anonymous', 'GET', `/api/lans?sinceDate=${since}&limit=100`)
      ).json();
      const ids = upcoming.items.map((lan: { id: number }) => lan.id);
      expect(ids).toContain(running.id);
      expect(ids).not.toContain(past.id);
      const archive = (
        await call('anonymous', 'GET', `/api/lans?untilDate=${since}&sort=-start-date&limit=100`)
      ).json();
      const archived = archive.items.map((lan: { id: number }) => lan.id);
      expect(archived).toContain(past.id);
      expect(archived).not.toContain(running.id);
    });

    it('answers the archive’s cards with what they show: view=headline, no subscribers', async () => {
      const past = await createLan({ name: 'archived' }, -30);
      const query = `untilDate=${new Date().toISOString()}&sort=-start-date&limit=100`;
      const whole = (await call('anonymous', 'GET', `/api/lans?${query}`)).json();
      const headlines = (await call('anonymous', 'GET', `/api/lans?${query}&view=headline`)).json();
      expect(headlines.total).toBe(whole.total);
      expect(headlines.items.map((lan: { id: number }) => lan.id)).toEqual(
        whole.items.map((lan: { id: number }) => lan.id),
      );
      const lan = whole.items.find((item: { id: number }) => item.id === past.id);
      expect(headlines.items.find((item: { id: number }) => item.id === past.id)).toEqual({
        id: lan.id,
        name: 'archived',
        startDate: lan.startDate,
        endDate: lan.endDate,
        isActive: true,
        bannerVersion: null,
      });
    });

    it('sorts by start date both ways and pages', async () => {
      const ascending = (await call('anonymous', 'GET', '/api/lans?limit=100')).json();
      const starts = ascending.items.map((lan: { startDate: string }) => lan.startDate);
      expect(starts).toEqual([...starts].sort());
      const descending = (
        await call('anonymous', 'GET', '/api/lans?sort=-start-date&limit=2')
      ).json();
      expect(descending).toMatchObject({ offset: 0, limit: 2 });
      expect(descending.items).toHaveLength(2);
      expect(descending.total).toBe(ascending.total);
    });

    it('hides inactive lans from the list unless include=all', async () => {
      const draft = await createLan({ isActive: false });
      const active = (await call('LanAdministrator', 'GET', '/api/lans?limit=100')).json();
      expect(active.items.map((lan: { id: number }) => lan.id)).not.toContain(draft.id);
      const all = (await call('LanAdministrator', 'GET', '/api/lans?include=all&limit=100')).json();
      expect(all.items.map((lan: { id: number }) => lan.id)).toContain(draft.id);
    });

    it('refuses an end before the start with the spec message, writing nothing', async () => {
      const before = await countRows('lans');
      const start = new Date(Date.now() + 5 * day).toISOString();
      const response = await call(
        'LanAdministrator',
        'POST',
        '/api/lans',
        buildLanBody({ startDate: start, endDate: start }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.endDate).toEqual(['End date must after Start date']);
      expect(await countRows('lans')).toBe(before);
    });

    it.each([
      ['name', 42],
      ['name', ''],
      ['name', 'x'.repeat(101)],
      ['description', 7],
      ['startDate', 'soon'],
      ['endDate', null],
      ['isActive', 'yes'],
      ['maximumSubcribers', -1],
      ['maximumSubcribers', 1.5],
      ['maximumSubcribers', 1001],
      ['maximumSubcribers', '10'],
      ['price', -1],
      ['price', 10.001],
      ['price', 10_001],
      ['membersPrice', 31],
    ])('refuses %s = %j with a 400, writing nothing', async (field, value) => {
      const before = await countRows('lans');
      const response = await call(
        'LanAdministrator',
        'POST',
        '/api/lans',
        buildLanBody({ [field]: value }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
      expect(Object.keys(response.json().errors)).toContain(field);
      expect(await countRows('lans')).toBe(before);
    });

    it.each([
      ['sinceDate=tomorrow'],
      ['untilDate=2025-02-30x'],
      ['sort=name'],
      ['include=inactive'],
      ['limit=0'],
      ['limit=101'],
      ['offset=-1'],
      ['limit=abc'],
    ])('refuses the query %s with a 400', async (query) => {
      expect((await call('LanAdministrator', 'GET', `/api/lans?${query}`)).statusCode).toBe(400);
    });

    it('answers 404 for unknown ids and 400 for malformed ones', async () => {
      expect((await call('anonymous', 'GET', '/api/lans/999999')).statusCode).toBe(404);
      expect((await call('anonymous', 'GET', '/api/lans/abc')).statusCode).toBe(400);
      expect(
        (
          await call('LanAdministrator', 'PUT', '/api/lans/999999', {
            ...buildLanBody(),
            id: 999999,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('LanAdministrator', 'DELETE', '/api/lans/999999')).statusCode).toBe(404);
    });

    it('refuses a PUT whose body id is not the path id', async () => {
      const lan = await createLan();
      const response = await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}`, {
        ...buildLanBody({ name: 'other' }),
        id: lan.id + 1000,
      });
      expect(response.statusCode).toBe(400);
      expect((await call('anonymous', 'GET', `/api/lans/${lan.id}`)).json().name).toBe(
        'Winter lan',
      );
    });

    it('saves the location invoice and paid flag', async () => {
      const lan = await createLan();
      const response = await call('LanAdministrator', 'PUT', `/api/lans/${lan.id}`, {
        ...buildLanBody(),
        id: lan.id,
        locationInvoiceNumber: 'INV-7',
        locationIsPayed: true,
      });
      expect(response.json()).toMatchObject({
        locationInvoiceNumber: 'INV-7',
        locationIsPayed: true,
      });
    });

    describe('the location', () => {
      const venue = { name: 'De Brug', address: 'Kerkstraat 12, 3511 AB Utrecht' };
      const put = (id: number, changes: Record<string, unknown> = {}) =>
        call('LanAdministrator', 'PUT', `/api/lans/${id}`, { ...buildLanBody(changes), id });
      const read = async (id: number) =>
        (await call('anonymous', 'GET', `/api/lans/${id}`)).json().location;

      it('is none for a lan created without one', async () => {
        const lan = await createLan();
        expect(lan.location).toBeNull();
        expect(await read(lan.id)).toBeNull();
      });

      it('is saved, trimmed, for a lan created with one', async () => {
        const lan = await createLan({ location: { name: ' De Brug ', address: venue.address } });
        expect(lan.location).toEqual(venue);
        expect(await read(lan.id)).toEqual(venue);
      });

      it('stays as it is when a PUT leaves it out', async () => {
        const lan = await createLan({ location: venue });
        const response = await put(lan.id, { name: 'Renamed lan' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ name: 'Renamed lan', location: venue });
        expect(await read(lan.id)).toEqual(venue);
      });

      it('is cleared by a PUT with null', async () => {
        const lan = await createLan({ location: venue });
        const response = await put(lan.id, { location: null });
        expect(response.json().location).toBeNull();
        expect(await read(lan.id)).toBeNull();
      });

      it('is set, or replaced, by a PUT with one', async () => {
        const lan = await createLan();
        expect((await put(lan.id, { location: venue })).json().location).toEqual(venue);
        const moved = { name: 'Sporthal Noord', address: 'Zuilenstraat 3, Utrecht' };
        expect((await put(lan.id, { location: moved })).json().location).toEqual(moved);
        expect(await read(lan.id)).toEqual(moved);
      });

      it.each([
        [{ name: '', address: venue.address }, 'location.name', 'Location name is required'],
        [
          { name: venue.name, address: 'x'.repeat(301) },
          'location.address',
          'Location address cannot be more than 300 characters long',
        ],
        [{ name: venue.name }, 'location.address', 'Location address is required'],
        [{ address: venue.address }, 'location.name', 'Location name is required'],
        ['De Brug', 'location', undefined],
      ])('refuses %j with a 400 on %s, changing nothing', async (location, field, message) => {
        const lan = await createLan({ location: venue });
        const before = await countRows('lans');
        const created = await call('LanAdministrator', 'POST', '/api/lans', {
          ...buildLanBody(),
          location,
        });
        expect(created.statusCode).toBe(400);
        expect(Object.keys(created.json().errors)).toEqual([field]);
        if (message) expect(created.json().errors[field]).toEqual([message]);
        expect(await countRows('lans')).toBe(before);
        const changed = await put(lan.id, { location });
        expect(changed.statusCode).toBe(400);
        expect(Object.keys(changed.json().errors)).toEqual([field]);
        expect(await read(lan.id)).toEqual(venue);
      });

      it('is never half stored: the database refuses a name without an address', async () => {
        const lan = await createLan();
        await expect(
          site.db
            .updateTable('lans')
            .set({ location_name: 'De Brug' })
            .where('id', '=', lan.id)
            .execute(),
        ).rejects.toThrow(/check constraint/i);
        expect(await read(lan.id)).toBeNull();
      });
    });

    it('queues a chat announcement exactly when a lan becomes active', async () => {
      const before = await countRows('outbox');
      const draft = await createLan({ isActive: false });
      expect(await countRows('outbox')).toBe(before);
      const body = { ...buildLanBody({ isActive: true }), id: draft.id };
      await call('LanAdministrator', 'PUT', `/api/lans/${draft.id}`, body);
      expect(await countRows('outbox')).toBe(before + 1);
      await call('LanAdministrator', 'PUT', `/api/lans/${draft.id}`, body);
      expect(await countRows('outbox')).toBe(before + 1);
      await call('LanAdministrator', 'PUT', `/api/lans/${draft.id}`, { ...body, isActive: false });
      await call('LanAdministrator', 'PUT', `/api/lans/${draft.id}`, body);
      const keys = await site.db
        .selectFrom('outbox')
        .select('dedupe_key')
        .where('dedupe_key', 'like', `lan-activated:${draft.id}:%`)
        .execute();
      expect(keys.map((row) => row.dedupe_key).sort()).toEqual([
        `lan-activated:${draft.id}:1`,
        `lan-activated:${draft.id}:2`,
      ]);
      await createLan({ isActive: true });
      expect(await countRows('outbox')).toBe(before + 3);
    });

    it('offers next Friday to Sunday with the settings prices as a new lan', async () => {
      await call('LanAdministrator', 'PUT', '/api/settings/lan-defaults', {
        lanPrice: 40,
        membersLanPrice: 32.5,
      });
      const draft = (await call('LanAdministrator', 'GET', '/api/lans/defaults')).json();
      expect(draft).toMatchObject({
        isActive: false,
        maximumSubcribers: newLanMaximumSubcribers,
        price: 40,
        membersPrice: 32.5,
        // The community's zone, for the form to read and write times on its clocks.
        timeZone: site.config.communityTimeZone,
      });
      expect(new Date(draft.startDate).getTime()).toBeGreaterThan(Date.now());
      expect((await call('anonymous', 'GET', '/api/settings/lan-defaults')).json()).toEqual({
        lanPrice: 40,
        membersLanPrice: 32.5,
      });
    });

    it('starts a new lan with places to take, so the defaults save as they are', async () => {
      const draft = (await call('LanAdministrator', 'GET', '/api/lans/defaults')).json();
      expect(draft.maximumSubcribers).toBe(newLanMaximumSubcribers);
      expect(newLanMaximumSubcribers).toBeGreaterThan(0);
      const created = await call('LanAdministrator', 'POST', '/api/lans', {
        ...draft,
        name: 'From the defaults',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ maximumSubcribers: newLanMaximumSubcribers });
      await call('LanAdministrator', 'DELETE', `/api/lans/${created.json().id}`);
    });

    it('refuses lan-defaults with the members price above the price', async () => {
      const response = await call('LanAdministrator', 'PUT', '/api/settings/lan-defaults', {
        lanPrice: 10,
        membersLanPrice: 20,
      });
      expect(response.statusCode).toBe(400);
      expect(
        (
          await call('LanAdministrator', 'PUT', '/api/settings/lan-defaults', {
            lanPrice: 'x',
            membersLanPrice: 1,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('compressed answers', () => {
    const read = (acceptEncoding?: string) =>
      site.app.inject({
        method: 'GET',
        url: '/api/lans?include=all&limit=100',
        headers: {
          ...admin.headers,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      });

    it('sends a large answer in Brotli or gzip as the client accepts, the same JSON', async () => {
      for (let count = 0; count < 6; count++) await createLan();
      const plain = await read();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers.vary).toBe('accept-encoding');

      const brotli = await read('gzip, deflate, br, zstd');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toBe('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

      const gzip = await read('br;q=0, gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

      for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd', '*;q=0']) {
        const response = await read(refused);
        expect(response.headers['content-encoding'], refused).toBeUndefined();
        expect(response.rawPayload.equals(plain.rawPayload), refused).toBe(true);
      }
    });

    it('sends a small answer as it is', async () => {
      const lan = await createLan();
      const response = await site.app.inject({
        method: 'GET',
        url: `/api/lans/${lan.id}/subscribers`,
        headers: { ...admin.headers, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ items: [] });
    });
  });
});

describe('nextWeekendOf', () => {
  const zone = 'Europe/Amsterdam';
  it('starts on the coming Friday 18:00 and ends on Sunday 18:00', () => {
    // Wednesday 2025-03-12, noon in Amsterdam (UTC+1).
    expect(nextWeekendOf(new Date('2025-03-12T11:00:00Z'), zone)).toEqual({
      startDate: '2025-03-14T17:00:00.000Z',
      endDate: '2025-03-16T17:00:00.000Z',
    });
  });

  it('on a Friday picks the Friday a week later', () => {
    expect(nextWeekendOf(new Date('2025-03-14T08:00:00Z'), zone).startDate).toBe(
      '2025-03-21T17:00:00.000Z',
    );
  });

  it('follows summer time', () => {
    expect(nextWeekendOf(new Date('2025-07-01T08:00:00Z'), zone)).toEqual({
      startDate: '2025-07-04T16:00:00.000Z',
      endDate: '2025-07-06T16:00:00.000Z',
    });
  });
});
