import type { NewScreen, Screen, ScreenView } from '@lanparty/contract';
import { screenLimits } from '@lanparty/contract/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { listen, openStream, type StreamEvent } from '../../../test/event-streams.ts';
import { insertPastLan } from '../../../test/lans.ts';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { everyCaller } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';
import { hashOfToken } from './screens.service.ts';

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const aboutLan = (lanId: number) => (event: StreamEvent) =>
  (event.data as { lanId?: number }).lanId === lanId;

/*
 * A lan's screens (issue 35): lan administrators make a link for a TV and switch it off;
 * the TV reads by the link's secret alone, public data of its own lan only.
 */
describe.each(testEngines)('screens on %s', (engine) => {
  const { api, call, as, site } = setUpOrganiserSite(engine, { callers: everyCaller });
  const admin = () => as.LanAdministrator as Person;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(site.app);
  });

  const make = async (lanId: number, body: object = { name: 'Main hall TV' }) => {
    const response = await api.request(admin(), 'POST', `/api/lans/${lanId}/screens`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as NewScreen;
  };
  const view = (token: string) => site.app.inject({ url: `/api/screens/${token}` });

  it('are made, listed and switched off by lan administrators only', async () => {
    const lan = await api.createLan();
    for (const caller of everyCaller) {
      const made = await call(caller, 'POST', `/api/lans/${lan.id}/screens`, { name: 'TV' });
      const listed = await call(caller, 'GET', `/api/lans/${lan.id}/screens`);
      const expected =
        caller === 'anonymous'
          ? 401
          : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
            ? 201
            : 403;
      expect([made.statusCode, listed.statusCode], caller).toEqual([
        expected,
        expected === 201 ? 200 : expected,
      ]);
    }
    const screens = (await call('LanAdministrator', 'GET', `/api/lans/${lan.id}/screens`)).json();
    expect(screens).toHaveLength(2);
    const refused = await call('Member', 'DELETE', `/api/lans/${lan.id}/screens/${screens[0].id}`);
    expect(refused.statusCode).toBe(403);
  });

  it('gives a link with a 256-bit secret once, and keeps only its hash', async () => {
    const lan = await api.createLan();
    const made = await make(lan.id, {
      name: '  Main hall TV ',
      slides: ['seats', 'schedule'],
      rotationSeconds: 20,
    });
    expect(made).toMatchObject({
      lanId: lan.id,
      name: 'Main hall TV',
      slides: ['schedule', 'seats'],
      rotationSeconds: 20,
    });
    const token = tokenOf(made.url);
    expect(made.url).toBe(`${site.config.publicUrl.origin}/screen/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await site.db
      .selectFrom('screens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashOfToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = (
      await api.request(admin(), 'GET', `/api/lans/${lan.id}/screens`)
    ).json() as Screen[];
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await make(lan.id)).slides).toEqual([
      'schedule',
      'announcements',
      'now-playing',
      'seats',
      'arrivals',
      'top-players',
      'bracket',
    ]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'TV', slides: [] }, 'Choose at least one slide'],
    [{ name: 'TV', slides: ['weather'] }, 'slides'],
    [{ name: 'TV', rotationSeconds: 3 }, 'Seconds per slide must be at least 5'],
    [{ name: 'TV', rotationSeconds: 7.5 }, 'Seconds per slide must be a whole number'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ name: 'TV\u0007' }, 'Name cannot contain control characters'],
  ])('refuses %j, naming the problem', async (body, problem) => {
    const lan = await api.createLan();
    const response = await api.request(admin(), 'POST', `/api/lans/${lan.id}/screens`, body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(problem);
    const listed = await api.request(admin(), 'GET', `/api/lans/${lan.id}/screens`);
    expect(listed.json()).toEqual([]);
  });

  it(`holds at most ${screenLimits.perLan} screens a lan`, async () => {
    const lan = await api.createLan();
    for (let made = 0; made < screenLimits.perLan; made += 1) await make(lan.id);
    const response = await api.request(admin(), 'POST', `/api/lans/${lan.id}/screens`, {
      name: 'One too many',
    });
    expect(response.statusCode).toBe(409);
  });

  it('shows, by its link and no sign-in, its slides, its lan and who is here', async () => {
    const lan = await insertPastLan(site.db, { name: 'Screen lan', daysAgo: 0.1 });
    const [early, late, shy] = [
      await api.person({ nickname: 'early' }),
      await api.person({ nickname: 'late' }),
      await api.person({ nickname: 'shy' }),
    ];
    const now = Date.now();
    for (const [who, present, minutesAgo] of [
      [early, true, 30],
      [late, true, 5],
      [shy, true, 1],
    ] as const) {
      await site.db
        .insertInto('subscribers')
        .values({
          lan_id: lan.id,
          user_id: who.user.id,
          status: 'Paid',
          present,
          amount_due_cents: 0,
          checked_in_at: new Date(now - minutesAgo * 60_000).toISOString(),
          creation_date: new Date(now).toISOString(),
          modification_date: new Date(now).toISOString(),
        })
        .execute();
    }
    await site.db
      .insertInto('subscribers')
      .values({
        lan_id: lan.id,
        user_id: (await api.person()).user.id,
        status: 'Accepted',
        present: null,
        amount_due_cents: 2500,
        creation_date: new Date(now).toISOString(),
        modification_date: new Date(now).toISOString(),
      })
      .execute();
    await api.request(shy, 'PUT', '/api/users/me/screen-visibility', { showsOnScreens: false });
    const made = await make(lan.id, { name: 'Door', slides: ['arrivals'], rotationSeconds: 10 });
    const response = await view(tokenOf(made.url));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const shown = response.json() as ScreenView;
    expect(shown).toMatchObject({
      id: made.id,
      name: 'Door',
      slides: ['arrivals'],
      rotationSeconds: 10,
      lan: { id: lan.id, name: 'Screen lan' },
      presence: { presentCount: 3, participantCount: 4 },
    });
    expect(shown.presence.arrivals.map((arrival) => arrival.nickname)).toEqual(['late', 'early']);
  });

  it('answers 404 for an unknown, malformed or switched-off link, and for an inactive lan', async () => {
    const lan = await api.createLan();
    const made = await make(lan.id);
    const token = tokenOf(made.url);
    expect((await view(token)).statusCode).toBe(200);
    // A link that never was a screen's says so, not "switched off" (issue 51 §6).
    for (const never of ['x'.repeat(43), 'short', 'not-a-token', `${token.slice(0, 42)}!`]) {
      const answer = await view(never);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().detail).toMatch(/^There is no screen at this link\./);
    }
    const off = await api.request(admin(), 'DELETE', `/api/lans/${lan.id}/screens/${made.id}`);
    expect(off.statusCode).toBe(204);
    const gone = await view(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('This screen was switched off.');
    const again = await api.request(admin(), 'DELETE', `/api/lans/${lan.id}/screens/${made.id}`);
    expect(again.statusCode).toBe(404);
    // Switched off, it is no longer listed nor counted against the lan's screens.
    const listed = await api.request(admin(), 'GET', `/api/lans/${lan.id}/screens`);
    expect(listed.json()).toEqual([]);

    const hidden = await api.createLan({ isActive: false });
    const ofHidden = await make(hidden.id);
    const ofInactive = await view(tokenOf(ofHidden.url));
    expect(ofInactive.statusCode).toBe(404);
    expect(ofInactive.json().detail).toBe('This screen was switched off.');
    const stream = await openStream(
      baseUrl,
      undefined,
      undefined,
      `/api/screens/${tokenOf(ofHidden.url)}/events`,
    );
    expect(stream.response.status).toBe(404);
    stream.close();
  });

  it('streams its own lan’s public changes, and ends once switched off', async () => {
    const lan = await api.createLan();
    const other = await api.createLan();
    const made = await make(lan.id);
    const path = `/api/screens/${tokenOf(made.url)}/events`;
    const stream = await openStream(baseUrl, undefined, undefined, path);
    expect(stream.response.status).toBe(200);
    try {
      const member = await api.person({ roles: ['Member'] });
      await api.request(member, 'PUT', '/api/users/me/screen-visibility', {
        showsOnScreens: false,
      });
      await api.request(admin(), 'POST', `/api/lans/${other.id}/announcements`, {
        text: 'Elsewhere',
      });
      const posted = await api.request(admin(), 'POST', `/api/lans/${lan.id}/announcements`, {
        text: 'Pizza is here',
      });
      expect(posted.statusCode).toBe(201);
      await stream.next((event) => event.event === 'announcement' && aboutLan(lan.id)(event));
      expect(stream.events.filter(aboutLan(other.id))).toEqual([]);
      expect(stream.events.filter((event) => event.event === 'user')).toEqual([]);
      expect(JSON.stringify(stream.events)).not.toContain('Pizza');

      // Another screen of the lan made: this one is still on.
      await make(lan.id);
      await stream.next((event) => event.event === 'screen');
      expect((await view(tokenOf(made.url))).statusCode).toBe(200);

      await api.request(admin(), 'DELETE', `/api/lans/${lan.id}/screens/${made.id}`);
      const text = await stream.ended();
      expect(text).toContain('event: screen');
      const again = await openStream(baseUrl, undefined, undefined, path);
      expect(again.response.status).toBe(404);
      again.close();
    } finally {
      stream.close();
    }
  });

  it('does not hear of inactive lans or of people, and signed-in streams do not hear of screens', async () => {
    const lan = await api.createLan();
    const made = await make(lan.id);
    const screen = await openStream(
      baseUrl,
      undefined,
      undefined,
      `/api/screens/${tokenOf(made.url)}/events`,
    );
    const lanner = await api.person();
    const signedIn = await openStream(baseUrl, lanner);
    try {
      await make(lan.id);
      await api.request(admin(), 'POST', `/api/lans/${lan.id}/schedule`, {
        startDate: (await api.request(admin(), 'GET', `/api/lans/${lan.id}`)).json().startDate,
        title: 'Opening',
        kind: 'other',
      });
      await screen.next((event) => event.event === 'schedule');
      await signedIn.next((event) => event.event === 'schedule');
      expect(signedIn.events.filter((event) => event.event === 'screen')).toEqual([]);
      expect(screen.events.some((event) => event.event === 'screen')).toBe(true);
    } finally {
      screen.close();
      signedIn.close();
    }
  });
});
