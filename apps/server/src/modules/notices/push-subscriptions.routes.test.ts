import { importJWK, jwtVerify } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Person, setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';
import { deliverDueMessages } from '../outbox/outbox.worker.ts';
import { endpointAddressProblem, isAllowedPushAddress } from './push-endpoint.ts';
import {
  type PushReceiver,
  startPushReceiver,
  type TestBrowser,
} from './test-support/push-receiver.ts';
import { createPushDeliverer, loadOrCreateVapidKeys } from './web-push.ts';

const log = pino({ level: 'silent' });
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('push endpoints are public addresses (issue 53 §4)', () => {
  it('refuses private, loopback, link-local and unique-local addresses, also written as IPv6', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.5',
      '127.0.0.1',
      '127.8.8.8',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ])
      expect(isAllowedPushAddress(address, false), address).toBe(false);
    for (const address of ['8.8.8.8', '172.32.0.1', '142.250.74.110', '2606:4700:4700::1111'])
      expect(isAllowedPushAddress(address, false), address).toBe(true);
  });

  it('allows loopback only on a plain-http local site, and never the other internal ones', () => {
    expect(isAllowedPushAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedPushAddress('::1', true)).toBe(true);
    expect(isAllowedPushAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedPushAddress('169.254.169.254', true)).toBe(false);
  });

  it('checks the address a name resolves to', async () => {
    expect(await endpointAddressProblem('https://localhost/push/1', false)).toBe(
      'Must be a push service on a public address',
    );
    expect(await endpointAddressProblem('https://localhost/push/1', true)).toBeUndefined();
    expect(await endpointAddressProblem('https://[fd00::1]/push/1', true)).toBe(
      'Must be a push service on a public address',
    );
    expect(await endpointAddressProblem('https://no-such-host.invalid/push', false)).toBe(
      'Must be a push service whose address resolves',
    );
  });
});

