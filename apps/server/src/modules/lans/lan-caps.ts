import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { lockPlaceLan } from '../subscriptions/place-lans.repository.ts';

/** Something a lan holds at most `most` of: its screens, announcements, schedule items… */
export type LanCap = {
  most: number;
  count: (db: Executor, lanId: number) => Promise<number>;
  /** The 409's words when the lan holds `most` already. */
  refusal: string;
};

/**
 * Run inside the transaction that makes one more: holds the lan's row, then counts. Makings
 * at once, on any number of servers, are then counted one after another, each seeing the
 * ones committed before it, so the lan never holds more than `most` (the hold places take,
 * decision 012). A count before the transaction let forty at once all pass it (issue 50).
 */
export async function refuseLanCapReached(
  trx: Executor,
  lanId: number,
  cap: LanCap,
): Promise<void> {
  if (!(await lockPlaceLan(trx, lanId))) throw new ProblemError(404, `There is no lan ${lanId}.`);
  if ((await cap.count(trx, lanId)) >= cap.most) throw new ProblemError(409, cap.refusal);
}
