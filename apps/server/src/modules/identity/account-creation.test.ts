import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { insertSignedUpUser } from './account-creation.ts';
import { openTestDatabase } from './test-support/identity-site.ts';

describe.each(testEngines)('insertSignedUpUser on %s', (engine) => {
  let db: AppDatabase;
  let cleanUp: () => Promise<void>;

  beforeEach(async () => {
    ({ db, cleanUp } = await openTestDatabase(engine));
  });

  afterEach(async () => {
    await cleanUp?.();
  });

  const signUp = (nickname: string) =>
    db.transaction().execute((trx) => insertSignedUpUser(trx, { subject: randomUUID(), nickname }));

  it('makes the first user of the site SystemAdministrator, and nobody after', async () => {
    const first = await signUp('first');
    const second = await signUp('second');
    expect(first.isAdministrator).toBe(true);
    expect(second.isAdministrator).toBe(false);
    const roles = await findRoles(db, [first.user.id, second.user.id]);
    expect(roles.get(first.user.id)).toEqual(['SystemAdministrator']);
    expect(roles.get(second.user.id)).toEqual([]);
  });

  it('decides after an unfinished first sign-up has finished, not beside it', async () => {
    const unfinished = await db.startTransaction().execute();
    const first = await insertSignedUpUser(unfinished, { subject: randomUUID(), nickname: 'one' });
    const secondSignUp = signUp('two');
    // Without a lock the second would now see only itself and call itself the first.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await unfinished.commit().execute();
    const second = await secondSignUp;
    expect(first.isAdministrator).toBe(true);
    expect(second.isAdministrator).toBe(false);
  });

  it('makes exactly one administrator when many first sign-ups run at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signUp(`racer-${index}`)),
    );
    expect(results.filter((result) => result.isAdministrator)).toHaveLength(1);
    const administrators = await db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'SystemAdministrator')
      .execute();
    expect(administrators).toHaveLength(1);
  });
});
