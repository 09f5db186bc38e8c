import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

type Place = { who: Person; id: number };
type Shown = { id: number; status: string; waitlistPosition: number | null };

describe.each(testEngines)('the waitlist on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine);

  /**
   * A lan whose `places` places are taken (Accepted, or as `status` says) and with
   * `waiting` lanners on its waitlist, oldest first.
   */
  const fullLan = async (
    places: number,
    waiting: number,
    options: { status?: 'accepted' | 'paid'; days?: number; mail?: 'verified' | 'unverified' } = {},
  ) => {
    const lan = await api.createLan({ maximumSubcribers: places }, options.days ?? 10);
    const holders: Place[] = [];
    for (let index = 0; index < places; index += 1) {
      const who = await api.person();
      const { id } = await api.subscribe(lan.id, who);
      await api.setStatus(id, options.status ?? 'accepted');
      holders.push({ who, id });
    }
    const waitlist: Place[] = [];
    for (let index = 0; index < waiting; index += 1) {
      const who = await api.person({ mail: options.mail ?? 'verified' });
      const subscriber = await api.subscribe(lan.id, who, true);
      expect(subscriber).toMatchObject({ status: 'Pending', waitlistPosition: index + 1 });
      waitlist.push({ who, id: subscriber.id });
    }
    return { lan, holders, waitlist };
  };

  /** The subscribers of a lan as GET /api/lans/{id} shows them, by id. */
  const shownOnLan = async (lanId: number) => {
    const response = await api.request(undefined, 'GET', `/api/lans/${lanId}`);
    expect(response.statusCode).toBe(200);
    const subscribers = response.json().subscribers as Shown[];
    return (id: number) => {
      const found = subscribers.find((subscriber) => subscriber.id === id);
      return found && { status: found.status, waitlistPosition: found.waitlistPosition };
    };
  };

  /** Whether a queued message is a "moved up" mail (not the mail of an administrator's change). */
  const isMovedUpMail = (message: { channel: string; dedupeKey: string }) =>
    message.channel === 'email' && message.dedupeKey.startsWith('waitlist-moved-up:');

  /** The "moved up" e-mails and chat acceptances queued since `mark`. */
  const movedUpNews = async (mark: number) => {
    const queued = await api.queuedSince(mark);
    return {
      emails: queued
        .filter(isMovedUpMail)
        .map((message) => ({ to: message.payload.to, subject: message.payload.subject })),
      chat: queued
        .filter((message) => message.channel === 'chat')
        .map((message) => message.dedupeKey),
    };
  };

  const placeOpened = (lanName: string, who: Person) => ({
    to: who.email,
    subject: `A place opened up for you at ${lanName}`,
  });

  describe('joining', () => {
    it('answers 409 on a full lan without waitlist: true, and numbers the waitlist with it', async () => {
      const { lan } = await fullLan(1, 0);
      const who = await api.person();
      for (const body of [{}, { waitlist: false }]) {
        const refused = await api.request(who, 'POST', '/api/subscribers', {
          lanId: lan.id,
          userId: who.user.id,
          ...body,
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().detail).toBe('The lan is full.');
      }
      const first = await api.subscribe(lan.id, who, true);
      expect(first).toMatchObject({ status: 'Pending', waitlistPosition: 1, present: null });
      const second = await api.subscribe(lan.id, await api.person(), true);
      expect(second).toMatchObject({ status: 'Pending', waitlistPosition: 2 });
      const shown = await shownOnLan(lan.id);
      expect(shown(first.id)).toEqual({ status: 'Pending', waitlistPosition: 1 });
      expect(shown(second.id)).toEqual({ status: 'Pending', waitlistPosition: 2 });
    });

    it('has no waitlist position on a lan that is not full, nor for Accepted or Paid', async () => {
      const lan = await api.createLan({ maximumSubcribers: 2 });
      const first = await api.subscribe(lan.id, await api.person(), true);
      expect(first).toMatchObject({ status: 'Pending', waitlistPosition: null });
      const second = await api.subscribe(lan.id, await api.person());
      expect(second.waitlistPosition).toBeNull();
      expect(await api.setStatus(first.id, 'accepted')).toMatchObject({
        status: 'Accepted',
        waitlistPosition: null,
      });
      // One place of two taken: the lan is not full, so Pending is not a waitlist.
      expect((await shownOnLan(lan.id))(second.id)).toEqual({
        status: 'Pending',
        waitlistPosition: null,
      });
      expect(await api.setStatus(second.id, 'paid')).toMatchObject({
        status: 'Paid',
        waitlistPosition: null,
      });
      const third = await api.subscribe(lan.id, await api.person(), true);
      expect(third.waitlistPosition).toBe(1);
      const shown = await shownOnLan(lan.id);
      expect(shown(first.id)).toEqual({ status: 'Accepted', waitlistPosition: null });
      expect(shown(second.id)).toEqual({ status: 'Paid', waitlistPosition: null });
      expect(shown(third.id)).toEqual({ status: 'Pending', waitlistPosition: 1 });
    });

    it('shows the positions in the lan, its subscribers and the own subscriptions', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 2);
      const [holder] = holders as [Place];
      const [first, second] = waitlist as [Place, Place];
      const shown = await shownOnLan(lan.id);
      expect(shown(holder.id)).toEqual({ status: 'Accepted', waitlistPosition: null });
      expect(shown(first.id)).toEqual({ status: 'Pending', waitlistPosition: 1 });
      expect(shown(second.id)).toEqual({ status: 'Pending', waitlistPosition: 2 });

      const page = (
        await api.request(undefined, 'GET', `/api/lans/${lan.id}/subscribers`)
      ).json() as { items: Shown[] };
      expect(
        page.items.map(({ id, status, waitlistPosition }) => ({ id, status, waitlistPosition })),
      ).toEqual([
        { id: holder.id, status: 'Accepted', waitlistPosition: null },
        ...[first, second]
          .map((place, index) => ({
            id: place.id,
            status: 'Pending',
            waitlistPosition: index + 1,
            nickname: place.who.user.nickname.toLowerCase(),
          }))
          // The subscriber table orders Pending ones by nickname, not by position.
          .sort((a, b) => a.nickname.localeCompare(b.nickname))
          .map(({ nickname: _nickname, ...rest }) => rest),
      ]);

      for (const [place, position] of [
        [holder, null],
        [first, 1],
        [second, 2],
      ] as const) {
        const own = (await api.request(place.who, 'GET', '/api/users/me/subscriptions')).json() as {
          items: Shown[];
        };
        expect(own.items.map(({ id, waitlistPosition }) => ({ id, waitlistPosition }))).toEqual([
          { id: place.id, waitlistPosition: position },
        ]);
      }
    });
  });

  describe('moving up', () => {
    it('moves the first up when the owner withdraws an Accepted place, telling them', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 2);
      const [holder] = holders as [Place];
      const [first, second] = waitlist as [Place, Place];
      const mark = await api.outboxMark();
      expect(
        (await api.request(holder.who, 'DELETE', `/api/subscribers/${holder.id}`)).statusCode,
      ).toBe(204);
      expect(await api.storedStatuses([holder.id, first.id, second.id])).toEqual([
        undefined,
        'Accepted',
        'Pending',
      ]);
      const shown = await shownOnLan(lan.id);
      expect(shown(first.id)).toEqual({ status: 'Accepted', waitlistPosition: null });
      expect(shown(second.id)).toEqual({ status: 'Pending', waitlistPosition: 1 });
      const news = await movedUpNews(mark);
      expect(news.emails).toEqual([placeOpened(lan.name, first.who)]);
      expect(news.chat).toEqual([`subscriber-accepted:${first.id}`]);

      const [mail] = (await api.queuedSince(mark)).filter(isMovedUpMail);
      expect(mail?.payload.text).toContain(`Hi ${first.who.user.nickname},`);
      expect(mail?.payload.text).toContain('You owe €30.00');
      expect(mail?.payload.text).toContain(new URL(`lans/${lan.id}`, site.config.publicUrl).href);
      const [chat] = (await api.queuedSince(mark)).filter(({ channel }) => channel === 'chat');
      expect(chat?.payload.content).toBe(`${first.who.user.nickname} is joining ${lan.name}!`);

      // The one who moved up owes what they owe now, fixed at the move.
      expect((await api.participantOf(lan.id, first.id)).amountDue).toBe(30);
    });

    it('tells only a verified address, and the chat either way', async () => {
      const { holders, waitlist } = await fullLan(1, 1, { mail: 'unverified' });
      const [holder] = holders as [Place];
      const [first] = waitlist as [Place];
      const mark = await api.outboxMark();
      expect(
        (await api.request(holder.who, 'DELETE', `/api/subscribers/${holder.id}`)).statusCode,
      ).toBe(204);
      expect(await api.storedStatuses([first.id])).toEqual(['Accepted']);
      expect(await movedUpNews(mark)).toEqual({
        emails: [],
        chat: [`subscriber-accepted:${first.id}`],
      });
    });

    it.each(['paid', 'accepted'] as const)(
      'moves the first up when an administrator denies a %s place',
      async (status) => {
        const { lan, holders, waitlist } = await fullLan(1, 2, { status });
        const [holder] = holders as [Place];
        const [first, second] = waitlist as [Place, Place];
        const mark = await api.outboxMark();
        expect(await api.setStatus(holder.id, 'denied')).toMatchObject({
          status: 'Denied',
          waitlistPosition: null,
        });
        expect(await api.storedStatuses([holder.id, first.id, second.id])).toEqual([
          'Denied',
          'Accepted',
          'Pending',
        ]);
        expect((await shownOnLan(lan.id))(second.id)?.waitlistPosition).toBe(1);
        expect(await movedUpNews(mark)).toEqual({
          emails: [placeOpened(lan.name, first.who)],
          chat: [`subscriber-accepted:${first.id}`],
        });
      },
    );

    it('moves the first up when an administrator deletes a Paid place', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 1, { status: 'paid' });
      const [holder] = holders as [Place];
      const [first] = waitlist as [Place];
      const mark = await api.outboxMark();
      const response = await api.request(api.admin, 'DELETE', `/api/subscribers/${holder.id}`);
      expect(response.statusCode).toBe(204);
      expect(await api.storedStatuses([holder.id, first.id])).toEqual([undefined, 'Accepted']);
      expect((await movedUpNews(mark)).emails).toEqual([placeOpened(lan.name, first.who)]);
    });

    it('moves two up, in order, when the maximum is raised by 2', async () => {
      const { lan, waitlist } = await fullLan(1, 3);
      const [first, second, third] = waitlist as [Place, Place, Place];
      const mark = await api.outboxMark();
      const response = await api.updateLan(lan.id, { maximumSubcribers: 3 });
      expect(response.statusCode).toBe(200);
      const answered = (response.json().subscribers as Shown[]).map(
        ({ id, status, waitlistPosition }) => ({ id, status, waitlistPosition }),
      );
      expect(answered).toEqual(
        expect.arrayContaining([
          { id: first.id, status: 'Accepted', waitlistPosition: null },
          { id: second.id, status: 'Accepted', waitlistPosition: null },
          { id: third.id, status: 'Pending', waitlistPosition: 1 },
        ]),
      );
      expect(await api.storedStatuses([first.id, second.id, third.id])).toEqual([
        'Accepted',
        'Accepted',
        'Pending',
      ]);
      expect(await movedUpNews(mark)).toEqual({
        emails: [placeOpened(lan.name, first.who), placeOpened(lan.name, second.who)],
        chat: [`subscriber-accepted:${first.id}`, `subscriber-accepted:${second.id}`],
      });
    });

    it('moves up in the order of joining, not of nickname or id', async () => {
      const lan = await api.createLan({ maximumSubcribers: 1 });
      const holder = await api.person();
      await api.setStatus((await api.subscribe(lan.id, holder)).id, 'accepted');
      const late = await api.person({ nickname: 'aaa-joined-last' });
      const early = await api.person({ nickname: 'zzz-joined-first' });
      const latePlace = await api.subscribe(lan.id, late, true);
      const earlyPlace = await api.subscribe(lan.id, early, true);
      // Joined earlier, though with the higher id and the later nickname.
      await site.db
        .updateTable('subscribers')
        .set({ creation_date: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', earlyPlace.id)
        .execute();
      expect((await shownOnLan(lan.id))(earlyPlace.id)?.waitlistPosition).toBe(1);
      expect((await api.updateLan(lan.id, { maximumSubcribers: 2 })).statusCode).toBe(200);
      expect(await api.storedStatuses([earlyPlace.id, latePlace.id])).toEqual([
        'Accepted',
        'Pending',
      ]);
    });

    it('moves nobody up on a lan that has started', async () => {
      const { lan, holders, waitlist } = await fullLan(2, 1, { days: -1 });
      const [holder, other] = holders as [Place, Place];
      const [first] = waitlist as [Place];
      const mark = await api.outboxMark();
      expect(
        (await api.request(holder.who, 'DELETE', `/api/subscribers/${holder.id}`)).statusCode,
      ).toBe(204);
      await api.setStatus(other.id, 'denied');
      expect((await api.updateLan(lan.id, { maximumSubcribers: 5 }, -1)).statusCode).toBe(200);
      expect(await api.storedStatuses([first.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });
    });

    it('moves nobody up on an inactive lan, even as it is raised and deactivated at once', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 2);
      const [first, second] = waitlist as [Place, Place];
      const mark = await api.outboxMark();
      const response = await api.updateLan(lan.id, { maximumSubcribers: 3, isActive: false });
      expect(response.statusCode).toBe(200);
      await api.setStatus((holders[0] as Place).id, 'denied');
      expect(await api.storedStatuses([first.id, second.id])).toEqual(['Pending', 'Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });
    });

    it('moves the next one up, not the Accepted one an administrator set back to Pending', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 1);
      const [holder] = holders as [Place];
      const [first] = waitlist as [Place];
      const mark = await api.outboxMark();
      const answer = await api.setStatus(holder.id, 'pending');
      expect(answer.status).toBe('Pending');
      expect(await api.storedStatuses([holder.id, first.id])).toEqual(['Pending', 'Accepted']);
      // The lan is full again, so the one set back waits first in line.
      expect((await shownOnLan(lan.id))(holder.id)).toEqual({
        status: 'Pending',
        waitlistPosition: 1,
      });
      expect(answer.waitlistPosition).toBe(1);
      expect(await movedUpNews(mark)).toEqual({
        emails: [placeOpened(lan.name, first.who)],
        chat: [`subscriber-accepted:${first.id}`],
      });
    });

    it('leaves a set-back Accepted Pending when nobody else waits', async () => {
      const { holders } = await fullLan(1, 0);
      const [holder] = holders as [Place];
      const mark = await api.outboxMark();
      expect(await api.setStatus(holder.id, 'pending')).toMatchObject({
        status: 'Pending',
        waitlistPosition: null,
      });
      expect(await api.storedStatuses([holder.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });
    });

    it('does not accept the Pending ones of a lan that was not full', async () => {
      const lan = await api.createLan({ maximumSubcribers: 2 });
      const holder = await api.person();
      const place = await api.subscribe(lan.id, holder);
      await api.setStatus(place.id, 'accepted');
      const waiting = await api.subscribe(lan.id, await api.person());
      expect(waiting.waitlistPosition).toBeNull();
      const mark = await api.outboxMark();
      expect((await api.request(holder, 'DELETE', `/api/subscribers/${place.id}`)).statusCode).toBe(
        204,
      );
      expect((await api.updateLan(lan.id, { maximumSubcribers: 4 })).statusCode).toBe(200);
      expect(await api.storedStatuses([waiting.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });
    });

    it('moves up exactly as many as 20 simultaneous withdrawals, denials and a raise free', async () => {
      const lan = await api.createLan({ maximumSubcribers: 30 });
      const holders: Array<Place & { status: 'accepted' | 'paid' }> = [];
      for (let index = 0; index < 30; index += 1) {
        const who = await api.person();
        const status = index % 2 === 0 ? 'accepted' : 'paid';
        const { id } = await api.subscribe(lan.id, who);
        await api.setStatus(id, status);
        holders.push({ who, id, status });
      }
      const waitlist: Place[] = [];
      for (let index = 0; index < 25; index += 1) {
        const who = await api.person();
        waitlist.push({ who, id: (await api.subscribe(lan.id, who, true)).id });
      }
      const withdrawing = holders.filter(({ status }) => status === 'accepted').slice(0, 10);
      const denied = holders.filter(({ status }) => status === 'paid').slice(0, 10);
      const mark = await api.outboxMark();
      const responses = await Promise.all([
        ...withdrawing.map(({ who, id }) => api.request(who, 'DELETE', `/api/subscribers/${id}`)),
        ...denied.map(({ id }) =>
          api.request(api.admin, 'PUT', `/api/subscribers/${id}/status:denied`),
        ),
        api.updateLan(lan.id, { maximumSubcribers: 32 }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([
        ...Array(10).fill(204),
        ...Array(10).fill(200),
        200,
      ]);
      // 20 places freed and 2 added: the first 22 of the waitlist move up, in order.
      const statuses = await api.storedStatuses(waitlist.map(({ id }) => id));
      expect(statuses).toEqual([...Array(22).fill('Accepted'), ...Array(3).fill('Pending')]);
      expect(await api.takenPlaces(lan.id)).toBe(32);
      const shown = await shownOnLan(lan.id);
      expect(waitlist.slice(22).map(({ id }) => shown(id)?.waitlistPosition)).toEqual([1, 2, 3]);
      const news = await movedUpNews(mark);
      expect(news.emails.map(({ to }) => to).sort()).toEqual(
        waitlist
          .slice(0, 22)
          .map(({ who }) => who.email)
          .sort(),
      );
      expect(news.chat.sort()).toEqual(
        waitlist
          .slice(0, 22)
          .map(({ id }) => `subscriber-accepted:${id}`)
          .sort(),
      );
    });

    it('moves nobody up when a Pending one on the waitlist withdraws', async () => {
      const { lan, waitlist } = await fullLan(1, 2);
      const [first, second] = waitlist as [Place, Place];
      const mark = await api.outboxMark();
      expect(
        (await api.request(first.who, 'DELETE', `/api/subscribers/${first.id}`)).statusCode,
      ).toBe(204);
      expect(await api.storedStatuses([first.id, second.id])).toEqual([undefined, 'Pending']);
      expect((await shownOnLan(lan.id))(second.id)?.waitlistPosition).toBe(1);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });
    });
  });

  describe('an inactive lan (decision 032)', () => {
    /**
     * Makes the lan inactive or active again with PUT, keeping its maximum of `places`
     * (PUT sends the whole lan); the rest of the body as `overrides`.
     */
    const setActive = async (
      lanId: number,
      isActive: boolean,
      places: number,
      overrides: Record<string, unknown> = {},
      days = 10,
    ) => {
      const response = await api.updateLan(
        lanId,
        { isActive, maximumSubcribers: places, ...overrides },
        days,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };

    it('moves the first up when a full lan made inactive, withdrawn from, is made active again', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 2);
      const [holder] = holders as [Place];
      const [first, second] = waitlist as [Place, Place];
      await setActive(lan.id, false, 1);
      const mark = await api.outboxMark();
      expect(
        (await api.request(holder.who, 'DELETE', `/api/subscribers/${holder.id}`)).statusCode,
      ).toBe(204);
      // Hidden: nobody moves up, nobody is told.
      expect(await api.storedStatuses([first.id, second.id])).toEqual(['Pending', 'Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });

      const response = await setActive(lan.id, true, 1);
      const answered = (response.json().subscribers as Shown[]).map(
        ({ id, status, waitlistPosition }) => ({ id, status, waitlistPosition }),
      );
      expect(answered).toEqual(
        expect.arrayContaining([
          { id: first.id, status: 'Accepted', waitlistPosition: null },
          { id: second.id, status: 'Pending', waitlistPosition: 1 },
        ]),
      );
      expect(await api.storedStatuses([first.id, second.id])).toEqual(['Accepted', 'Pending']);
      // The lan is announced again, then the chat hears who moved up; the e-mail as ever.
      expect(await movedUpNews(mark)).toEqual({
        emails: [placeOpened(lan.name, first.who)],
        chat: [`lan-activated:${lan.id}:2`, `subscriber-accepted:${first.id}`],
      });
      expect((await api.participantOf(lan.id, first.id)).amountDue).toBe(30);
    });

    it('moves up into every place free on reactivation, no more, in order of joining', async () => {
      const { lan, holders, waitlist } = await fullLan(3, 5, { status: 'paid' });
      const [withdrawing, denied] = holders as [Place, Place, Place];
      await setActive(lan.id, false, 3);
      const mark = await api.outboxMark();
      expect(
        (await api.request(api.admin, 'DELETE', `/api/subscribers/${withdrawing.id}`)).statusCode,
      ).toBe(204);
      await api.setStatus(denied.id, 'denied');
      // A raise while still inactive moves nobody either.
      await setActive(lan.id, false, 4);
      const ids = waitlist.map(({ id }) => id);
      expect(await api.storedStatuses(ids)).toEqual(Array(5).fill('Pending'));
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [] });

      // Made active again with one place more: four places open, four move up.
      await setActive(lan.id, true, 5);
      expect(await api.storedStatuses(ids)).toEqual([...Array(4).fill('Accepted'), 'Pending']);
      expect((await shownOnLan(lan.id))(ids[4] as number)).toEqual({
        status: 'Pending',
        waitlistPosition: 1,
      });
      const movedUp = waitlist.slice(0, 4);
      expect(await movedUpNews(mark)).toEqual({
        emails: movedUp.map(({ who }) => placeOpened(lan.name, who)),
        chat: [
          `lan-activated:${lan.id}:2`,
          ...movedUp.map(({ id }) => `subscriber-accepted:${id}`),
        ],
      });
    });

    it('moves nobody up on reactivation once the lan has started', async () => {
      // Freed before the start, made active again with a start in the past.
      const { lan, holders, waitlist } = await fullLan(1, 1);
      const [first] = waitlist as [Place];
      await setActive(lan.id, false, 1);
      expect(
        (await api.request(api.admin, 'DELETE', `/api/subscribers/${(holders[0] as Place).id}`))
          .statusCode,
      ).toBe(204);
      const mark = await api.outboxMark();
      await setActive(lan.id, true, 1, {}, -1);
      expect(await api.storedStatuses([first.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [`lan-activated:${lan.id}:2`] });

      // Started when it was made inactive and freed.
      const started = await fullLan(1, 1, { days: -1 });
      await setActive(started.lan.id, false, 1, {}, -1);
      await api.setStatus((started.holders[0] as Place).id, 'denied');
      const startedMark = await api.outboxMark();
      await setActive(started.lan.id, true, 1, {}, -1);
      expect(await api.storedStatuses([(started.waitlist[0] as Place).id])).toEqual(['Pending']);
      expect(await movedUpNews(startedMark)).toEqual({
        emails: [],
        chat: [`lan-activated:${started.lan.id}:2`],
      });
    });

    it('does not accept the Pending ones of a lan that was not full when it is made active again', async () => {
      const lan = await api.createLan({ maximumSubcribers: 2 });
      const holder = await api.person();
      const place = await api.subscribe(lan.id, holder);
      await api.setStatus(place.id, 'accepted');
      const waiting = await api.subscribe(lan.id, await api.person());
      await setActive(lan.id, false, 2);
      expect((await api.request(holder, 'DELETE', `/api/subscribers/${place.id}`)).statusCode).toBe(
        204,
      );
      const mark = await api.outboxMark();
      await setActive(lan.id, true, 2);
      expect(await api.storedStatuses([waiting.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [`lan-activated:${lan.id}:2`] });
    });

    it('moves nobody up on reactivation when an administrator filled the place meanwhile', async () => {
      const { lan, holders, waitlist } = await fullLan(1, 2);
      const [first, second] = waitlist as [Place, Place];
      await setActive(lan.id, false, 1);
      await api.setStatus((holders[0] as Place).id, 'denied');
      await api.setStatus(second.id, 'accepted');
      const mark = await api.outboxMark();
      await setActive(lan.id, true, 1);
      expect(await api.storedStatuses([first.id, second.id])).toEqual(['Pending', 'Accepted']);
      expect((await shownOnLan(lan.id))(first.id)).toEqual({
        status: 'Pending',
        waitlistPosition: 1,
      });
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [`lan-activated:${lan.id}:2`] });
    });

    it('accepts nobody on later edits once the waitlist was shorter than the places', async () => {
      const { lan, holders, waitlist } = await fullLan(2, 1);
      const [first] = waitlist as [Place];
      await setActive(lan.id, false, 2);
      for (const holder of holders) await api.setStatus(holder.id, 'denied');
      await setActive(lan.id, true, 2);
      expect(await api.storedStatuses([first.id])).toEqual(['Accepted']);
      // One place is still free: the lan is not full, so a newcomer waits for an administrator.
      const newcomer = await api.subscribe(lan.id, await api.person());
      expect(newcomer.waitlistPosition).toBeNull();
      const mark = await api.outboxMark();
      await setActive(lan.id, true, 2, { description: 'Bring two cables.' });
      await setActive(lan.id, false, 2);
      await setActive(lan.id, true, 2);
      expect(await api.storedStatuses([newcomer.id])).toEqual(['Pending']);
      expect(await movedUpNews(mark)).toEqual({ emails: [], chat: [`lan-activated:${lan.id}:3`] });
    });
  });
});
