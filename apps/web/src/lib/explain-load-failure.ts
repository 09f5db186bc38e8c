import { isApiError } from './api-client.ts';

/**
 * Why a load failed, in words a visitor can act on, after the screen has said what failed
 * ("The lans could not be loaded."). The server's own sentence (a problem's detail) when it
 * wrote one; never a bare status text such as "Internal Server Error", which a proxy in
 * front of the server answers with when the server is down.
 */
export function explainLoadFailure(error: unknown): string {
  if (!isApiError(error)) return 'The server could not be reached. Check your connection.';
  if (error.detail) return error.detail;
  if (error.status >= 500) return 'The server had a problem answering.';
  if (error.status === 401) return 'Your session has ended: sign in again.';
  if (error.status === 403) return 'You are not allowed to see it.';
  if (error.status === 404) return 'It was not found.';
  if (error.status === 429) return 'There were too many requests: wait a moment.';
  return 'The server refused the request.';
}

/**
 * Whether asking again may give another answer: no answer at all, a server's trouble
 * (5xx), too many requests, a timeout. A 4xx is the same the next time: a lan that does not
 * exist is said so, without "Try again".
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
