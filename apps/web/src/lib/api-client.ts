import type { ProblemDetails } from '@lanparty/contract';

/**
 * The one way the web app talks to the API: JSON in and out, the signed-in user's bearer
 * token on every call except the public asset images, and problem details (RFC 9457)
 * turned into an ApiError.
 */

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export type ApiRequest = {
  method?: HttpMethod;
  /** Query parameters; lists are sent comma-separated, null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as multipart form data when it is a FormData. */
  body?: unknown;
  /** Extra headers (an `Idempotency-Key`); the bearer token is always the client's own. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How urgent the browser should treat it: 'low' for what no screen waits on. */
  priority?: RequestPriority;
};

/** An answer outside 2xx, read from its problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  /** The messages per field of a 400; empty otherwise. */
  readonly errors: Record<string, string[]>;
  /** The problem's extension members (RFC 9457), e.g. a refused check-in's amountDue. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    problem: Omit<ProblemDetails, 'instance'> & { extensions?: Record<string, unknown> },
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? {};
    this.extensions = problem.extensions ?? {};
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type ApiClientOptions = {
  /** The current access token, or null when nobody is signed in. */
  getAccessToken: () => Promise<string | null> | string | null;
  /** Called when the API refuses a bearer token (401): the session is over. */
  onUnauthorized: () => void;
};

const anonymousOptions: ApiClientOptions = {
  getAccessToken: () => null,
  onUnauthorized: () => {},
};

let options = anonymousOptions;

/** Set once at start-up by the sign-in code; tests set it to fake a signed-in user. */
export function configureApiClient(next: Partial<ApiClientOptions>): void {
  options = { ...anonymousOptions, ...next };
}

/**
 * Asset images (`/assets/…` and `/api/assets/…`) are public: reading them never carries a
 * bearer token (spec §4), so an <img> and a HEAD see the same answer. Uploading does.
 */
export function isPublicAssetRead(method: HttpMethod, path: string): boolean {
  const isRead = method === 'GET' || method === 'HEAD';
  const pathname = new URL(path, 'http://localhost').pathname;
  return isRead && (pathname.startsWith('/assets/') || pathname.startsWith('/api/assets/'));
}

/**
 * The bearer token for a call made outside apiFetch: uploads with progress need
 * XMLHttpRequest, because fetch reports no upload progress.
 */
export async function readAccessToken(): Promise<string | null> {
  return options.getAccessToken();
}

/** Sends a request; answers the Response when it is 2xx, else throws an ApiError. */
export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const method = request.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json, application/problem+json, text/plain' });
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);

  const token = isPublicAssetRead(method, path) ? null : await options.getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(buildUrl(path, request.query), {
    method,
    headers,
    body,
    signal: request.signal,
    ...(request.priority ? { priority: request.priority } : {}),
  });
  if (response.ok) return response;

  if (response.status === 401 && token) options.onUnauthorized();
  throw await readProblem(response);
}

/** Sends a request and reads the answer: JSON, text, or undefined when there is no body. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await apiFetch(path, request);
  if (response.status === 204 || request.method === 'HEAD') return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/** Reads an answer outside 2xx as an ApiError, from its problem details when it has them. */
export async function readProblem(response: Response): Promise<ApiError> {
  const fallback = {
    type: 'about:blank',
    title: response.statusText || `Request failed with status ${response.status}`,
    status: response.status,
  };
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return new ApiError(fallback);
  try {
    const problem = (await response.json()) as Partial<ProblemDetails> & Record<string, unknown>;
    const {
      type,
      title,
      status: _status,
      detail,
      instance: _instance,
      errors,
      ...extensions
    } = problem;
    return new ApiError({
      type: typeof type === 'string' ? type : fallback.type,
      title: typeof title === 'string' ? title : fallback.title,
      status: response.status,
      detail: typeof detail === 'string' ? detail : undefined,
      errors: isFieldErrors(errors) ? errors : undefined,
      extensions,
    });
  } catch {
    return new ApiError(fallback);
  }
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}
