import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { insertEmailVerification } from './email-verifications.repository.ts';

export const emailVerificationLifetimeMs = 24 * 60 * 60 * 1000;

export function hashVerificationCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

/**
 * Starts verifying an address: a random single-use code, stored only as its hash, bound
 * to the address and valid for 24 hours; the link goes out by mail through the outbox.
 * Call it inside the transaction that sets the address.
 */
export async function startEmailVerification(
  db: Executor,
  params: { userId: number; nickname: string; email: string; publicUrl: URL },
  now = new Date(),
): Promise<void> {
  const code = randomBytes(32).toString('base64url');
  const codeHash = hashVerificationCode(code);
  await insertEmailVerification(
    db,
    {
      userId: params.userId,
      codeHash,
      email: params.email,
      expiresAt: new Date(now.getTime() + emailVerificationLifetimeMs),
    },
    now,
  );
  const link = new URL(`profile/email-verification/${code}`, params.publicUrl).href;
  await enqueueMessage(
    db,
    {
      channel: 'email',
      dedupeKey: `email-verification:${codeHash}`,
      people: { recipient: params.userId },
      payload: {
        to: params.email,
        subject: 'Verify your e-mail address for Lanparty',
        text:
          `Hi ${params.nickname},\n\n` +
          `Please verify your e-mail address by opening this link within 24 hours:\n\n${link}\n\n` +
          'If you did not ask for this, you can ignore this mail.\n\n— Lanparty',
      },
    },
    now,
  );
}
