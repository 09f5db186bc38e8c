import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import type { ChatMessage, EmailMessage } from './outbox.repository.ts';

export type Deliverers = {
  email: (message: EmailMessage, messageId: string) => Promise<void>;
  chat?: (message: ChatMessage, messageId: string) => Promise<void>;
};

/** A failure that knows when to try again (a 429's retry_after, for one). */
export class RetryLaterError extends Error {
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.name = 'RetryLaterError';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A failure that trying again cannot fix (a receiver answering 400 or 404 to this very
 * message): the message is marked failed at once and kept for inspection.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

export const maximumAttempts = 10;
const claimMs = 60_000;

/** 5 s, 10 s, 20 s … up to an hour, with jitter so many failures do not retry in step. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(5000 * 2 ** (attempts - 1), 3_600_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Sends what is due. Each message is claimed with a conditional update before it is
 * sent, so two server instances sharing a database never send the same message twice
 * while the claim holds. Returns how many were delivered.
 */
export async function deliverDueMessages(
  db: AppDatabase,
  deliverers: Deliverers,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const nowText = now.toISOString();
  // A channel that is switched off (no chat webhook) leaves its messages alone instead
  // of failing them ten times over.
  const channels = deliverers.chat ? (['email', 'chat'] as const) : (['email'] as const);
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'payload', 'attempts'])
    .where('channel', 'in', channels)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', nowText)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowText)]))
    .orderBy('id')
    .limit(20)
    .execute();
  let delivered = 0;
  for (const message of due) {
    const claimed = await db
      .updateTable('outbox')
      .set({ locked_until: new Date(now.getTime() + claimMs).toISOString() })
      .where('id', '=', message.id)
      .where('delivered_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowText)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const deliver = message.channel === 'email' ? deliverers.email : deliverers.chat;
    try {
      if (!deliver) throw new Error(`no deliverer for ${message.channel} messages`);
      await deliver(JSON.parse(message.payload), String(message.id));
      await db
        .updateTable('outbox')
        .set({ delivered_at: new Date().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', message.id)
        .execute();
      delivered += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const waitMs = error instanceof RetryLaterError ? error.retryAfterMs : backoffMs(attempts);
      const isGivenUp = attempts >= maximumAttempts || error instanceof PermanentDeliveryError;
      log.warn({ outboxId: message.id, attempts, reason, isGivenUp }, 'outbox delivery failed');
      await db
        .updateTable('outbox')
        .set({
          attempts,
          last_error: reason.slice(0, 1000),
          locked_until: null,
          next_attempt_at: new Date(Date.now() + waitMs).toISOString(),
          ...(isGivenUp ? { failed_at: new Date().toISOString() } : {}),
        })
        .where('id', '=', message.id)
        .execute();
    }
  }
  return delivered;
}

/** Polls the outbox every `intervalMs` until stopped. One run at a time. */
export function startOutboxWorker(
  db: AppDatabase,
  deliverers: Deliverers,
  log: FastifyBaseLogger,
  intervalMs = 2000,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => deliverDueMessages(db, deliverers, log))
      .catch((error: unknown) => log.error({ err: error }, 'outbox run failed'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
