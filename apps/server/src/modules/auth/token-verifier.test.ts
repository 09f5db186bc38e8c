import { describe, expect, it, vi } from 'vitest';
import {
  InvalidTokenError,
  rememberVerifiedTokens,
  type VerifiedIdentity,
} from './token-verifier.ts';

const identityOf = (token: string, expiresAt: number): VerifiedIdentity => ({
  subject: `subject-of-${token}`,
  steamId: undefined,
  displayName: undefined,
  expiresAt,
});

describe('remembering verified tokens', () => {
  it('verifies a token once and answers from memory until it expires', async () => {
    let now = 1_000;
    const verify = vi.fn(async (token: string) => {
      if (now >= 5_000) throw new InvalidTokenError('"exp" claim timestamp check failed');
      return identityOf(token, 5_000);
    });
    const remembered = rememberVerifiedTokens(verify, { now: () => now });

    await expect(remembered('a')).resolves.toMatchObject({ subject: 'subject-of-a' });
    await expect(remembered('a')).resolves.toMatchObject({ subject: 'subject-of-a' });
    expect(verify).toHaveBeenCalledTimes(1);

    now = 5_000;
    await expect(remembered('a')).rejects.toThrow(InvalidTokenError);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never remembers a refused token', async () => {
    const verify = vi.fn(async () => {
      throw new InvalidTokenError('signature verification failed');
    });
    const remembered = rememberVerifiedTokens(verify);
    await expect(remembered('forged')).rejects.toThrow(InvalidTokenError);
    await expect(remembered('forged')).rejects.toThrow(InvalidTokenError);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps at most the maximum, dropping the oldest', async () => {
    const verify = vi.fn(async (token: string) => identityOf(token, Number.MAX_SAFE_INTEGER));
    const remembered = rememberVerifiedTokens(verify, { maximum: 2 });
    await remembered('a');
    await remembered('b');
    await remembered('c');
    await remembered('c');
    await remembered('b');
    expect(verify).toHaveBeenCalledTimes(3);
    await remembered('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
