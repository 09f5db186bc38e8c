import type { ChatMessage } from '../outbox/outbox.repository.ts';
import { PermanentDeliveryError, RetryLaterError } from '../outbox/outbox.worker.ts';

/** Well inside the outbox's 60 s claim, so no other worker picks the message up meanwhile. */
const defaultTimeoutMs = 10_000;

/**
 * Posts chat messages to a Discord-compatible webhook, as the outbox worker's `chat`
 * deliverer. What the receiver answers decides what the worker does next:
 * 2xx delivered; 429 waits as long as the receiver asks (`RetryLaterError`); 5xx, timeouts
 * and network errors back off (plain `Error`); any other status is a message the receiver
 * will never take, so it fails at once (`PermanentDeliveryError`).
 *
 * Errors never contain the webhook URL: its path is the secret token, and errors end up
 * in logs and in the outbox's `last_error`.
 */
export function createWebhookDeliverer(
  webhookUrl: string,
  options: { timeoutMs?: number } = {},
): (message: ChatMessage, messageId: string) => Promise<void> {
  const target = new URL(webhookUrl);
  // Discord then answers only once the post exists, so a 2xx really means delivered.
  target.searchParams.set('wait', 'true');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  return async (message) => {
    let response: Response;
    try {
      response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
        // A webhook that redirects is misconfigured; a POST must not turn into a GET.
        redirect: 'error',
      });
    } catch (error) {
      throw new Error(`webhook unreachable: ${describeFetchError(error)}`);
    }
    const body = await response.text().catch(() => '');
    if (response.ok) return;
    if (response.status === 429) {
      const waitMs = retryAfterMs(body, response.headers);
      if (waitMs !== undefined) throw new RetryLaterError('webhook rate limited (429)', waitMs);
      throw new Error('webhook rate limited (429) without saying how long to wait');
    }
    const detail = `webhook answered ${response.status}${body ? `: ${body.slice(0, 300)}` : ''}`;
    if (response.status >= 500) throw new Error(detail);
    throw new PermanentDeliveryError(detail);
  };
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * How long a 429 asks us to wait: the JSON body's `retry_after` (seconds, fractional on
 * Discord), else the standard Retry-After header (seconds or an HTTP date).
 */
export function retryAfterMs(body: string, headers: Headers, now = Date.now()): number | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'retry_after' in parsed) {
      const seconds = Number(parsed.retry_after);
      if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    }
  } catch {
    // Not JSON: fall back to the header.
  }
  const header = headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
