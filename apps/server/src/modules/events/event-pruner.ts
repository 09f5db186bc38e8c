import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { pruneEvents } from './events.repository.ts';

/** How long events are kept for streams resuming with Last-Event-ID; older ones resync. */
export const eventRetentionMs = 60 * 60 * 1000;

/** Forgets events older than an hour, every ten minutes (and once at start). */
export function startEventPruner(
  db: AppDatabase,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60 * 1000,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = running
      .then(() => pruneEvents(db, new Date(Date.now() - eventRetentionMs)))
      .catch((error: unknown) => log.warn({ err: error }, 'pruning events failed'));
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
