import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { redactEmailAddresses } from '../../http/log-redaction.ts';
import { runEvery } from '../../lib/run-every.ts';
import {
  type ChatMessage,
  cancelEmptiedMessage,
  claimMessage,
  type DueMessage,
  dueBatchSize,
  type EmailMessage,
  emptiedPayload,
  findDueMessages,
  markMessageDelivered,
  recordFailedAttempt,
} from './outbox.repository.ts';

export type Deliverers = {
  email: (message: EmailMessage, messageId: string) => Promise<void>;
  chat?: (message: ChatMessage, messageId: string) => Promise<void>;
  /** Web Push (notices/web-push.ts): the message names a notice and a subscription. */
  push?: (
    message: { noticeId: number; subscriptionId: number },
    messageId: string,
  ) => Promise<void>;
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
  /** A fixed time (tests); by default each batch reads the clock, so its claims are fresh. */
  at?: Date,
): Promise<number> {
  // A channel that is switched off (no chat webhook) leaves its messages alone instead
  // of failing them ten times over.
  const channels = (['email', 'chat', 'push'] as const).filter(
    (channel) => channel === 'email' || deliverers[channel] !== undefined,
  );
  let delivered = 0;
  // A full batch may have more behind it (300 pushes of one sweep): the next follows at
  // once rather than a poll later. Each round sends or reschedules what it found.
  for (let round = 0; round < maximumRounds; round += 1) {
    const now = at ?? new Date();
    const due = await findDueMessages(db, channels, now);
    delivered += await deliverBatch(db, deliverers, log, due, now);
    if (due.length < dueBatchSize) break;
  }
  return delivered;
}

/** At most this many batches a run, so one run ends and the next poll starts afresh. */
const maximumRounds = 50;

async function deliverBatch(
  db: AppDatabase,
  deliverers: Deliverers,
  log: FastifyBaseLogger,
  due: readonly DueMessage[],
  now: Date,
): Promise<number> {
  let delivered = 0;
  for (const message of due) {
    // Emptied by an erasure while a worker was sending it (forgetMessagesAbout leaves a
    // claimed message to its worker), and that send failed: nothing of it is left to send.
    if (message.payload === emptiedPayload) {
      await cancelEmptiedMessage(db, message.id, now);
      continue;
    }
    if (!(await claimMessage(db, message.id, now, new Date(now.getTime() + claimMs)))) continue;
    const deliver = deliverers[message.channel as keyof Deliverers] as unknown as
      | ((payload: unknown, messageId: string) => Promise<void>)
      | undefined;
    try {
      if (!deliver) throw new Error(`no deliverer for ${message.channel} messages`);
      await deliver(JSON.parse(message.payload), String(message.id));
      await markMessageDelivered(db, message.id);
      delivered += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const waitMs = error instanceof RetryLaterError ? error.retryAfterMs : backoffMs(attempts);
      const isGivenUp = attempts >= maximumAttempts || error instanceof PermanentDeliveryError;
      // A mail server's refusal quotes the recipient; the log keeps no one's address.
      log.warn(
        { outboxId: message.id, attempts, reason: redactEmailAddresses(reason), isGivenUp },
        'outbox delivery failed',
      );
      await recordFailedAttempt(db, message.id, {
        attempts,
        reason,
        nextAttemptAt: new Date(now.getTime() + waitMs),
        isGivenUp,
      });
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
  return runEvery(
    () => deliverDueMessages(db, deliverers, log),
    intervalMs,
    (error) => log.error({ err: error }, 'outbox run failed'),
  );
}
