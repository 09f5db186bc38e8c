import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/executor.ts';
import { claimJobRun } from '../jobs/job-runs.repository.ts';
import { mailFileName, sweepMailFolder } from '../outbox/mail-files.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { sweepOldRecords } from './retention.ts';

const day = 24 * 3_600_000;

describe.each(testEngines)('keeping less on %s', (engine: Engine) => {
  let db: AppDatabase;
  let dataDir: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestDatabase(engine);
    ({ db, close } = started);
    dataDir = started.config.dataDir;
  });
  afterAll(async () => close());

  it('deletes spent counters and sign-in records, and empties mail sent over 30 days ago', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * day).toISOString();
    await db
      .insertInto('attempt_counters')
      .values([
        { key: 'spent', count: 3, expires_at: now.getTime() - 1_000 },
        { key: 'running', count: 1, expires_at: now.getTime() + 60_000 },
      ])
      .execute();
    const record = (id: string, expires: string, consumed: string | null) => ({
      kind: 'Session',
      id,
      payload: '{"accountId":"someone"}',
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: expires,
      consumed_at: consumed,
    });
    await db
      .insertInto('oidc_records')
      .values([
        record('expired', ago(1), null),
        record('used-long-ago', ago(-1), ago(31)),
        record('current', ago(-10), null),
      ])
      .execute();
    for (const [key, channel, daysAgo] of [
      ['old mail', 'email', 31],
      ['new mail', 'email', 5],
      ['old chat', 'chat', 31],
    ] as const) {
      await enqueueMessage(
        db,
        channel === 'email'
          ? { channel, dedupeKey: key, payload: { to: 'a@example.org', subject: key, text: 'Hi' } }
          : { channel, dedupeKey: key, payload: { content: key } as never },
        new Date(now.getTime() - daysAgo * day),
      );
      await db
        .updateTable('outbox')
        .set({ delivered_at: ago(daysAgo) })
        .where('dedupe_key', '=', key)
        .execute();
    }
    // The mail files a server wrote, named by their message's id.
    const folder = path.join(dataDir, 'mail');
    await mkdir(folder, { recursive: true });
    const fileOf = async (key: string) => {
      const { id } = await db
        .selectFrom('outbox')
        .select('id')
        .where('dedupe_key', '=', key)
        .executeTakeFirstOrThrow();
      const name = mailFileName(new Date(), String(id));
      await writeFile(path.join(folder, name), 'To: a@example.org');
      return name;
    };
    await fileOf('old mail');
    const newFile = await fileOf('new mail');

    expect(await sweepOldRecords(db, now)).toEqual({
      attemptCounters: 1,
      signInRecords: 2,
      mails: 2,
    });
    // Each server's sweep of its own folder takes the files whose text went.
    expect(await sweepMailFolder(db, dataDir)).toBe(1);
    expect(
      (await db.selectFrom('attempt_counters').select('key').execute()).map((r) => r.key),
    ).toEqual(['running']);
    expect((await db.selectFrom('oidc_records').select('id').execute()).map((r) => r.id)).toEqual([
      'current',
    ]);
    const payloads = Object.fromEntries(
      (await db.selectFrom('outbox').select(['dedupe_key', 'payload']).execute()).map((row) => [
        row.dedupe_key,
        row.payload,
      ]),
    );
    // The row stays (its key keeps the message from being queued again), its text goes.
    expect(payloads['old mail']).toBe('{}');
    expect(payloads['new mail']).toContain('a@example.org');
    expect(payloads['old chat']).toBe('{}');
    expect(await readdir(folder)).toEqual([newFile]);
    expect(await sweepOldRecords(db, now)).toEqual({
      attemptCounters: 0,
      signInRecords: 0,
      mails: 0,
    });
    expect(await sweepMailFolder(db, dataDir)).toBe(0);
  });

  it('gives a round of a shared job to one server alone', async () => {
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimJobRun(db, 'test-job', 60_000, now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(db, 'test-job', 60_000, new Date(now.getTime() + 30_000))).toBe(false);
    expect(await claimJobRun(db, 'test-job', 60_000, new Date(now.getTime() + 60_000))).toBe(true);
    expect(await claimJobRun(db, 'other-job', 60_000, now)).toBe(true);
  });
});
