import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import { type AppDatabase, createDatabase } from '../../db/database.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { type Deliverers, deliverDueMessages } from '../outbox/outbox.worker.ts';
import { lanActivatedMessage, subscriberAcceptedMessage } from './chat-messages.ts';
import { createWebhookDeliverer, retryAfterMs } from './discord-webhook.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.ts';

const log = pino({ level: 'silent' });
const publicUrl = new URL('https://lan.example/');
const noMail = async () => {
  throw new Error('no mail expected');
};

function anAnnouncement(id = 12) {
  return lanActivatedMessage({
    lan: {
      id,
      name: `Winter Lan ${id}`,
      startDate: '2026-12-04T18:00:00+01:00',
      endDate: '2026-12-06T16:00:00+01:00',
      description: 'Bring your own computer.',
    },
    publicUrl,
  });
}

const seconds = (count: number) => new Date(Date.now() + count * 1000);

describe.each(testEngines)('chat posts through the outbox on %s', (engine) => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  let db: AppDatabase;
  let receiver: WebhookReceiver;
  let deliverers: Deliverers;

  beforeAll(async () => {
    database = await startTestDatabase(engine);
    db = database.db;
    receiver = await startWebhookReceiver();
    deliverers = { email: noMail, chat: createWebhookDeliverer(receiver.url) };
  });
  beforeEach(async () => {
    await db.deleteFrom('outbox').execute();
    receiver.reset();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  async function outboxRow() {
    return db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  }

  it('posts the message as JSON and waits for the receiver to confirm it', async () => {
    const message = anAnnouncement();
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'lan-12-activated', payload: message });
    expect(await deliverDueMessages(db, deliverers, log)).toBe(1);
    expect(receiver.posts).toHaveLength(1);
    const [post] = receiver.posts;
    expect(post?.path).toBe('/api/webhooks/42/secret-token');
    expect(post?.query.get('wait')).toBe('true');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.body).toEqual(message);
    expect(post?.body).toMatchObject({
      embeds: [{ title: 'Winter Lan 12', url: 'https://lan.example/lans/12' }],
      allowed_mentions: { parse: [] },
    });
    expect((await outboxRow()).delivered_at).not.toBeNull();
  });

  it('posts an event queued twice only once', async () => {
    const payload = subscriberAcceptedMessage({
      lan: { id: 3, name: 'Lan' },
      nickname: 'Frag',
      publicUrl,
    });
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'subscriber-9-accepted', payload });
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'subscriber-9-accepted', payload });
    await deliverDueMessages(db, deliverers, log);
    await deliverDueMessages(db, deliverers, log, seconds(3600));
    expect(receiver.posts).toHaveLength(1);
  });

  it("tries again after a 429's retry_after, not before", async () => {
    receiver.answerNext({
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 1.5, global: false },
    });
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'limited', payload: anAnnouncement() });
    const before = Date.now();
    expect(await deliverDueMessages(db, deliverers, log)).toBe(0);
    const after = Date.now();
    const row = await outboxRow();
    const nextAttempt = new Date(row.next_attempt_at).getTime();
    expect(nextAttempt).toBeGreaterThanOrEqual(before + 1500);
    expect(nextAttempt).toBeLessThanOrEqual(after + 1500);
    expect(row.attempts).toBe(1);
    expect(row.failed_at).toBeNull();

    expect(await deliverDueMessages(db, deliverers, log, seconds(1))).toBe(0);
    expect(receiver.posts).toHaveLength(1);
    expect(await deliverDueMessages(db, deliverers, log, seconds(1.6))).toBe(1);
    expect(receiver.posts.map((post) => post.status)).toEqual([429, 200]);
  });

  it('reads the Retry-After header when the 429 has no JSON body', async () => {
    receiver.answerNext({ status: 429, headers: { 'retry-after': '30' } });
    await enqueueMessage(db, {
      channel: 'chat',
      dedupeKey: 'limited-header',
      payload: anAnnouncement(),
    });
    const before = Date.now();
    await deliverDueMessages(db, deliverers, log);
    const nextAttempt = new Date((await outboxRow()).next_attempt_at).getTime();
    expect(nextAttempt).toBeGreaterThanOrEqual(before + 30_000);
    expect(nextAttempt).toBeLessThan(before + 35_000);
  });

  it('backs off after a 500 and delivers on a later try', async () => {
    receiver.answerNext({ status: 500, body: { message: 'oops' } });
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'broken', payload: anAnnouncement() });
    const before = Date.now();
    await deliverDueMessages(db, deliverers, log);
    const row = await outboxRow();
    expect(row.attempts).toBe(1);
    expect(row.failed_at).toBeNull();
    expect(row.last_error).toMatch(/^webhook answered 500/);
    // The first back-off is 5 s ± 25 %.
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + 3750);
    expect(await deliverDueMessages(db, deliverers, log, seconds(2))).toBe(0);
    expect(await deliverDueMessages(db, deliverers, log, seconds(7))).toBe(1);
    expect(receiver.posts.map((post) => post.status)).toEqual([500, 200]);
  });

  it('marks a message the receiver refuses with a 400 failed at once', async () => {
    receiver.answerNext({ status: 400, body: { message: 'Invalid Form Body', code: 50035 } });
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'refused', payload: anAnnouncement() });
    await deliverDueMessages(db, deliverers, log);
    const row = await outboxRow();
    expect(row.attempts).toBe(1);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toContain('webhook answered 400');
    expect(await deliverDueMessages(db, deliverers, log, seconds(7200))).toBe(0);
    expect(receiver.posts).toHaveLength(1);
  });

  it('backs off when the receiver does not answer in time, and never logs the token', async () => {
    receiver.answerNext({ status: 200, delayMs: 1000 });
    const slowDeliverers = {
      email: noMail,
      chat: createWebhookDeliverer(receiver.url, { timeoutMs: 100 }),
    };
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'slow', payload: anAnnouncement() });
    await deliverDueMessages(db, slowDeliverers, log);
    const row = await outboxRow();
    expect(row.last_error).toBe('webhook unreachable: timed out');
    expect(row.failed_at).toBeNull();
    expect(row.last_error).not.toContain('secret-token');
  });

  it('backs off when the receiver is unreachable', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'down', payload: anAnnouncement() });
    await deliverDueMessages(db, { email: noMail, chat: createWebhookDeliverer(closed.url) }, log);
    const row = await outboxRow();
    expect(row.last_error).toBe('webhook unreachable: ECONNREFUSED');
    expect(row.attempts).toBe(1);
    expect(row.failed_at).toBeNull();
  });

  it('posts each message once when two server instances share the database', async () => {
    // A second connection pool, as a second server process would have.
    const otherInstance = createDatabase(database.config.database);
    try {
      for (let id = 1; id <= 10; id += 1) {
        await enqueueMessage(db, {
          channel: 'chat',
          dedupeKey: `lan-${id}`,
          payload: anAnnouncement(id),
        });
      }
      // A slow receiver keeps both workers busy at once.
      receiver.setDelayMs(20);
      const [first, second] = await Promise.all([
        deliverDueMessages(db, deliverers, log),
        deliverDueMessages(otherInstance, deliverers, log),
      ]);
      expect(first + second).toBe(10);
      const urls = receiver.posts.map(
        (post) => (post.body as { embeds: Array<{ url: string }> }).embeds[0]?.url,
      );
      expect(urls).toHaveLength(10);
      expect(new Set(urls).size).toBe(10);
      // Later runs of either instance find nothing left to send.
      expect(await deliverDueMessages(otherInstance, deliverers, log, seconds(3600))).toBe(0);
      expect(await deliverDueMessages(db, deliverers, log, seconds(3600))).toBe(0);
      expect(receiver.posts).toHaveLength(10);
    } finally {
      await otherInstance.destroy();
    }
  });
});

describe('retryAfterMs', () => {
  const noHeaders = new Headers();

  it("reads Discord's fractional retry_after in seconds", () => {
    expect(retryAfterMs('{"retry_after": 1.5}', noHeaders)).toBe(1500);
    expect(retryAfterMs('{"retry_after": 0.0004}', noHeaders)).toBe(1);
  });

  it('prefers the body over the header', () => {
    expect(retryAfterMs('{"retry_after": 2}', new Headers({ 'retry-after': '60' }))).toBe(2000);
  });

  it('falls back to a Retry-After header in seconds or as a date', () => {
    expect(retryAfterMs('', new Headers({ 'retry-after': '3' }))).toBe(3000);
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(
      retryAfterMs('', new Headers({ 'retry-after': 'Fri, 20 Nov 2026 12:00:10 GMT' }), now),
    ).toBe(10_000);
  });

  it('knows nothing when neither says how long', () => {
    expect(retryAfterMs('{"message":"slow down"}', noHeaders)).toBeUndefined();
    expect(retryAfterMs('not json', new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});
