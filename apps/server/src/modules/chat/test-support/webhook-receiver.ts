import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPost = {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  receivedAt: number;
  /** The status the receiver answered this post with. */
  status: number;
};

export type ReceiverAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow or hanging receiver). */
  delayMs?: number;
};

export type WebhookReceiver = {
  /** The webhook address; its last path segment plays the secret token. */
  url: string;
  /** Every post received, answered or refused, in order. */
  posts: ReceivedPost[];
  /** Answers for the next posts, in order; after them every post gets a 200. */
  answerNext: (...answers: ReceiverAnswer[]) => void;
  /** Every post is answered after this delay (to make racing workers overlap). */
  setDelayMs: (delayMs: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

/**
 * A local Discord-compatible webhook on 127.0.0.1 that records what it is sent and
 * answers what the test asks for (429 with `retry_after`, 500, 400 …). A GET of any path
 * answers the posts received so far.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  let answers: ReceiverAnswer[] = [];
  let delayMs = 0;
  let nextId = 1;
  const server = createServer((request, response) => {
    // A GET lists what was posted, for tests in another process (the end-to-end ones).
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(posts.map(({ path, body, status }) => ({ path, body, status }))));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      const answer = answers.shift() ?? { status: 200, body: { id: String(nextId++) } };
      posts.push({
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
        receivedAt: Date.now(),
        status: answer.status,
      });
      const send = () => {
        if (response.destroyed) return;
        const payload = answer.body === undefined ? '' : JSON.stringify(answer.body);
        response.writeHead(answer.status, {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...answer.headers,
        });
        response.end(payload);
      };
      const wait = answer.delayMs ?? delayMs;
      if (wait > 0) setTimeout(send, wait);
      else send();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/42/secret-token`,
    posts,
    answerNext: (...next) => {
      answers.push(...next);
    },
    setDelayMs: (value) => {
      delayMs = value;
    },
    reset: () => {
      posts.length = 0;
      answers = [];
      delayMs = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
