type StoredCookie = { name: string; value: string; path: string; expiresAt: number | undefined };

export type BrowserResponse = { response: Response; url: string; body: string };

/**
 * Just enough of a browser for sign-in flows: a cookie jar that respects cookie paths,
 * and redirects followed by hand, so a test can stop where the web app would take over.
 */
export class TestBrowser {
  readonly #cookies = new Map<string, StoredCookie>();

  /** The Cookie header this browser would send to a URL. */
  cookieHeaderFor(url: string): string {
    const { pathname } = new URL(url);
    const now = Date.now();
    return [...this.#cookies.values()]
      .filter((cookie) => cookie.expiresAt === undefined || cookie.expiresAt > now)
      .filter((cookie) => pathname === cookie.path || pathname.startsWith(withSlash(cookie.path)))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  hasCookie(name: string): boolean {
    return [...this.#cookies.values()].some((cookie) => cookie.name === name);
  }

  /** One request, no redirect followed. */
  async request(url: string, init: RequestInit = {}): Promise<BrowserResponse> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeaderFor(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.#store(url, response.headers.getSetCookie());
    return { response, url, body: await response.text() };
  }

  get(url: string): Promise<BrowserResponse> {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>): Promise<BrowserResponse> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /**
   * Follows redirects from a response while `shouldFollow` says so (by default: while they
   * stay on the identity provider), answering the last response and where it points.
   */
  async follow(
    start: BrowserResponse,
    shouldFollow: (url: URL) => boolean = (url) => url.pathname.startsWith('/oidc/'),
  ): Promise<BrowserResponse & { location: string | undefined }> {
    let current = start;
    for (let hop = 0; hop < 20; hop += 1) {
      const location = locationOf(current);
      if (!location || !shouldFollow(new URL(location))) return { ...current, location };
      current = await this.get(location);
    }
    throw new Error('Too many redirects');
  }

  #store(url: string, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = defaultPathOf(url);
      let expiresAt: number | undefined;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires') expiresAt = Date.parse(attributeValue);
        if (key.toLowerCase() === 'max-age') expiresAt = Date.now() + Number(attributeValue) * 1000;
      }
      const key = `${name} ${path}`;
      if (value === '' || (expiresAt !== undefined && expiresAt <= Date.now())) {
        this.#cookies.delete(key);
      } else {
        this.#cookies.set(key, { name, value, path, expiresAt });
      }
    }
  }
}

/** The absolute address a redirect points to, if the response is one. */
export function locationOf(result: BrowserResponse): string | undefined {
  const location = result.response.headers.get('location');
  return location ? new URL(location, result.url).href : undefined;
}

function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

function defaultPathOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname.slice(0, pathname.lastIndexOf('/')) || '/';
}
