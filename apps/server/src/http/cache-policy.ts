import type { FastifyInstance } from 'fastify';

/**
 * What browsers and proxies may keep of an API answer. An answer to a signed-in call may
 * hold personal data (the caller's profile, e-mail address, subscriptions) or differ per
 * viewer, so neither a shared proxy nor the browser's disk keeps it: `private, no-store`,
 * unless the route chose a policy itself (images, the calendar feed).
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi && request.headers.authorization !== undefined && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}
