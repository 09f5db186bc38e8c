import type { AppDatabase } from '../src/db/database.ts';
import { insertUser, replaceRoles } from '../src/modules/accounts/accounts.repository.ts';
import { addPlaytime, ensureGames } from '../src/modules/playtime/playtime.repository.ts';
import { type Engine, startTestDatabase } from './test-database.ts';

/** startTestDatabase with games 10 and 20, for the tests of what is kept of the playtime. */
export async function startPlaytimeDatabase(engine: Engine) {
  const started = await startTestDatabase(engine);
  await ensureGames(started.db, [10, 20], new Date());
  return started;
}

/**
 * Players on the describe block's database (`database()` once it is started): `newUser`
 * with these roles, and `play`, which records `hours` of a game from 18:00 UTC of `day`
 * (yyyy-MM-dd) as the collector does, on Amsterdam's play days (past 06:00 it is the next).
 */
export function playersOn(database: () => AppDatabase) {
  let users = 0;

  async function newUser(roles: ('Lanner' | 'Member')[] = []) {
    users += 1;
    const db = database();
    const user = await insertUser(db, { subject: `user-${users}`, nickname: `player ${users}` });
    await replaceRoles(db, user.id, roles);
    return user.id;
  }

  const play = (userId: number, day: string, gameId = 10, hours = 2) =>
    database()
      .transaction()
      .execute((trx) =>
        addPlaytime(
          trx,
          {
            userId,
            gameId,
            start: new Date(`${day}T18:00:00Z`),
            end: new Date(Date.parse(`${day}T18:00:00Z`) + hours * 3_600_000),
          },
          'Europe/Amsterdam',
        ),
      );

  return { newUser, play };
}
