import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { explainLoadFailure, isRetryableFailure } from './explain-load-failure.ts';

const problem = (status: number, title: string, detail?: string) =>
  new ApiError({ type: 'about:blank', status, title, detail });

describe('explainLoadFailure', () => {
  it('gives the sentence the server wrote for people', () => {
    expect(
      explainLoadFailure(
        problem(500, 'Internal server error', 'Something went wrong. Reference: r-1.'),
      ),
    ).toBe('Something went wrong. Reference: r-1.');
  });

  it.each([
    [500, 'Internal Server Error', 'The server had a problem answering.'],
    [502, 'Bad Gateway', 'The server had a problem answering.'],
    [401, 'Unauthorized', 'Your session has ended: sign in again.'],
    [403, 'Forbidden', 'You are not allowed to see it.'],
    [404, 'Not Found', 'It was not found.'],
    [429, 'Too Many Requests', 'There were too many requests: wait a moment.'],
    [418, "I'm a teapot", 'The server refused the request.'],
  ])('never shows the bare status text of a %i', (status, title, words) => {
    expect(explainLoadFailure(problem(status, title))).toBe(words);
  });

  it('says the server could not be reached when no answer came', () => {
    expect(explainLoadFailure(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check your connection.',
    );
  });
});

describe('isRetryableFailure', () => {
  it.each([500, 502, 503, 408, 429])('tries a %i again', (status) => {
    expect(isRetryableFailure(problem(status, 'Problem'))).toBe(true);
  });

  it('tries again when no answer came', () => {
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409])('takes a %i as the answer', (status) => {
    expect(isRetryableFailure(problem(status, 'Problem'))).toBe(false);
  });
});
