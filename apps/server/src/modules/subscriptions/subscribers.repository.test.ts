import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { insertSubscriber } from './subscribers.repository.ts';

/** The short codes the next tickets get, in order; random ones once used up. */
const nextShortCodes: string[] = [];

vi.mock('../../lib/check-in-code.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/check-in-code.ts')>();
  return {
    ...original,
    createShortCheckInCode: () => nextShortCodes.shift() ?? original.createShortCheckInCode(),
  };
});

describe.each(testEngines)('insertSubscriber on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  let counter = 0;
  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  // biome-ignore lint/suspicious/noExplicitAny: only the columns every version has
  const untyped = () => db as unknown as Kysely<any>;
  const now = new Date();

  const newLan = async () =>
    (
      await untyped()
        .insertInto('lans')
        .values({
          name: 'Lan',
          description: '',
          start_date: now.toISOString(),
          end_date: now.toISOString(),
          is_active: true,
          maximum_subscribers: 10,
          price_cents: 0,
          members_price_cents: 0,
          location_is_payed: false,
          creation_date: now.toISOString(),
          modification_date: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;

  const newUser = async () => {
    counter += 1;
    return (
      await untyped()
        .insertInto('users')
        .values({
          subject: `s${counter}`,
          nickname: `n${counter}`,
          is_email_activated: false,
          creation_date: now.toISOString(),
          modification_date: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  };

  it('draws another short code when the first is taken on the lan', async () => {
    const lanId = await newLan();
    nextShortCodes.push('AAAA0000', 'AAAA0000', 'AAAA0000', 'BBBB1111');
    const first = await insertSubscriber(
      db,
      { lanId, userId: await newUser(), status: 'Pending' },
      now,
    );
    const second = await insertSubscriber(
      db,
      { lanId, userId: await newUser(), status: 'Pending' },
      now,
    );
    expect(first.short_code).toBe('AAAA0000');
    expect(second.short_code).toBe('BBBB1111');
    expect(nextShortCodes).toEqual([]);
  });

  it('gives the same short code on another lan', async () => {
    const [one, two] = [await newLan(), await newLan()];
    nextShortCodes.push('CCCC2222', 'CCCC2222');
    const userId = await newUser();
    const first = await insertSubscriber(db, { lanId: one, userId, status: 'Pending' }, now);
    const second = await insertSubscriber(db, { lanId: two, userId, status: 'Pending' }, now);
    expect([first.short_code, second.short_code]).toEqual(['CCCC2222', 'CCCC2222']);
  });

  it('still refuses a second subscription of one user to a lan', async () => {
    const lanId = await newLan();
    const userId = await newUser();
    await insertSubscriber(db, { lanId, userId, status: 'Pending' }, now);
    await expect(insertSubscriber(db, { lanId, userId, status: 'Pending' }, now)).rejects.toThrow();
  });
});
