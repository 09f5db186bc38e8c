import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase, Executor } from '../../db/executor.ts';
import { runEvery } from '../../lib/run-every.ts';

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

/**
 * Runs `task` about every `intervalMs` on one of the site's servers: each server looks
 * every `checkMs` and the first to claim the round runs it (claimJobRun).
 */
export function startSharedJob(
  deps: { db: AppDatabase; log: FastifyBaseLogger },
  job: {
    name: string;
    intervalMs: number;
    checkMs?: number;
    task: (now: Date) => Promise<unknown>;
  },
): { stop: () => Promise<void> } {
  return runEvery(
    async () => {
      const now = new Date();
      if (await claimJobRun(deps.db, job.name, job.intervalMs, now)) await job.task(now);
    },
    job.checkMs ?? Math.min(job.intervalMs, 60_000),
    (error) => deps.log.error({ err: error, job: job.name }, 'job failed'),
    { isRunAtStart: true },
  );
}
