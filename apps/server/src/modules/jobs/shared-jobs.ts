import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/executor.ts';
import { runEvery } from '../../lib/run-every.ts';
import { claimJobRun } from './job-runs.repository.ts';

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
