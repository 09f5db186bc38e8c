import { once } from 'node:events';
import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Balancer = {
  /** http://127.0.0.1:PORT — the PUBLIC_URL of every server behind it. */
  origin: string;
  /** Sends every following request to the server listening on this port. */
  routeTo: (port: number) => void;
  /** How many requests went to that server so far. */
  requestsTo: (port: number) => number;
  close: () => Promise<void>;
};

/**
 * A load balancer in front of several servers of one site, which the test steers: a
 * visitor (a TestBrowser) keeps talking to PUBLIC_URL while the test decides which
 * server answers each step.
 */
export async function startBalancer(): Promise<Balancer> {
  let target: number | undefined;
  const counts = new Map<number, number>();
  const server = createServer((request, response) => {
    if (target === undefined) {
      response.writeHead(502).end();
      return;
    }
    counts.set(target, (counts.get(target) ?? 0) + 1);
    const forward = forwardRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    routeTo: (next) => {
      target = next;
    },
    requestsTo: (of) => counts.get(of) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
