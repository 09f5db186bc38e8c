import { ApiError } from './api-client.ts';

/**
 * A short sentence for an error, for alerts: the problem's detail, else its title; never
 * the bare status text a proxy answers with while the server is down. No answer at all
 * (fetch rejects with a TypeError: offline, the server stopped) says so.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    return error.status >= 500 ? 'The server had a problem answering.' : error.title;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return 'Something went wrong. Try again in a moment.';
}
