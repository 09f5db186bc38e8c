import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestSite, startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { mailFileName, mailFolderOf, sweepMailFolder } from './mail-files.ts';
import { createMailer } from './mailer.ts';
import {
  cancelWaitingMessage,
  claimMessage,
  type EmailMessage,
  enqueueMessage,
} from './outbox.repository.ts';
import {
  backoffMs,
  deliverDueMessages,
  maximumAttempts,
  PermanentDeliveryError,
  RetryLaterError,
} from './outbox.worker.ts';

const log = pino({ level: 'silent' });
const mail = (to: string): EmailMessage => ({
  to,
  subject: 'Hello',
  text: 'Open https://lan.example/profile/email-verification/abc',
});

describe.each(testEngines)('the outbox on %s', (engine) => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  let db: AppDatabase;

  beforeAll(async () => {
    database = await startTestDatabase(engine);
    db = database.db;
  });
  beforeEach(async () => {
    await db.deleteFrom('outbox').execute();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('delivers a queued message once and marks it delivered', async () => {
    const sent: string[] = [];
    await enqueueMessage(db, { channel: 'email', dedupeKey: 'a', payload: mail('a@example.org') });
    expect(
      await deliverDueMessages(db, { email: async (message) => void sent.push(message.to) }, log),
    ).toBe(1);
    expect(
      await deliverDueMessages(db, { email: async (message) => void sent.push(message.to) }, log),
    ).toBe(0);
    expect(sent).toEqual(['a@example.org']);
  });

  it('queues a dedupe key only once', async () => {
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'same',
      payload: mail('a@example.org'),
    });
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'same',
      payload: mail('b@example.org'),
    });
    expect(await db.selectFrom('outbox').selectAll().execute()).toHaveLength(1);
  });

  it('tries a failed message again later, with back-off', async () => {
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'fails',
      payload: mail('a@example.org'),
    });
    const before = Date.now();
    await deliverDueMessages(
      db,
      { email: async () => Promise.reject(new Error('SMTP is down')) },
      log,
    );
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe('SMTP is down');
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + 3000);
    // Not due yet: nothing is tried.
    let tried = 0;
    const countTry = async () => {
      tried += 1;
    };
    await deliverDueMessages(db, { email: countTry }, log);
    expect(tried).toBe(0);
  });

  it('waits as long as a rate-limited receiver asks', async () => {
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'limited', payload: { content: 'hi' } });
    const before = Date.now();
    await deliverDueMessages(
      db,
      {
        email: async () => {},
        chat: async () => Promise.reject(new RetryLaterError('429', 120_000)),
      },
      log,
    );
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + 120_000);
  });

  it('gives up after the last attempt', async () => {
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'hopeless',
      payload: mail('a@example.org'),
    });
    await db
      .updateTable('outbox')
      .set({ attempts: maximumAttempts - 1 })
      .execute();
    await deliverDueMessages(db, { email: async () => Promise.reject(new Error('no')) }, log);
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.failed_at).not.toBeNull();
  });

  it('logs a failed delivery without the address the mail server named', async () => {
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'rejected',
      payload: mail('frag.person@example.org'),
    });
    const lines: string[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const rejected = new Error('550 5.1.1 <frag.person@example.org>: Recipient address rejected');
    await deliverDueMessages(db, { email: async () => Promise.reject(rejected) }, logged);
    expect(lines.join('')).toContain('Recipient address rejected');
    expect(lines.join('')).not.toContain('frag.person@example.org');
  });

  it('gives up at once when the receiver refuses the message for good', async () => {
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'refused', payload: { content: 'hi' } });
    await deliverDueMessages(
      db,
      {
        email: async () => {},
        chat: async () => Promise.reject(new PermanentDeliveryError('webhook answered 400')),
      },
      log,
    );
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toBe('webhook answered 400');
    expect(await deliverDueMessages(db, { email: async () => {}, chat: async () => {} }, log)).toBe(
      0,
    );
  });

  it('leaves chat messages alone while chat is off', async () => {
    await enqueueMessage(db, { channel: 'chat', dedupeKey: 'no-chat', payload: { content: 'hi' } });
    expect(await deliverDueMessages(db, { email: async () => {} }, log)).toBe(0);
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect(row.failed_at).toBeNull();
  });

  it('holds a message back until its time', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    await enqueueMessage(
      db,
      { channel: 'email', dedupeKey: 'later', payload: mail('a@example.org') },
      now,
      { notBefore: new Date(now.getTime() + 60_000) },
    );
    const sent: string[] = [];
    const deliver = { email: async (message: EmailMessage) => void sent.push(message.to) };
    expect(await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 59_999))).toBe(0);
    expect(await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 60_000))).toBe(1);
    expect(sent).toEqual(['a@example.org']);
  });

  it('cancels a thread’s waiting message, but not one that is due, sent or someone else’s', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const queue = (dedupeKey: string, thread: string, origin: string) =>
      enqueueMessage(
        db,
        { channel: 'email', dedupeKey, payload: mail(`${dedupeKey}@example.org`) },
        now,
        { notBefore: new Date(now.getTime() + 60_000), thread: { key: thread, origin } },
      );
    await queue('waits', 'thread-a', 'Pending');
    await queue('other', 'thread-b', 'Accepted');
    expect(await cancelWaitingMessage(db, 'thread-a', new Date(now.getTime() + 30_000))).toEqual({
      origin: 'Pending',
    });
    // Once cancelled, never again, and never sent.
    expect(await cancelWaitingMessage(db, 'thread-a', new Date(now.getTime() + 31_000))).toBe(
      undefined,
    );
    const sent: string[] = [];
    const deliver = { email: async (message: EmailMessage) => void sent.push(message.to) };
    await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 60_000));
    expect(sent).toEqual(['other@example.org']);
    // Sent already: nothing to cancel.
    expect(await cancelWaitingMessage(db, 'thread-b', new Date(now.getTime() + 30_000))).toBe(
      undefined,
    );
    // Due but taken by no worker yet: still cancelled, never sent.
    await queue('due', 'thread-c', 'Denied');
    expect(await cancelWaitingMessage(db, 'thread-c', new Date(now.getTime() + 90_000))).toEqual({
      origin: 'Denied',
    });
    // Taken by a worker: it is on its way, and its claim wins.
    await queue('claimed', 'thread-d', 'Paid');
    const claimed = await db
      .selectFrom('outbox')
      .select('id')
      .where('dedupe_key', '=', 'claimed')
      .executeTakeFirstOrThrow();
    const at = new Date(now.getTime() + 60_000);
    expect(await claimMessage(db, claimed.id, at, new Date(at.getTime() + 60_000))).toBe(true);
    expect(await cancelWaitingMessage(db, 'thread-d', new Date(at.getTime() + 1000))).toBe(
      undefined,
    );
    expect(sent).toEqual(['other@example.org']);
  });

  it('cancels a message waiting out a failed delivery, the oldest telling what was known', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const queue = (dedupeKey: string, origin: string, at: Date) =>
      enqueueMessage(
        db,
        { channel: 'email', dedupeKey, payload: mail(`${dedupeKey}@example.org`) },
        at,
        { notBefore: new Date(at.getTime() + 60_000), thread: { key: 'thread-e', origin } },
      );
    await queue('first', 'Pending', now);
    await deliverDueMessages(
      db,
      { email: async () => Promise.reject(new RetryLaterError('421 try later', 3_600_000)) },
      log,
      new Date(now.getTime() + 60_000),
    );
    await queue('second', 'Accepted', new Date(now.getTime() + 70_000));
    expect(await cancelWaitingMessage(db, 'thread-e', new Date(now.getTime() + 80_000))).toEqual({
      origin: 'Pending',
    });
    const sent: string[] = [];
    const deliver = { email: async (message: EmailMessage) => void sent.push(message.to) };
    await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 7_200_000));
    expect(sent).toEqual([]);
  });

  it('sends a thread’s messages in order: a later one waits for an earlier one’s retry', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const queue = (dedupeKey: string, at: Date, thread = 'thread-f') =>
      enqueueMessage(
        db,
        { channel: 'email', dedupeKey, payload: mail(`${dedupeKey}@example.org`) },
        at,
        { notBefore: new Date(at.getTime() + 60_000), thread: { key: thread, origin: 'Pending' } },
      );
    await queue('first', now);
    await deliverDueMessages(
      db,
      { email: async () => Promise.reject(new RetryLaterError('421 try later', 3_600_000)) },
      log,
      new Date(now.getTime() + 60_000),
    );
    await queue('second', new Date(now.getTime() + 61_000));
    await queue('elsewhere', new Date(now.getTime() + 61_000), 'thread-g');
    const sent: string[] = [];
    const deliver = { email: async (message: EmailMessage) => void sent.push(message.to) };
    await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 121_000));
    expect(sent).toEqual(['elsewhere@example.org']);
    // The earlier one's retry, then (the next run) the later one.
    await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 3_660_000));
    await deliverDueMessages(db, deliver, log, new Date(now.getTime() + 3_660_000));
    expect(sent).toEqual(['elsewhere@example.org', 'first@example.org', 'second@example.org']);
  });

  it('sends each message once when two workers run at the same time', async () => {
    for (let index = 0; index < 10; index += 1) {
      await enqueueMessage(db, {
        channel: 'email',
        dedupeKey: `race-${index}`,
        payload: mail(`${index}@example.org`),
      });
    }
    const sent: string[] = [];
    const deliver = { email: async (message: EmailMessage) => void sent.push(message.to) };
    const [first, second] = await Promise.all([
      deliverDueMessages(db, deliver, log),
      deliverDueMessages(db, deliver, log),
    ]);
    expect(first + second).toBe(10);
    expect(new Set(sent).size).toBe(10);
    expect(sent).toHaveLength(10);
  });

  it('sweeps away a mail file left half-written by a crash once it is a few minutes old', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lanparty-sweep-'));
    try {
      const folder = mailFolderOf(dataDir);
      mkdirSync(folder);
      const now = new Date('2026-03-01T12:00:00Z');
      // As the mailer leaves one that crashed between writing and renaming it.
      const left = path.join(folder, `${mailFileName(now, '7')}.tmp`);
      const writing = path.join(folder, `${mailFileName(now, '8')}.tmp`);
      for (const file of [left, writing]) writeFileSync(file, 'To: someone@example.org');
      utimesSync(
        left,
        new Date(now.getTime() - 10 * 60_000),
        new Date(now.getTime() - 10 * 60_000),
      );
      utimesSync(writing, new Date(now.getTime() - 30_000), new Date(now.getTime() - 30_000));
      await sweepMailFolder(db, dataDir, now);
      expect(readdirSync(folder)).toEqual([path.basename(writing)]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('cancels a message emptied by an erasure while it was being sent, and never sends it again', async () => {
    await enqueueMessage(db, {
      channel: 'email',
      dedupeKey: 'erased-in-flight',
      payload: mail('gone@example.org'),
    });
    const now = new Date();
    await deliverDueMessages(
      db,
      {
        // The erasure comes while this worker holds the message (forgetMessagesAbout
        // empties a claimed message without cancelling it), and this send fails.
        email: async () => {
          await db.updateTable('outbox').set({ payload: '{}' }).execute();
          throw new Error('mail server away');
        },
      },
      log,
      now,
    );
    const sent: EmailMessage[] = [];
    const later = new Date(now.getTime() + 3_600_000);
    expect(
      await deliverDueMessages(db, { email: async (m) => void sent.push(m) }, log, later),
    ).toBe(0);
    expect(sent).toEqual([]);
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
    expect(row.payload).toBe('{}');
  });
});

describe('the mailer without SMTP', () => {
  it('writes an .eml file to the data folder', async () => {
    const site = await createTestSite('sqlite');
    try {
      const send = createMailer(
        { smtpUrl: undefined, from: 'Lanparty <noreply@lan.example>' },
        site.dataDir,
        log,
      );
      await send(mail('frag@example.org'), '7');
      const folder = path.join(site.dataDir, 'mail');
      const [file] = readdirSync(folder);
      expect(file).toMatch(/-7\.eml$/);
      const raw = readFileSync(path.join(folder, file ?? ''), 'utf8');
      expect(raw).toContain('To: frag@example.org');
      expect(raw).toContain('Subject: Hello');
      expect(raw).toContain('/profile/email-verification/abc');
    } finally {
      await site.cleanUp();
    }
  });
});

describe('backoffMs', () => {
  it('doubles from 5 s to at most an hour, within ±25 %', () => {
    expect(backoffMs(1, () => 0.5)).toBe(5000);
    expect(backoffMs(2, () => 0.5)).toBe(10_000);
    expect(backoffMs(30, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(1, () => 0)).toBe(3750);
    expect(backoffMs(1, () => 1)).toBe(6250);
  });
});
