import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import type { AppDatabase } from '../db/database.ts';
import { insertUser } from '../modules/accounts/accounts.repository.ts';
import { ensureGames } from '../modules/playtime/playtime.repository.ts';
import { createKeptAnswers } from './kept-answers.ts';

describe.each(testEngines)('kept answers on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  let userId: number;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
    userId = (await insertUser(db, { subject: 'kept-1', nickname: 'keeper' })).id;
    await ensureGames(db, [730], new Date());
  });
  afterAll(async () => close?.());

  /** A fill that answers how often it ran, so a test sees when the answer was built again. */
  function counter() {
    let fills = 0;
    return {
      fill: vi.fn(async () => JSON.stringify({ fills: ++fills })),
      get fills() {
        return fills;
      },
    };
  }

  it('keeps an answer until a table of its group changes, also an uploaded image', async () => {
    const answers = createKeptAnswers(db);
    const { fill } = counter();
    const read = () => answers.read('users', { groups: ['lans'] }, fill);
    expect(await read()).toBe('{"fills":1}');
    expect(await read()).toBe('{"fills":1}');

    await db.updateTable('users').set({ nickname: 'keeper2' }).where('id', '=', userId).execute();
    expect(await read()).toBe('{"fills":2}');

    await db
      .insertInto('assets')
      .values({
        asset_id: `user-${userId}`,
        type: 'image/png',
        bytes: Buffer.from('png'),
        etag: '"1"',
        width: 1,
        height: 1,
        modification_date: new Date().toISOString(),
      })
      .execute();
    expect(await read()).toBe('{"fills":3}');
    // Playtime is not in the lans group.
    await db
      .insertInto('playtimes')
      .values({ user_id: userId, game_id: 730, play_day: '2026-01-02', seconds: 60 })
      .execute();
    expect(await read()).toBe('{"fills":3}');
  });

  it('hands a build the answer kept before it, to bring up to date', async () => {
    const answers = createKeptAnswers<string[]>(db);
    const seen: (string[] | undefined)[] = [];
    const read = () =>
      answers.read('grown', { groups: ['lans'] }, async (previous) => {
        seen.push(previous);
        return [...(previous ?? []), `built ${seen.length}`];
      });
    expect(await read()).toEqual(['built 1']);
    await db.updateTable('users').set({ nickname: 'grower' }).where('id', '=', userId).execute();
    expect(await read()).toEqual(['built 1', 'built 2']);
    expect(seen).toEqual([undefined, ['built 1']]);
  });

  it('keeps a stats answer until playtime is written', async () => {
    const answers = createKeptAnswers(db);
    const { fill } = counter();
    const read = () => answers.read('stats', { groups: ['lans', 'playtime'] }, fill);
    expect(await read()).toBe('{"fills":1}');
    expect(await read()).toBe('{"fills":1}');
    await db
      .insertInto('playtimes')
      .values([
        { user_id: userId, game_id: 730, play_day: '2026-01-03', seconds: 60 },
        { user_id: userId, game_id: 730, play_day: '2026-01-04', seconds: 90 },
      ])
      .execute();
    expect(await read()).toBe('{"fills":2}');
    await db.deleteFrom('playtimes').where('play_day', '=', '2026-01-03').execute();
    expect(await read()).toBe('{"fills":3}');
  });

  it('builds again once the answer goes stale with time', async () => {
    let clock = Date.parse('2026-11-30T05:00:00Z');
    const answers = createKeptAnswers(db, { now: () => new Date(clock) });
    const { fill } = counter();
    const depends = {
      groups: ['playtime'] as const,
      validUntil: (now: Date) => now.getTime() + 60_000,
    };
    const read = () => answers.read('month', depends, fill);
    await read();
    clock += 59_000;
    await read();
    expect(fill).toHaveBeenCalledTimes(1);
    clock += 1_000;
    await read();
    await read();
    expect(fill).toHaveBeenCalledTimes(2);
  });

  it('builds once for readers missing together, and keeps no failure', async () => {
    const answers = createKeptAnswers(db);
    const { fill } = counter();
    const reads = await Promise.all(
      Array.from({ length: 10 }, () => answers.read('shared', { groups: ['lans'] }, fill)),
    );
    expect(new Set(reads)).toEqual(new Set(['{"fills":1}']));
    expect(fill).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async () => {
      throw new Error('no such month');
    });
    await expect(answers.read('failing', { groups: ['lans'] }, failing)).rejects.toThrow();
    await expect(answers.read('failing', { groups: ['lans'] }, failing)).rejects.toThrow();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('builds a key once at a time while its data keeps changing, never older than a look', async () => {
    const answers = createKeptAnswers(db);
    let fills = 0;
    let release = () => {};
    const fill = vi.fn(async () => {
      fills += 1;
      const number = fills;
      if (number === 1) await new Promise<void>((resolve) => (release = resolve));
      return JSON.stringify({ fills: number });
    });
    const first = answers.read('busy', { groups: ['lans'] }, fill);
    await vi.waitFor(() => expect(fill).toHaveBeenCalledTimes(1));
    // Changed again and again while the first build runs, a reader looking after each
    // change: each must get an answer newer than the first, built after its look.
    const later: Promise<string>[] = [];
    for (let change = 0; change < 5; change += 1) {
      await insertUser(db, { subject: `busy-${change}-${Date.now()}`, nickname: 'writer' });
      later.push(answers.read('busy', { groups: ['lans'] }, fill));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    expect(await first).toBe('{"fills":1}');
    expect(new Set(await Promise.all(later))).toEqual(new Set(['{"fills":2}']));
    // Two builds for six readers at five versions: the one under way, and one after it.
    expect(fill).toHaveBeenCalledTimes(2);
  });
});
