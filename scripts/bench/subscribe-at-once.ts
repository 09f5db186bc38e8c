import { createBenchLan } from './bench-lan.ts';
import { createLanners, sendJson } from './lanners.ts';
import { percentile } from './report.ts';
import { type Provider, signIn } from './sign-in.ts';

/**
 * Many lanners subscribing to one lan at once, against the running server, everything
 * through its real API: `lanadmin` opens a lan with room for all of them, each lanner
 * creates an account on the sign-in pages (from a loopback address of their own, so the
 * per-address limit on new accounts sees separate people, as it would behind a proxy that
 * says who is who), `memberadmin` makes each a Lanner, and then all of them POST
 * /api/subscribers together. Every request must be answered; the statuses and the
 * latencies of that burst are what it reports.
 */
export type SubscribeOutcome = {
  lanners: number;
  statusCounts: Record<string, number>;
  p50: number;
  p99: number;
  maxMs: number;
  /** How long preparing the lanners took (accounts, roles), not part of the burst. */
  preparedInMs: number;
};

export async function subscribeAtOnce(
  provider: Provider,
  count: number,
): Promise<SubscribeOutcome> {
  const origin = provider.origin;
  const prepared = performance.now();
  const organiser = await signIn(provider, 'lanadmin', 'lanadmin');
  const lan = await createBenchLan(origin, organiser, {
    name: 'Benchmark Lan',
    description: 'Everyone at once.',
  });

  const lanners = await createLanners(provider, count);
  const preparedInMs = performance.now() - prepared;

  const timings: number[] = [];
  const statuses = await Promise.all(
    lanners.map(async (lanner) => {
      const started = performance.now();
      try {
        const answer = await sendJson(
          lanner.browser,
          'POST',
          `${origin}/api/subscribers`,
          lanner.tokens,
          { lanId: lan.id, userId: lanner.userId },
        );
        return String(answer.status);
      } catch (error) {
        return `failed (${error instanceof Error ? error.message : String(error)})`;
      } finally {
        timings.push(performance.now() - started);
      }
    }),
  );
  const statusCounts: Record<string, number> = {};
  for (const status of statuses) statusCounts[status] = (statusCounts[status] ?? 0) + 1;
  return {
    lanners: count,
    statusCounts,
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    maxMs: Math.max(...timings),
    preparedInMs,
  };
}