describe.each(testEngines)('web push subscriptions on %s', (engine) => {
  const { api, site } = setUpOrganiserSite(engine);
  let receiver: PushReceiver;
  beforeAll(async () => {
    receiver = await startPushReceiver();
  });
  beforeEach(() => receiver.reset());
  afterAll(async () => {
    await receiver?.close();
  });

  const subscribe = (who: Person, body: unknown) =>
    api.request(who, 'POST', '/api/users/me/push-subscriptions', body as object);
  const ownList = async (who: Person) => {
    const response = await api.request(who, 'GET', '/api/users/me/push-subscriptions');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { publicKey: string; items: Array<{ id: number; endpoint: string }> };
  };
  /** The outbox's due messages delivered, as its worker does, at `at` (an hour on). */
  const deliver = (at = later(3600)) =>
    deliverDueMessages(
      site.db,
      {
        email: async () => {},
        push: createPushDeliverer({
          db: site.db,
          keys: () => loadOrCreateVapidKeys(site.db),
          subject: 'mailto:noreply@lan.example',
          allowsLoopback: true,
        }),
      },
      log,
      at,
    );
  const queuedPushes = async () =>
    site.db
      .selectFrom('outbox')
      .select(['dedupe_key', 'delivered_at', 'failed_at', 'attempts', 'next_attempt_at'])
      .where('channel', '=', 'push')
      .orderBy('id')
      .execute();

  it('gives the site’s VAPID key, the same on every read, and the browsers one is notified on', async () => {
    const who = await api.person();
    const first = await ownList(who);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.items).toEqual([]);
    expect((await ownList(await api.person())).publicKey).toBe(first.publicKey);
    const browser = receiver.browser();
    const created = await subscribe(who, browser.subscription);
    expect(created.statusCode, created.body).toBe(201);
    expect((await ownList(who)).items).toEqual([
      {
        id: created.json().id,
        endpoint: browser.subscription.endpoint,
        createdAt: expect.any(String),
      },
    ]);
    expect(
      (await api.request(undefined, 'GET', '/api/users/me/push-subscriptions')).statusCode,
    ).toBe(401);
    expect((await subscribe(undefined as never, browser.subscription)).statusCode).toBe(401);
  });

  it('refuses bad subscriptions field by field and stores nothing', async () => {
    const who = await api.person();
    const { subscription } = receiver.browser();
    const refusals: Array<[object, string, string]> = [
      [{ ...subscription, endpoint: 'not a url' }, 'endpoint', 'Must be a URL'],
      [
        { ...subscription, endpoint: 'http://push.example.org/x' },
        'endpoint',
        'Must be an https address',
      ],
      [
        { ...subscription, endpoint: 'ftp://push.example.org/x' },
        'endpoint',
        'Must be an https address',
      ],
      [
        { ...subscription, endpoint: 'https://a:b@push.example.org/x' },
        'endpoint',
        'Must not hold a user name or password',
      ],
      [
        { ...subscription, endpoint: 'https://192.168.1.5/push' },
        'endpoint',
        'Must be a push service on a public address',
      ],
      [
        { ...subscription, endpoint: 'https://169.254.169.254/latest' },
        'endpoint',
        'Must be a push service on a public address',
      ],
      [
        { ...subscription, endpoint: 'https://[fd00::5]/push' },
        'endpoint',
        'Must be a push service on a public address',
      ],
      [
        {
          ...subscription,
          keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') },
        },
        'keys.p256dh',
        'Must be the browser’s P-256 public key (65 bytes)',
      ],
      [
        {
          ...subscription,
          keys: { ...subscription.keys, auth: Buffer.alloc(8).toString('base64url') },
        },
        'keys.auth',
        'Must be the browser’s 16-byte authentication secret',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const response = await subscribe(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
    const missing = await subscribe(who, { endpoint: subscription.endpoint });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['keys']);
    expect((await ownList(who)).items).toEqual([]);
  });

  it('keeps one row per browser: a browser subscribed again is renewed, one of another person moves', async () => {
    const [who, other] = [await api.person(), await api.person()];
    const browser = receiver.browser();
    expect((await subscribe(who, browser.subscription)).statusCode).toBe(201);
    expect((await subscribe(who, browser.subscription)).statusCode).toBe(200);
    expect((await ownList(who)).items).toHaveLength(1);
    // The shared computer at the lan: the next person signs in and asks to be notified.
    expect((await subscribe(other, browser.subscription)).statusCode).toBe(201);
    expect((await ownList(who)).items).toEqual([]);
    expect((await ownList(other)).items).toHaveLength(1);
  });

  it('allows 5 browsers a person, also when six are sent at once', async () => {
    const who = await api.person();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => subscribe(who, receiver.browser().subscription)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 201, 201, 201, 409,
    ]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().detail).toBe(
      'You are notified on 5 browsers already: turn one of them off first.',
    );
    expect((await ownList(who)).items).toHaveLength(5);
  });

  it('removes one’s own subscription only', async () => {
    const [who, other] = [await api.person(), await api.person()];
    const { id } = (await subscribe(who, receiver.browser().subscription)).json();
    const path = `/api/users/me/push-subscriptions/${id}`;
    expect((await api.request(other, 'DELETE', path)).statusCode).toBe(404);
    expect((await ownList(who)).items).toHaveLength(1);
    expect((await api.request(who, 'DELETE', path)).statusCode).toBe(204);
    expect((await api.request(who, 'DELETE', path)).statusCode).toBe(404);
    expect((await ownList(who)).items).toEqual([]);
  });

  it('pushes a notice to each of the person’s browsers, encrypted for it and signed with the site’s key', async () => {
    const lan = await api.createLan({ name: 'Push lan' });
    const who = await api.person();
    const [phone, laptop] = [receiver.browser(), receiver.browser()];
    for (const browser of [phone, laptop])
      expect((await subscribe(who, browser.subscription)).statusCode).toBe(201);
    const { id } = await api.subscribe(lan.id, who);
    await api.setStatus(id, 'accepted');
    await deliver();

    const notice = {
      id: expect.any(Number),
      text: 'You have a place at Push lan.',
      link: `/lans/${lan.id}`,
    };
    expect(
      receiver.pushes.map(({ browser, payload, status }) => ({ browser, payload, status })),
    ).toEqual(
      expect.arrayContaining([
        { browser: phone.name, payload: notice, status: 201 },
        { browser: laptop.name, payload: notice, status: 201 },
      ]),
    );
    expect(receiver.pushes).toHaveLength(2);
    const [push] = receiver.pushes;
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    // The VAPID token: for this push service's origin, verifiable with the site's public key.
    const { publicKey } = await ownList(who);
    const [, token, key] =
      /^vapid t=([^,]+), k=(.+)$/.exec(String(push?.headers.authorization)) ?? [];
    expect(key).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const { payload } = await jwtVerify(String(token), await importJWK(jwk, 'ES256'));
    expect(payload.aud).toBe(receiver.origin);
    expect(payload.sub).toBe('mailto:noreply@lan.example');

    // Sent once: another run sends nothing again.
    await deliver();
    expect(receiver.pushes).toHaveLength(2);
  });

  it('waits as a 429 asks, retries a 5xx, and forgets a browser that is gone', async () => {
    const lan = await api.createLan({ name: 'Busy push lan' });
    const who = await api.person();
    const [limited, failing, gone] = [receiver.browser(), receiver.browser(), receiver.browser()];
    for (const browser of [limited, failing, gone])
      expect((await subscribe(who, browser.subscription)).statusCode).toBe(201);
    receiver.answerNext(limited.name, { status: 429, headers: { 'retry-after': '120' } });
    receiver.answerNext(failing.name, { status: 503 });
    receiver.unsubscribe(gone.name);
    const { id } = await api.subscribe(lan.id, who);
    await api.setStatus(id, 'accepted');
    await deliver();

    expect(receiver.pushes.map(({ status }) => status).sort()).toEqual([410, 429, 503]);
    const waiting = await queuedPushes();
    expect(waiting.filter((row) => row.delivered_at === null)).toHaveLength(2);
    const limitedRow = waiting.find((row) => row.attempts === 1 && row.delivered_at === null);
    expect(limitedRow?.failed_at).toBeNull();
    // The gone browser's subscription is removed, its message done.
    expect((await ownList(who)).items.map(({ endpoint }) => endpoint).sort()).toEqual(
      [limited.subscription.endpoint, failing.subscription.endpoint].sort(),
    );
    // 429's wait is honoured: two minutes after, both are tried again and arrive.
    await deliver(later(3600 + 600));
    expect(
      receiver.pushes
        .filter(({ status }) => status === 201)
        .map(({ browser }) => browser)
        .sort(),
    ).toEqual([limited.name, failing.name].sort());
    expect((await queuedPushes()).every((row) => row.delivered_at !== null)).toBe(true);
  });

  it('sends each push once with two workers at once, and nothing to a browser removed before', async () => {
    const lan = await api.createLan({ name: 'Race push lan' });
    const people = await Promise.all(Array.from({ length: 8 }, () => api.person()));
    const browsers = new Map<number, TestBrowser>();
    for (const who of people) {
      const browser = receiver.browser();
      browsers.set(who.user.id, browser);
      expect((await subscribe(who, browser.subscription)).statusCode).toBe(201);
      const { id } = await api.subscribe(lan.id, who);
      await api.setStatus(id, 'accepted');
    }
    const quitter = people[0] as Person;
    const { items } = await ownList(quitter);
    await api.request(quitter, 'DELETE', `/api/users/me/push-subscriptions/${items[0]?.id}`);
    await Promise.all([deliver(), deliver()]);
    const names = receiver.pushes.map(({ browser }) => browser);
    expect(names).toHaveLength(7);
    expect(new Set(names).size).toBe(7);
    expect(names).not.toContain(browsers.get(quitter.user.id)?.name);
  });

  it('goes with the person: erased, their browsers are forgotten and exported before', async () => {
    const who = await api.person();
    const browser = receiver.browser();
    await subscribe(who, browser.subscription);
    const exported = await api.request(who, 'GET', '/api/users/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(JSON.stringify(exported.json())).toContain(browser.subscription.endpoint);
    const manager = await api.person({ roles: ['MemberAdministrator'] });
    const erased = await api.request(manager, 'DELETE', `/api/users/${who.user.id}`);
    expect(erased.statusCode, erased.body).toBe(204);
    const left = await site.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
