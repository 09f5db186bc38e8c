/**
 * A new Idempotency-Key: 128 random bits as hex. `crypto.getRandomValues` rather than
 * `crypto.randomUUID`, which browsers offer only on https or localhost — and a lan's site
 * is often plain http on the venue's network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
