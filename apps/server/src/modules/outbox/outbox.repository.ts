import type { Executor } from '../users/users.repository.ts';

export type EmailMessage = { to: string; subject: string; text: string; html?: string };
export type ChatMessage = Record<string, unknown>;

export type OutboxMessage =
  | { channel: 'email'; dedupeKey: string; payload: EmailMessage }
  | { channel: 'chat'; dedupeKey: string; payload: ChatMessage };

/**
 * Queues a message in the same transaction as the change that causes it, so it is sent
 * exactly when the change is committed. A message whose dedupe key is already queued
 * is not queued again.
 */
export async function enqueueMessage(
  db: Executor,
  message: OutboxMessage,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      dedupe_key: message.dedupeKey,
      payload: JSON.stringify(message.payload),
      next_attempt_at: now.toISOString(),
      creation_date: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}
