import { communityTimeHeader } from '@lanparty/contract/rules';
import type { FastifyInstance } from 'fastify';
import { toZonedIsoTimestamp } from '../lib/zoned-timestamp.ts';

/**
 * What browsers and proxies may keep of an API answer. An answer to a signed-in call may
 * hold personal data (the caller's profile, e-mail address, subscriptions) or differ per
 * viewer, so neither a shared proxy nor the browser's disk keeps it: `private, no-store`,
 * unless the route chose a policy itself (images, the calendar feed).
 */
export function registerCachePolicy(app: FastifyInstance, timeZone: string): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // When it was read, to the minute and on the community's clocks: what an answer kept
    // for reading offline says of itself (issue 53). The same minute is written once.
    if (isApi) {
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      reply.header(communityTimeHeader, toZonedIsoTimestamp(new Date(minute), timeZone));
    }
    if (isApi && request.headers.authorization !== undefined && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}
