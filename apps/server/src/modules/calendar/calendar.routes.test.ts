import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { unfoldICalendar } from '../../../test/icalendar-lines.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('GET /api/lans.ics on %s', (engine) => {
  let site: ApiSite;

  beforeAll(async () => {
    site = await startApiSite(engine, { PUBLIC_URL: 'https://lan.example:8443/' });
  });
  beforeEach(async () => {
    await site.db.deleteFrom('subscribers').execute();
    await site.db.deleteFrom('lans').execute();
  });
  afterAll(async () => {
    await site?.close();
  });

  async function insertLan(values: {
    name: string;
    startDate: string;
    endDate: string;
    isActive: boolean;
    description?: string;
    location?: { name: string; address: string };
  }): Promise<number> {
    const row = await site.db
      .insertInto('lans')
      .values({
        name: values.name,
        description: values.description ?? '',
        start_date: values.startDate,
        end_date: values.endDate,
        is_active: values.isActive,
        maximum_subscribers: 10,
        price_cents: 2500,
        members_price_cents: 1500,
        location_is_payed: false,
        location_name: values.location?.name ?? null,
        location_address: values.location?.address ?? null,
        creation_date: '2024-01-01T00:00:00.000Z',
        modification_date: '2024-02-03T04:05:06.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists every active lan, past and upcoming, and no inactive one', async () => {
    const past = await insertLan({
      name: 'Old Lan',
      startDate: '2020-03-06T17:00:00.000Z',
      endDate: '2020-03-08T15:00:00.000Z',
      isActive: true,
    });
    const upcoming = await insertLan({
      name: 'Winter Lan, 2099',
      description: 'Bring a cable;\nand a chair.',
      startDate: '2099-12-04T17:00:00.000Z',
      endDate: '2099-12-06T15:00:00.000Z',
      isActive: true,
    });
    await insertLan({
      name: 'Secret draft',
      startDate: '2099-06-04T17:00:00.000Z',
      endDate: '2099-06-06T15:00:00.000Z',
      isActive: false,
    });

    const response = await site.app.inject({ method: 'GET', url: '/api/lans.ics' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const lines = unfoldICalendar(response.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('X-WR-CALNAME:Lanparty');
    expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual([
      `UID:lan-${past}@lan.example`,
      `UID:lan-${upcoming}@lan.example`,
    ]);
    expect(lines).toContain('SUMMARY:Winter Lan\\, 2099');
    expect(lines).toContain('DESCRIPTION:Bring a cable\\;\\nand a chair.');
    expect(lines).toContain('DTSTART:20991204T170000Z');
    expect(lines).toContain('DTEND:20991206T150000Z');
    expect(lines).toContain('DTSTAMP:20240203T040506Z');
    expect(lines).toContain(`URL:https://lan.example:8443/lans/${upcoming}`);
    expect(response.body).not.toContain('Secret draft');
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives a lan with a location its LOCATION, escaped, and keeps its description', async () => {
    await insertLan({
      name: 'Hall Lan',
      description: 'Bring a cable.',
      startDate: '2099-12-04T17:00:00.000Z',
      endDate: '2099-12-06T15:00:00.000Z',
      isActive: true,
      location: { name: 'De Brug', address: 'Kerkstraat 12, Utrecht; side door' },
    });
    await insertLan({
      name: 'Nowhere Lan',
      startDate: '2099-12-11T17:00:00.000Z',
      endDate: '2099-12-13T15:00:00.000Z',
      isActive: true,
    });

    const lines = unfoldICalendar(
      (await site.app.inject({ method: 'GET', url: '/api/lans.ics' })).body,
    );

    expect(lines.filter((line) => line.startsWith('LOCATION'))).toEqual([
      'LOCATION:De Brug\\, Kerkstraat 12\\, Utrecht\\; side door',
    ]);
    expect(lines).toContain('DESCRIPTION:Bring a cable.');
  });

  it('adds each item of an active lan’s schedule as an event of its own', async () => {
    const shown = await insertLan({
      name: 'Timetable Lan',
      startDate: '2099-12-04T17:00:00.000Z',
      endDate: '2099-12-06T15:00:00.000Z',
      isActive: true,
    });
    const hidden = await insertLan({
      name: 'Hidden Lan',
      startDate: '2099-12-04T17:00:00.000Z',
      endDate: '2099-12-06T15:00:00.000Z',
      isActive: false,
    });
    const stamp = '2024-02-03T04:05:06.000Z';
    const items = await site.db
      .insertInto('schedule_items')
      .values([
        {
          lan_id: shown,
          start_date: '2099-12-04T19:00:00.000Z',
          end_date: '2099-12-04T21:30:00.000Z',
          title: 'Quake, then pizza',
          place: 'Main hall',
          kind: 'game',
          creation_date: stamp,
          modification_date: stamp,
        },
        {
          lan_id: shown,
          start_date: '2099-12-05T12:00:00.000Z',
          end_date: null,
          title: 'Lunch',
          place: null,
          kind: 'food',
          creation_date: stamp,
          modification_date: stamp,
        },
        {
          lan_id: hidden,
          start_date: '2099-12-05T12:00:00.000Z',
          end_date: null,
          title: 'Secret',
          place: null,
          kind: 'other',
          creation_date: stamp,
          modification_date: stamp,
        },
      ])
      .returning('id')
      .execute();

    const lines = unfoldICalendar(
      (await site.app.inject({ method: 'GET', url: '/api/lans.ics' })).body,
    );

    expect(lines.filter((line) => line.startsWith('SUMMARY'))).toEqual([
      'SUMMARY:Timetable Lan',
      'SUMMARY:Quake\\, then pizza · Timetable Lan',
      'SUMMARY:Lunch · Timetable Lan',
    ]);
    expect(lines).toContain(`UID:schedule-${items[0]?.id}@lan.example`);
    expect(lines).toContain('DTSTART:20991204T190000Z');
    expect(lines).toContain('DTEND:20991204T213000Z');
    expect(lines).toContain('LOCATION:Main hall');
    // An item without an end is a moment.
    expect(lines).toContain('DTSTART:20991205T120000Z');
    expect(lines).toContain('DTEND:20991205T120000Z');
    expect(lines.join('\n')).not.toContain('Secret');
  });

  it('answers an empty calendar to anyone when there are no lans', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/lans.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(response.body).not.toContain('BEGIN:VEVENT');
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe.each(testEngines)('GET /api/settings/calendar-feed on %s', (engine) => {
  let site: ApiSite;

  beforeAll(async () => {
    site = await startApiSite(engine, { PUBLIC_URL: 'https://lan.example:8443/' });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('gives the feed and its webcal:// subscription on the public address, whatever the Host', async () => {
    for (const host of ['lan.example:8443', 'evil.example', '10.0.0.5:3000']) {
      const response = await site.app.inject({
        method: 'GET',
        url: '/api/settings/calendar-feed',
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        url: 'https://lan.example:8443/api/lans.ics',
        subscriptionUrl: 'webcal://lan.example:8443/api/lans.ics',
      });
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  it('names a feed that answers, as a calendar app fetching it finds it', async () => {
    const { url } = (
      await site.app.inject({ method: 'GET', url: '/api/settings/calendar-feed' })
    ).json();
    const feed = await site.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
