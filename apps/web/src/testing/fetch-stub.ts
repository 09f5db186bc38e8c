import type { ProblemDetails } from '@lanparty/contract';
import { vi } from 'vitest';

/** A request as the stub saw it. */
export type StubbedRequest = {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
};

type Responder = (request: StubbedRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch` — the API client's boundary — with answers for the calls one test
 * needs, keyed `"METHOD /path"` (the path decoded, the query string is the test's to check). Any other
 * call fails loudly. Answers are built from the contract's types by the test itself;
 * there is no shared fake server.
 */
export function stubFetch(responders: Record<string, Responder>) {
  const requests: StubbedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const request: StubbedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: init.body,
    };
    requests.push(request);
    const path = decodeURIComponent(url.pathname);
    const responder = responders[`${request.method} ${path}`];
    if (!responder) throw new Error(`No stubbed answer for ${request.method} ${path}`);
    return responder(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function textResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain' } });
}

export function emptyResponse(status = 204, headers: HeadersInit = {}): Response {
  return new Response(null, { status, headers });
}

export function problemResponse(
  status: number,
  problem: Partial<Omit<ProblemDetails, 'status'>> = {},
): Response {
  return new Response(
    JSON.stringify({ type: 'about:blank', title: 'Problem', ...problem, status }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}
