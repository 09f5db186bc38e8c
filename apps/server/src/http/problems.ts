import type { ProblemDetails } from '@lanparty/contract';
import type { FastifyReply } from 'fastify';

/** The messages per field of a 400. */
export type FieldErrors = NonNullable<ProblemDetails['errors']>;

const titles: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Upload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/**
 * A refusal a client should see as RFC 9457 problem details. Services throw it;
 * the error handler turns it into the response.
 */
export class ProblemError extends Error {
  readonly status: number;
  readonly title: string;
  readonly errors: FieldErrors | undefined;
  /** Sent as `Retry-After` (a 429, a 503). */
  readonly retryAfterSeconds: number | undefined;
  /** RFC 9457 extension members the route's problem schema describes (check-in's amountDue). */
  readonly extensions: Record<string, unknown> | undefined;
  constructor(
    status: number,
    detail: string,
    options: {
      title?: string;
      errors?: FieldErrors;
      retryAfterSeconds?: number;
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
    this.status = status;
    this.title = options.title ?? titleOf(status);
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extensions = options.extensions;
  }
}

export function titleOf(status: number): string {
  return titles[status] ?? (status >= 500 ? 'Server error' : 'Request refused');
}

/** `about:blank` is RFC 9457's type for problems that the status code already explains. */
export function problem(
  status: number,
  detail?: string,
  extra: Partial<ProblemDetails> = {},
): ProblemDetails {
  return {
    type: 'about:blank',
    title: titleOf(status),
    status,
    ...(detail === undefined ? {} : { detail }),
    ...extra,
  };
}

export function sendProblem(reply: FastifyReply, details: ProblemDetails): FastifyReply {
  return reply.code(details.status).type('application/problem+json').send(details);
}
