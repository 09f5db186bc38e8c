import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a push service (RFC 8030), for tests and the notices benchmark: it
 * hands out browsers (an endpoint with a real P-256 key pair and auth secret, as
 * PushManager.subscribe gives), decrypts what is pushed to them (RFC 8291, aes128gcm) and
 * answers as a push service does: 201, or what a test asks for (429 with Retry-After, 410,
 * 5xx).
 */

type Ece = {
  decrypt: (
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ) => Buffer;
};
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export type PushedMessage = {
  browser: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: unknown;
  receivedAt: number;
  status: number;
};

export type PushAnswer = { status: number; headers?: Record<string, string> };

export type TestBrowser = {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

export type PushReceiver = {
  origin: string;
  /** A new browser, subscribed to this push service. */
  browser: () => TestBrowser;
  /** Every push received, answered or refused, in order. */
  pushes: PushedMessage[];
  /** How the next pushes to a browser (or any, with '*') are answered; then 201. */
  answerNext: (browser: string, ...answers: PushAnswer[]) => void;
  /** Answers this share of the first push to each browser with 429 and Retry-After. */
  limitFirstPushes: (share: number, retryAfterSeconds: number) => void;
  /** The browser unsubscribed: its pushes are answered 410 Gone. */
  unsubscribe: (browser: string) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startPushReceiver(): Promise<PushReceiver> {
  const browsers = new Map<string, { key: ReturnType<typeof createECDH>; auth: string }>();
  const pushes: PushedMessage[] = [];
  const scripted = new Map<string, PushAnswer[]>();
  const seen = new Set<string>();
  let limited: { share: number; retryAfterSeconds: number } | undefined;
  let counter = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const browser = browsers.get(name);
      const answer = chooseAnswer(name, browser !== undefined);
      let payload: unknown;
      if (browser && answer.status === 201)
        payload = JSON.parse(
          ece
            .decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: browser.key,
              authSecret: browser.auth,
            })
            .toString('utf8'),
        );
      pushes.push({
        browser: name,
        headers: request.headers,
        payload,
        receivedAt: Date.now(),
        status: answer.status,
      });
      response.writeHead(answer.status, answer.headers ?? {}).end();
    });
  });

  function chooseAnswer(name: string, isKnown: boolean): PushAnswer {
    if (!isKnown) return { status: 410 };
    const own = scripted.get(name)?.shift() ?? scripted.get('*')?.shift();
    if (own) return own;
    if (limited && !seen.has(name)) {
      seen.add(name);
      const number = Number.parseInt(name.replace(/\D/g, '') || '0', 10);
      if ((number * 0.618_033_988_75) % 1 < limited.share)
        return { status: 429, headers: { 'retry-after': String(limited.retryAfterSeconds) } };
    }
    seen.add(name);
    return { status: 201 };
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    browser: () => {
      counter += 1;
      const name = `b${counter}-${randomBytes(4).toString('hex')}`;
      const key = createECDH('prime256v1');
      key.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      browsers.set(name, { key, auth });
      return {
        name,
        subscription: {
          endpoint: `${origin}/push/${name}`,
          keys: { p256dh: key.getPublicKey().toString('base64url'), auth },
        },
      };
    },
    pushes,
    answerNext: (browser, ...answers) =>
      scripted.set(browser, [...(scripted.get(browser) ?? []), ...answers]),
    limitFirstPushes: (share, retryAfterSeconds) => {
      limited = { share, retryAfterSeconds };
    },
    unsubscribe: (browser) => {
      browsers.delete(browser);
    },
    reset: () => {
      pushes.length = 0;
      scripted.clear();
      seen.clear();
      limited = undefined;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
