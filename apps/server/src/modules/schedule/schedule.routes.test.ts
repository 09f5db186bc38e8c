import type { ScheduleItem } from '@lanparty/contract';
import { scheduleLimits } from '@lanparty/contract/rules';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const hour = 3_600_000;

/*
 * A lan's schedule (issue 35): lan administrators keep it, anyone who may see the lan
 * reads it; every item lies within its lan and ends no earlier than it starts.
 */
describe.each(testEngines)('the schedule on %s', (engine) => {
  const { api, call, as, site } = setUpOrganiserSite(engine, { callers: everyCaller });
  const admin = () => as.LanAdministrator as Person;

  /** A lan (10 days ahead, two days long) and its start as a number. */
  const lan = async (overrides: Record<string, unknown> = {}) => {
    const created = await api.createLan(overrides);
    return { id: created.id, start: Date.parse(created.startDate as string) };
  };
  const item = (start: number, fields: Record<string, unknown> = {}) => ({
    startDate: new Date(start).toISOString(),
    endDate: null,
    title: 'Opening',
    place: null,
    kind: 'other',
    ...fields,
  });
  const add = (lanId: number, body: object, who: Person | undefined = admin()) =>
    api.request(who, 'POST', `/api/lans/${lanId}/schedule`, body);
  const read = async (lanId: number, who?: Person) => {
    const response = await api.request(who, 'GET', `/api/lans/${lanId}/schedule`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ScheduleItem[];
  };

  it('is kept by lan administrators only, and read by anyone, by start', async () => {
    const { id, start } = await lan();
    for (const caller of everyCaller) {
      const response = await call(caller, 'POST', `/api/lans/${id}/schedule`, item(start + hour));
      const expected =
        caller === 'anonymous'
          ? 401
          : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
            ? 201
            : 403;
      expect(response.statusCode, caller).toBe(expected);
    }
    const late = await add(id, item(start + 5 * hour, { title: 'Pizza', kind: 'food' }));
    const early = await add(
      id,
      item(start, { endDate: new Date(start + 2 * hour).toISOString(), place: '  Main hall ' }),
    );
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json()).toMatchObject({ lanId: id, title: 'Opening', place: 'Main hall' });
    const items = await read(id);
    expect(items.map((each) => each.title)).toEqual(['Opening', 'Opening', 'Opening', 'Pizza']);
    expect(items[0]?.id).toBe(early.json().id);
    expect(items.at(-1)).toEqual(late.json());
    // The community's offset, as every moment the site writes.
    expect(items[0]?.startDate).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('changes and removes an item; one of another lan or gone is a 404', async () => {
    const first = await lan();
    const other = await lan();
    const made = (await add(first.id, item(first.start))).json() as ScheduleItem;
    const changed = await api.request(admin(), 'PUT', `/api/lans/${first.id}/schedule/${made.id}`, {
      ...item(first.start + hour, { title: 'Quake', kind: 'game', place: 'Stage' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: made.id,
      title: 'Quake',
      kind: 'game',
      place: 'Stage',
    });
    const wrongLan = await api.request(
      admin(),
      'PUT',
      `/api/lans/${other.id}/schedule/${made.id}`,
      {
        ...item(other.start),
      },
    );
    expect(wrongLan.statusCode).toBe(404);
    const lanner = await call('Lanner', 'DELETE', `/api/lans/${first.id}/schedule/${made.id}`);
    expect(lanner.statusCode).toBe(403);
    const removed = await api.request(
      admin(),
      'DELETE',
      `/api/lans/${first.id}/schedule/${made.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await read(first.id)).toEqual([]);
    const again = await api.request(admin(), 'DELETE', `/api/lans/${first.id}/schedule/${made.id}`);
    expect(again.statusCode).toBe(404);
  });

  it.each([
    [
      'an end before its start',
      (start: number) => item(start + hour, { endDate: new Date(start).toISOString() }),
      'endDate',
      'End date cannot be before Start date',
    ],
    [
      'a start before the lan',
      (start: number) => item(start - hour),
      'startDate',
      'Start date must fall within the lan (',
    ],
    [
      'a start at the lan’s end',
      (start: number) => item(start + 48 * hour),
      'startDate',
      'Start date must fall within the lan (',
    ],
    [
      'an end after the lan',
      (start: number) => item(start, { endDate: new Date(start + 49 * hour).toISOString() }),
      'endDate',
      'End date must fall within the lan (',
    ],
    ['no title', (start: number) => item(start, { title: '   ' }), 'title', 'Title is required'],
    [
      'a title too long',
      (start: number) => item(start, { title: 'x'.repeat(scheduleLimits.titleMaxLength + 1) }),
      'title',
      `${scheduleLimits.titleMaxLength}`,
    ],
    [
      'a line break in the title',
      (start: number) => item(start, { title: 'Two\nlines' }),
      'title',
      'Title cannot contain line breaks',
    ],
    [
      'a place too long',
      (start: number) => item(start, { place: 'x'.repeat(scheduleLimits.placeMaxLength + 1) }),
      'place',
      `${scheduleLimits.placeMaxLength}`,
    ],
    ['an unknown kind', (start: number) => item(start, { kind: 'party' }), 'kind', ''],
    [
      'no start',
      (start: number) => item(start, { startDate: undefined }),
      'startDate',
      'Start date is required',
    ],
  ])(
    'refuses %s with a 400 naming the field, and keeps nothing',
    async (_, body, field, message) => {
      const { id, start } = await lan();
      const response = await add(id, body(start));
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json().errors as Record<string, string[]>;
      expect(errors[field]?.join(' '), response.body).toContain(message);
      expect(await read(id)).toEqual([]);
    },
  );

  it('takes an empty place as none, and an item that ends as it starts', async () => {
    const { id, start } = await lan();
    const response = await add(
      id,
      item(start, { place: '', endDate: new Date(start).toISOString() }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().place).toBeNull();
  });

  it('shows an inactive lan’s schedule to lan administrators only', async () => {
    const { id, start } = await lan({ isActive: false });
    expect((await add(id, item(start))).statusCode).toBe(201);
    expect((await call('anonymous', 'GET', `/api/lans/${id}/schedule`)).statusCode).toBe(404);
    expect((await call('Lanner', 'GET', `/api/lans/${id}/schedule`)).statusCode).toBe(404);
    expect(await read(id, admin())).toHaveLength(1);
    expect((await call('anonymous', 'GET', '/api/lans/999999/schedule')).statusCode).toBe(404);
  });

  it('tells open pages of every change with a schedule event, and goes with its lan', async () => {
    const { id, start } = await lan();
    const made = (await add(id, item(start))).json() as ScheduleItem;
    await api.request(admin(), 'PUT', `/api/lans/${id}/schedule/${made.id}`, item(start + hour));
    await api.request(admin(), 'DELETE', `/api/lans/${id}/schedule/${made.id}`);
    const events = await site.db
      .selectFrom('events')
      .select(['kind', 'lan_id'])
      .where('kind', '=', 'schedule')
      .where('lan_id', '=', id)
      .execute();
    expect(events).toHaveLength(3);
    await add(id, item(start));
    expect((await api.request(admin(), 'DELETE', `/api/lans/${id}`)).statusCode).toBe(204);
    const left = await site.db
      .selectFrom('schedule_items')
      .select('id')
      .where('lan_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it(`holds at most ${scheduleLimits.itemsPerLan} items a lan`, async () => {
    const { id, start } = await lan();
    const now = new Date().toISOString();
    await site.db
      .insertInto('schedule_items')
      .values(
        Array.from({ length: scheduleLimits.itemsPerLan }, (_, index) => ({
          lan_id: id,
          start_date: new Date(start + index * 60_000).toISOString(),
          end_date: null,
          title: `Item ${index}`,
          place: null,
          kind: 'other' as const,
          creation_date: now,
          modification_date: now,
        })),
      )
      .execute();
    const response = await add(id, item(start));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain(`at most ${scheduleLimits.itemsPerLan} items`);
  });
});
