import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import {
  hasOtherSystemAdministrator,
  isSystemAdministrator,
  lockSystemAdministrators,
} from './system-administrators.repository.ts';

/**
 * A site keeps a system administrator: inside the transaction that erases this user or takes
 * their roles (after its first write), a 409 when they are the last one. Under the lock, so
 * two such changes at once, on any servers, cannot each count on the other to stay.
 */
export async function keepASystemAdministrator(
  trx: Executor,
  userId: number,
  before: string,
): Promise<void> {
  await lockSystemAdministrators(trx);
  if (!(await isSystemAdministrator(trx, userId))) return;
  if (await hasOtherSystemAdministrator(trx, userId)) return;
  throw new ProblemError(
    409,
    `This is the site’s only system administrator: make another one before ${before}.`,
  );
}
