import autocannon from 'autocannon';
import type { LoadSpec } from './children.ts';
import { readNamed } from './reads.ts';
import type { LoadResult } from './report.ts';

/**
 * The load, in a process of its own (neither the server's nor the floor's): autocannon
 * with the spec's connections, a warm-up, then the measured run. "same URL" sends the
 * page's URL again and again; "new URL" the next of the read's other valid URLs on every
 * request, counting on from the warm-up, so a URL of the warm-up is not asked again.
 */
process.once('message', async (spec: LoadSpec) => {
  let index = 0;
  const read = readNamed(spec.read);
  const nextPath = () => {
    if (!read.newUrl) throw new Error(`${spec.read} has no other URLs`);
    const path = read.newUrl(spec.context, index);
    index += 1;
    return path;
  };
  const options: autocannon.Options = {
    url: `${spec.origin}${read.url(spec.context)}`,
    connections: spec.connections,
    headers: spec.headers,
    ...(spec.variant === 'new URL'
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }
      : {}),
  };
  await autocannon({ ...options, duration: spec.warmUpSeconds });
  const result = await autocannon({ ...options, duration: spec.seconds });
  const answer: LoadResult = {
    requestsPerSecond: result.requests.total / result.duration,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  process.send?.(answer, () => process.exit(0));
});
