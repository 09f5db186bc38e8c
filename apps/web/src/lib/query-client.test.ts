import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

const problem = (status: number) => new ApiError({ type: 'about:blank', title: 'Problem', status });

/** How often the app's client asks before it gives up on a read that keeps failing so. */
async function countAttempts(error: unknown): Promise<number> {
  const queryClient = createQueryClient();
  let attempts = 0;
  await queryClient
    .fetchQuery({
      queryKey: ['attempts'],
      queryFn: async () => {
        attempts += 1;
        throw error;
      },
      retryDelay: 0,
    })
    .catch(() => undefined);
  return attempts;
}

describe('the app’s reads', () => {
  it.each([
    ['no answer', new TypeError('Failed to fetch')],
    ['a 503', problem(503)],
  ])('ask once more after %s', async (_what, error) => {
    expect(await countAttempts(error)).toBe(2);
  });

  it.each([404, 403, 400])('take a %i as the answer, asked once', async (status) => {
    expect(await countAttempts(problem(status))).toBe(1);
  });

  it('send a change made offline at once, to fail beside what it changed', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});
