import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { runEvery } from '../../lib/run-every.ts';
import { pruneEvents } from './events.repository.ts';

/** How long events are kept for streams resuming with Last-Event-ID; older ones resync. */
export const eventRetentionMs = 60 * 60 * 1000;

/** Forgets events older than an hour, every ten minutes (and once at start). */
export function startEventPruner(
  db: AppDatabase,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60 * 1000,
): { stop: () => Promise<void> } {
  return runEvery(
    () => pruneEvents(db, new Date(Date.now() - eventRetentionMs)),
    intervalMs,
    (error) => log.warn({ err: error }, 'pruning events failed'),
    { isRunAtStart: true },
  );
}
