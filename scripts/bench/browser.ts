import { Agent, request as httpRequest } from 'node:http';

export type Answer = { status: number; headers: Record<string, string>; body: Buffer; url: string };

type StoredCookie = { name: string; value: string; path: string };

/**
 * Just enough of a browser for signing in over HTTP: a cookie jar (by name and path),
 * redirects followed by hand, and optionally its own loopback address (127.x.y.z), so
 * many people can sign up from many addresses without the site trusting any proxy header.
 */
export class Browser {
  readonly #cookies = new Map<string, StoredCookie>();
  readonly #localAddress: string | undefined;
  /** With `keepAlive`, one connection kept open between requests, as a tab keeps one. */
  readonly #agent: Agent | false;

  constructor({ localAddress, keepAlive }: { localAddress?: string; keepAlive?: boolean } = {}) {
    this.#localAddress = localAddress;
    this.#agent = keepAlive ? new Agent({ keepAlive: true, maxSockets: 1 }) : false;
  }

  /** Closes the kept connection, if any. */
  close(): void {
    if (this.#agent) this.#agent.destroy();
  }

  /** One request, no redirect followed. */
  request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.#cookieHeaderFor(target);
    if (cookie) headers.cookie = cookie;
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? 'GET',
          headers,
          ...(this.#localAddress ? { localAddress: this.#localAddress } : {}),
          agent: this.#agent,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const setCookie = incoming.headers['set-cookie'] ?? [];
            this.#store(target, setCookie);
            const flat: Record<string, string> = {};
            for (const [name, value] of Object.entries(incoming.headers))
              if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve({
              status: incoming.statusCode ?? 0,
              headers: flat,
              body: Buffer.concat(chunks),
              url,
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
  }

  get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(url, { headers });
  }

  postForm(url: string, form: Record<string, string>): Promise<Answer> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects while `shouldFollow` says so; answers the last answer. */
  async follow(start: Answer, shouldFollow: (url: URL) => boolean): Promise<Answer> {
    let current = start;
    for (let hop = 0; hop < 20; hop += 1) {
      const location = locationOf(current);
      if (!location || !shouldFollow(new URL(location))) return current;
      current = await this.get(location);
    }
    throw new Error('Too many redirects');
  }

  #cookieHeaderFor(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        (cookie) => url.pathname === cookie.path || url.pathname.startsWith(withSlash(cookie.path)),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  #store(url: URL, lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now())
          isExpired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) isExpired = true;
      }
      const key = `${name} ${path}`;
      if (isExpired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }
}

/** The absolute address a redirect points to, if the answer is one. */
export function locationOf(answer: Answer): string | undefined {
  const location = answer.headers.location;
  const isRedirect = answer.status >= 300 && answer.status < 400;
  return isRedirect && location ? new URL(location, answer.url).href : undefined;
}

function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}
