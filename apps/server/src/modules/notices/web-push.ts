import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Executor } from '../../db/executor.ts';
import { retryAfterMs } from '../chat/discord-webhook.ts';
import { PermanentDeliveryError, RetryLaterError } from '../outbox/outbox.worker.ts';
import { findSiteSecret, insertSiteSecretIfMissing } from '../secrets/site-secrets.repository.ts';
import { endpointTextProblem, pushLookup } from './push-endpoint.ts';
import { deleteGonePushSubscription, findPushTarget } from './push-subscriptions.repository.ts';

/** The site's VAPID key pair (base64url), one for every server of the site. */
export type VapidKeys = { publicKey: string; privateKey: string };

const vapidSecretName = 'web-push-vapid-keys';

/**
 * The site's VAPID keys: made at the first start and kept in the database. Servers starting
 * at once each offer a pair and the database keeps one, which all of them read back.
 */
export async function loadOrCreateVapidKeys(db: Executor): Promise<VapidKeys> {
  const stored = await findSiteSecret(db, vapidSecretName);
  if (stored) return JSON.parse(stored) as VapidKeys;
  await insertSiteSecretIfMissing(db, vapidSecretName, JSON.stringify(webpush.generateVAPIDKeys()));
  const kept = await findSiteSecret(db, vapidSecretName);
  if (!kept) throw new Error('the VAPID keys were not kept');
  return JSON.parse(kept) as VapidKeys;
}

/** The site's keys, read (or made) once and then kept; a failed read is tried again. */
export function siteVapidKeys(db: Executor): () => Promise<VapidKeys> {
  let read: Promise<VapidKeys> | undefined;
  return () => {
    read ??= loadOrCreateVapidKeys(db).catch((error: unknown) => {
      read = undefined;
      throw error;
    });
    return read;
  };
}

/** A queued push: which notice to which browser (push-subscriptions.repository.ts). */
export type PushMessage = { noticeId: number; subscriptionId: number };

/** What the service worker is handed: the notice, and where a tap on it goes. */
export type PushPayload = { id: number; text: string; link: string | null };

/** Well inside the outbox's 60 s claim. */
const defaultTimeoutMs = 10_000;
/** A push service that says 429 without saying how long: try again in a minute. */
const defaultRetryMs = 60_000;
/** How long a push service keeps a push for a browser that is off: a day. */
const timeToLiveSeconds = 24 * 60 * 60;

export type PushDelivererOptions = {
  db: Executor;
  keys: () => Promise<VapidKeys>;
  /** The VAPID subject: the site's https address, or a mailto: of its sender. */
  subject: string;
  /** Loopback endpoints are allowed (a plain-http localhost site). */
  allowsLoopback: boolean;
  timeoutMs?: number;
};

/**
 * Sends queued pushes, as the outbox worker's `push` deliverer, encrypted for the browser
 * (RFC 8291) and signed with the site's VAPID key by `web-push`, over a connection whose
 * address is checked (push-endpoint.ts). What the push service answers decides the rest:
 * 2xx delivered; 404 and 410 mean the browser unsubscribed, so the subscription is removed
 * and the message is done; 429 waits as long as Retry-After says; 5xx and network errors
 * back off; any other answer fails at once.
 */
export function createPushDeliverer(
  options: PushDelivererOptions,
): (message: PushMessage) => Promise<void> {
  const lookup = pushLookup(options.allowsLoopback);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return async (message) => {
    const target = await findPushTarget(options.db, message.noticeId, message.subscriptionId);
    // The notice was erased or the browser unsubscribed meanwhile: nothing to send.
    if (!target) return;
    // Stored only once checked; checked again should the rules have tightened since.
    if (endpointTextProblem(target.endpoint, options.allowsLoopback))
      throw new PermanentDeliveryError('push endpoint no longer allowed');
    const keys = await options.keys();
    const payload: PushPayload = { id: target.noticeId, text: target.text, link: target.link };
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: options.subject, ...keys },
        TTL: timeToLiveSeconds,
        // A later notice of the same person does not replace this one on the way.
        urgency: 'normal',
      },
    );
    const answer = await post(details, { lookup, timeoutMs });
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status === 404 || answer.status === 410) {
      await deleteGonePushSubscription(options.db, target.subscriptionId);
      return;
    }
    if (answer.status === 429)
      throw new RetryLaterError(
        'push service rate limited (429)',
        retryAfterMs(
          '',
          new Headers(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
        ) ?? defaultRetryMs,
      );
    // The endpoint's path names the browser: it is never written into an error.
    const detail = `push service answered ${answer.status}`;
    if (answer.status >= 500) throw new Error(detail);
    throw new PermanentDeliveryError(detail);
  };
}

type RequestDetails = ReturnType<typeof webpush.generateRequestDetails>;

function post(
  details: RequestDetails,
  options: { lookup: ReturnType<typeof pushLookup>; timeoutMs: number },
): Promise<{ status: number; retryAfter: string | undefined }> {
  const url = new URL(details.endpoint);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: options.lookup,
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: header(response.headers['retry-after']),
          }),
        );
        response.on('error', (error) => reject(describe(error)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => reject(describe(error)));
    request.end(details.body ?? undefined);
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function describe(error: Error): Error {
  const code = (error as { code?: string }).code;
  if (code === 'EPUSHADDRESS') return new PermanentDeliveryError(error.message);
  return new Error(`push service unreachable: ${code ?? error.message}`);
}

/** The VAPID subject for a site: its address when https, else a mailto: of its sender. */
export function vapidSubjectOf(publicUrl: URL, mailFrom: string): string {
  if (publicUrl.protocol === 'https:') return publicUrl.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
