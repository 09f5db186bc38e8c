import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findLanById, type LanRow } from './lans.repository.ts';

/**
 * The lan, when `viewer` may see it: an active one for anyone, an inactive one for lan
 * administrators only; a 404 otherwise, the same as for no lan at all.
 */
export async function findVisibleLan(
  db: Executor,
  viewer: Viewer | null,
  lanId: number,
): Promise<LanRow> {
  const lan = await findLanById(db, lanId);
  if (!lan || (!toBoolean(lan.is_active) && !isAllowed(viewer, 'lans.seeInactive')))
    throw new ProblemError(404, `There is no lan ${lanId}.`);
  return lan;
}
