import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { type Caller, everyCaller, type SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

const callers = everyCaller;

type Status = 'Pending' | 'Accepted' | 'Paid' | 'Denied';
const message = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Doors open at six',
  body: 'Bring your own chair.\nParking is behind the hall.',
  statuses: ['Accepted', 'Paid'] as Status[],
  chat: false,
  ...overrides,
});

describe.each(testEngines)('messages to a lan’s participants on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers });

  const send = (lanId: number, body: object, key?: string, who: SignedIn | null = api.admin) =>
    api.request(
      who ?? undefined,
      'POST',
      `/api/lans/${lanId}/messages`,
      body,
      key === undefined ? {} : { 'idempotency-key': key },
    );

  const messageRows = async (lanId: number) =>
    site.db.selectFrom('lan_messages').selectAll().where('lan_id', '=', lanId).execute();

  /** The e-mails queued since `mark`: to whom, with what subject. */
  const mailsSince = async (mark: number) =>
    (await api.queuedSince(mark))
      .filter((queued) => queued.channel === 'email')
      .map((queued) => ({ to: queued.payload.to, subject: queued.payload.subject }));

  /**
   * A lan with a subscriber of each kind: verified, unverified and without an address, in
   * each status.
   */
  const lanWithParticipants = async (name = `Message lan ${randomUUID().slice(0, 8)}`) => {
    const lan = await api.createLan({ name, maximumSubcribers: 10 });
    const join = async (
      nickname: string,
      mail: 'verified' | 'unverified' | 'none',
      status?: 'accepted' | 'paid' | 'denied',
    ) => {
      const who = await api.person({ nickname, mail });
      const { id } = await api.subscribe(lan.id, who);
      if (status) await api.setStatus(id, status);
      return who;
    };
    const people = {
      amy: await join('amy', 'verified', 'paid'),
      ben: await join('ben', 'verified', 'accepted'),
      cat: await join('cat', 'unverified', 'accepted'),
      dan: await join('dan', 'none', 'accepted'),
      eli: await join('eli', 'verified'),
      fay: await join('fay', 'verified', 'denied'),
      gus: await join('gus', 'unverified'),
    } satisfies Record<string, Person>;
    return { lan, people };
  };

  describe('POST /api/lans/{id}/messages', () => {
    it('mails each subscriber of the chosen statuses with a verified address once', async () => {
      const { lan, people } = await lanWithParticipants();
      const mark = await api.outboxMark();
      const response = await send(lan.id, message(), randomUUID());
      expect(response.statusCode, response.body).toBe(202);
      const receipt = response.json();
      expect(receipt).toEqual({
        id: expect.any(Number),
        recipients: 2,
        unreachable: ['cat', 'dan'],
      });

      const subject = `[${lan.name}] Doors open at six`;
      expect(await mailsSince(mark)).toEqual([
        { to: people.amy.email, subject },
        { to: people.ben.email, subject },
      ]);
      const queued = await api.queuedSince(mark);
      expect(queued.map((one) => one.dedupeKey)).toEqual([
        `lan-message:${receipt.id}:${people.amy.user.id}`,
        `lan-message:${receipt.id}:${people.ben.user.id}`,
      ]);
      const text = queued[0]?.payload.text ?? '';
      // The organiser's words first: no greeting of ours before their own.
      expect(text).toMatch(/^Bring your own chair\.\nParking is behind the hall\.\n/);
      expect(text).toContain(`— ${api.admin.user.nickname}, for ${lan.name}`);
      expect(text).toContain(new URL(`lans/${lan.id}`, site.config.publicUrl).href);
    });

    it.each([
      [['Pending'], ['eli'], ['gus']],
      [['Denied'], ['fay'], []],
      [['Pending', 'Denied'], ['eli', 'fay'], ['gus']],
      [
        ['Paid', 'Accepted', 'Pending', 'Denied'],
        ['amy', 'ben', 'eli', 'fay'],
        ['cat', 'dan', 'gus'],
      ],
    ] as Array<[Status[], string[], string[]]>)(
      'writes to %j only',
      async (statuses, reached, unreachable) => {
        const { lan, people } = await lanWithParticipants();
        const mark = await api.outboxMark();
        const response = await send(lan.id, message({ statuses }), randomUUID());
        expect(response.statusCode).toBe(202);
        expect(response.json()).toMatchObject({ recipients: reached.length, unreachable });
        const mails = await mailsSince(mark);
        const addresses = reached.map((nickname) => people[nickname as keyof typeof people].email);
        expect(mails.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
      },
    );

    it('counts nobody when no subscriber has the statuses', async () => {
      const lan = await api.createLan();
      const mark = await api.outboxMark();
      const response = await send(lan.id, message({ statuses: ['Paid'] }), randomUUID());
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ recipients: 0, unreachable: [] });
      expect(await api.queuedSince(mark)).toEqual([]);
    });

    it('sends once under a double click and a retry with the same Idempotency-Key', async () => {
      const { lan } = await lanWithParticipants();
      const key = randomUUID();
      const mark = await api.outboxMark();
      const clicks = await Promise.all([
        send(lan.id, message(), key),
        send(lan.id, message(), key),
      ]);
      expect(clicks.map((click) => click.statusCode)).toEqual([202, 202]);
      const [first, second] = clicks.map((click) => click.json());
      expect(second).toEqual(first);
      expect(await messageRows(lan.id)).toHaveLength(1);
      expect(await mailsSince(mark)).toHaveLength(2);

      const retry = await send(lan.id, message(), key);
      expect(retry.statusCode).toBe(202);
      expect(retry.json()).toEqual(first);
      // The same statuses in another order are the same message.
      const reordered = await send(lan.id, message({ statuses: ['Paid', 'Accepted'] }), key);
      expect(reordered.statusCode).toBe(202);
      expect(reordered.json().id).toBe(first.id);
      expect(await messageRows(lan.id)).toHaveLength(1);
      expect(await mailsSince(mark)).toHaveLength(2);
    });

    it('sends each of ten simultaneous clicks of one draft once', async () => {
      const { lan } = await lanWithParticipants();
      const key = randomUUID();
      const mark = await api.outboxMark();
      const clicks = await Promise.all(
        Array.from({ length: 10 }, () => send(lan.id, message({ chat: true }), key)),
      );
      expect(clicks.map((click) => click.statusCode)).toEqual(Array(10).fill(202));
      expect(new Set(clicks.map((click) => click.json().id)).size).toBe(1);
      expect(await messageRows(lan.id)).toHaveLength(1);
      const queued = await api.queuedSince(mark);
      expect(queued.filter((one) => one.channel === 'email')).toHaveLength(2);
      expect(queued.filter((one) => one.channel === 'chat')).toHaveLength(1);
    });

    it('refuses another message under a key already used, with 409 and nothing sent', async () => {
      const { lan } = await lanWithParticipants();
      const key = randomUUID();
      expect((await send(lan.id, message(), key)).statusCode).toBe(202);
      const mark = await api.outboxMark();
      for (const changed of [
        { subject: 'Another subject' },
        { body: 'Another body' },
        { statuses: ['Paid'] },
        { chat: true },
      ]) {
        const response = await send(lan.id, message(changed), key);
        expect(response.statusCode, JSON.stringify(changed)).toBe(409);
        expect(response.json().detail).toMatch(/Idempotency-Key was already used/);
      }
      expect(await api.queuedSince(mark)).toEqual([]);
      expect(await messageRows(lan.id)).toHaveLength(1);
    });

    it('keeps keys apart per lan', async () => {
      const one = await lanWithParticipants();
      const two = await lanWithParticipants();
      const key = randomUUID();
      const first = (await send(one.lan.id, message(), key)).json();
      const mark = await api.outboxMark();
      const second = await send(two.lan.id, message(), key);
      expect(second.statusCode).toBe(202);
      expect(second.json().id).not.toBe(first.id);
      expect((await mailsSince(mark)).map((mail) => mail.to)).toEqual([
        two.people.amy.email,
        two.people.ben.email,
      ]);
    });

    it('sends twice without a key', async () => {
      const { lan, people } = await lanWithParticipants();
      const mark = await api.outboxMark();
      const first = await send(lan.id, message());
      const second = await send(lan.id, message());
      expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
      expect(first.json().id).not.toBe(second.json().id);
      expect(await messageRows(lan.id)).toHaveLength(2);
      expect((await mailsSince(mark)).map((mail) => mail.to)).toEqual([
        people.amy.email,
        people.ben.email,
        people.amy.email,
        people.ben.email,
      ]);
    });

    it('posts one chat message with chat: true', async () => {
      const { lan } = await lanWithParticipants('Chatty lan');
      const mark = await api.outboxMark();
      const response = await send(lan.id, message({ chat: true }), randomUUID());
      expect(response.statusCode).toBe(202);
      const { id } = response.json();
      const chats = (await api.queuedSince(mark)).filter((one) => one.channel === 'chat');
      expect(chats).toHaveLength(1);
      expect(chats[0]?.dedupeKey).toBe(`lan-message:${id}:chat`);
      expect(chats[0]?.payload).toMatchObject({
        content: 'A message to the lanners of Chatty lan',
        embeds: [
          {
            title: 'Doors open at six',
            description: 'Bring your own chair.\nParking is behind the hall.',
            url: new URL(`lans/${lan.id}`, site.config.publicUrl).href,
          },
        ],
      });
      expect(await mailsSince(mark)).toHaveLength(2);
    });

    it('queues no chat message with chat: false', async () => {
      const { lan } = await lanWithParticipants();
      const mark = await api.outboxMark();
      expect((await send(lan.id, message({ chat: false }), randomUUID())).statusCode).toBe(202);
      expect((await api.queuedSince(mark)).filter((one) => one.channel === 'chat')).toEqual([]);
    });

    it.each([
      [{ subject: '' }, 'subject'],
      [{ subject: '   ' }, 'subject'],
      [{ subject: 'x'.repeat(151) }, 'subject'],
      [{ subject: undefined }, 'subject'],
      [{ body: '' }, 'body'],
      [{ body: 'x'.repeat(5001) }, 'body'],
      [{ body: 42 }, 'body'],
      [{ statuses: [] }, 'statuses'],
      [{ statuses: ['Waiting'] }, 'statuses.0'],
      [{ statuses: ['Paid', 'Paid'] }, 'statuses'],
      [{ statuses: 'Paid' }, 'statuses'],
      [{ statuses: undefined }, 'statuses'],
      [{ chat: 'yes' }, 'chat'],
      [{ chat: undefined }, 'chat'],
    ])('refuses %j with a 400 naming %s, sending nothing', async (changes, field) => {
      const lan = await api.createLan();
      const mark = await api.outboxMark();
      const response = await send(lan.id, message(changes), randomUUID());
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(await api.queuedSince(mark)).toEqual([]);
      expect(await messageRows(lan.id)).toEqual([]);
    });

    it('takes a subject of 150 and a body of 5,000 characters', async () => {
      const lan = await api.createLan();
      const response = await send(
        lan.id,
        message({ subject: 's'.repeat(150), body: 'b'.repeat(5000) }),
        randomUUID(),
      );
      expect(response.statusCode).toBe(202);
    });

    it.each([
      ['with a space', 'a key'],
      ['too long', 'k'.repeat(201)],
      ['empty', ''],
    ])('refuses an Idempotency-Key %s with 400', async (_name, key) => {
      const lan = await api.createLan();
      const response = await send(lan.id, message(), key);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['idempotency-key']);
      expect(await messageRows(lan.id)).toEqual([]);
    });

    it('takes any key of 1–200 visible ASCII characters', async () => {
      const lan = await api.createLan();
      for (const key of ['k'.repeat(200), 'x', '!~{}"#']) {
        expect((await send(lan.id, message(), key)).statusCode, key).toBe(202);
      }
      expect(await messageRows(lan.id)).toHaveLength(3);
    });
  });

  describe('without a chat', () => {
    const { api: quietApi } = setUpOrganiserSite(engine, { env: { DISCORD_WEBHOOK_URL: '' } });

    it('refuses chat: true with 409 and sends nothing; e-mail only is fine', async () => {
      const lan = await quietApi.createLan();
      const who = await quietApi.person();
      await quietApi.setStatus((await quietApi.subscribe(lan.id, who)).id, 'accepted');
      const mark = await quietApi.outboxMark();
      const post = (chat: boolean) =>
        quietApi.request(
          quietApi.admin,
          'POST',
          `/api/lans/${lan.id}/messages`,
          message({ chat }),
          { 'idempotency-key': randomUUID() },
        );
      const refused = await post(true);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/chat is not connected/);
      expect(await quietApi.queuedSince(mark)).toEqual([]);
      const sent = await post(false);
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toMatchObject({ recipients: 1, unreachable: [] });
      expect((await quietApi.queuedSince(mark)).map((one) => one.channel)).toEqual(['email']);
    });
  });

  describe('GET /api/lans/{id}/messages', () => {
    it('lists what was sent, newest first, with sender, statuses and recipients', async () => {
      const { lan } = await lanWithParticipants();
      const system = as.SystemAdministrator as SignedIn;
      const first = (await send(lan.id, message({ subject: 'First' }), randomUUID())).json();
      const second = (
        await send(
          lan.id,
          message({ subject: 'Second', statuses: ['Pending'], chat: true }),
          randomUUID(),
          system,
        )
      ).json();
      const third = (
        await send(lan.id, message({ subject: 'Third', body: 'Last one.' }), randomUUID())
      ).json();
      const response = await api.request(api.admin, 'GET', `/api/lans/${lan.id}/messages`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page).toMatchObject({ total: 3, offset: 0, limit: 20 });
      expect(page.items.map((item: { id: number }) => item.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);
      expect(page.items[1]).toEqual({
        id: second.id,
        subject: 'Second',
        body: 'Bring your own chair.\nParking is behind the hall.',
        sender: { id: system.user.id, nickname: system.user.nickname },
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        statuses: ['Pending'],
        chat: true,
        recipients: 1,
        unreachable: ['gus'],
      });
      expect(page.items[0]).toMatchObject({
        subject: 'Third',
        body: 'Last one.',
        sender: { id: api.admin.user.id, nickname: api.admin.user.nickname },
        statuses: ['Accepted', 'Paid'],
        chat: false,
        recipients: 2,
        unreachable: ['cat', 'dan'],
      });
      expect(Date.parse(page.items[0].sentAt)).toBeGreaterThanOrEqual(
        Date.parse(page.items[2].sentAt),
      );

      const paged = (
        await api.request(api.admin, 'GET', `/api/lans/${lan.id}/messages?offset=1&limit=1`)
      ).json();
      expect(paged).toMatchObject({ total: 3, offset: 1, limit: 1 });
      expect(paged.items.map((item: { id: number }) => item.id)).toEqual([second.id]);
    });

    it('lists only the lan’s own messages', async () => {
      const one = await api.createLan();
      const two = await api.createLan();
      await send(one.id, message(), randomUUID());
      const page = (await api.request(api.admin, 'GET', `/api/lans/${two.id}/messages`)).json();
      expect(page).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('who may send and read', () => {
    const wanted = (caller: Caller) =>
      caller === 'anonymous'
        ? 401
        : caller === 'LanAdministrator' || caller === 'SystemAdministrator'
          ? 'allowed'
          : 403;

    it.each(callers)('POST and GET messages as %s', async (caller) => {
      const lan = await api.createLan();
      const who = as[caller] ?? null;
      const mark = await api.outboxMark();
      const posted = await send(lan.id, message({ statuses: ['Pending'] }), randomUUID(), who);
      const listed = await api.request(who ?? undefined, 'GET', `/api/lans/${lan.id}/messages`);
      const expected = wanted(caller);
      expect(posted.statusCode).toBe(expected === 'allowed' ? 202 : expected);
      expect(listed.statusCode).toBe(expected === 'allowed' ? 200 : expected);
      if (expected !== 'allowed') {
        expect(await messageRows(lan.id)).toEqual([]);
        expect(await api.queuedSince(mark)).toEqual([]);
      }
    });

    it('answers 404 for an unknown lan and 400 for an id that is not one', async () => {
      const posted = await send(999999, message(), randomUUID());
      expect(posted.statusCode).toBe(404);
      expect(posted.json().detail).toBe('There is no lan 999999.');
      expect((await api.request(api.admin, 'GET', '/api/lans/999999/messages')).statusCode).toBe(
        404,
      );
      for (const id of ['abc', '0']) {
        const badPost = await api.request(api.admin, 'POST', `/api/lans/${id}/messages`, message());
        expect(badPost.statusCode).toBe(400);
        expect(Object.keys(badPost.json().errors)).toEqual(['id']);
        const badGet = await api.request(api.admin, 'GET', `/api/lans/${id}/messages`);
        expect(badGet.statusCode).toBe(400);
        expect(Object.keys(badGet.json().errors)).toEqual(['id']);
      }
      const badPage = await api.request(api.admin, 'GET', '/api/lans/1/messages?limit=0');
      expect(badPage.statusCode).toBe(400);
      expect(Object.keys(badPage.json().errors)).toEqual(['limit']);
    });
  });
});
