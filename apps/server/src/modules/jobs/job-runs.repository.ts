import type { Executor } from '../../db/executor.ts';

/**
 * Claims this round of the job `name` when its last run began `intervalMs` ago or longer
 * (or never): one statement, so of several servers asking at once exactly one gets it.
 */
export async function claimJobRun(
  db: Executor,
  name: string,
  intervalMs: number,
  now: Date,
): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - intervalMs + 1_000).toISOString();
  const claimed = await db
    .insertInto('job_runs')
    .values({ name, last_run_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ last_run_at: now.toISOString() })
        .where('job_runs.last_run_at', '<', dueBefore),
    )
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
