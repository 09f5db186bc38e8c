import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { anonymousWritesPerAddress, requireAttempt, writesPerUser } from './attempt-limits.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a route is for the signed-in alone: every change of the API that documents a 401
 * refuses anyone not signed in (authorize.test.ts holds each of them to it), so the route's
 * own schema says it and no route needs a word of its own.
 */
function isForSignedIn(request: FastifyRequest): boolean {
  const answers = request.routeOptions.schema?.response;
  return typeof answers === 'object' && answers !== null && Object.hasOwn(answers, '401');
}

/**
 * Counts every change asked of the API (POST, PUT, PATCH, DELETE) and refuses one past its
 * allowance with 429 and `Retry-After`, counted in the database like the attempt limits, so
 * no header and no second server resets it.
 *
 * A signed-in person's changes, per person: one account cannot flood the site (every
 * change writes an event that every open tab's stream reads, and a lanner saving a profile
 * 1,100 times held an administrator's change back for 16-25 s, issue 31).
 *
 * A change for the signed-in asked by nobody is refused with 401 here, when the request
 * arrives: before its body is read or its input checked, so a stranger learns nothing of
 * the input rules of closed calls and no route's work (a lock, a version) runs for them
 * (issue 50). Those refusals are counted per address (the one TRUST_PROXY allows us to
 * believe) at the same allowance a minute, as failed sign-ins are. The sign-in pages and
 * changes open to anyone have limits of their own.
 */
export function registerWriteLimit(app: FastifyInstance, db: AppDatabase, perMinute: number): void {
  const perUser = writesPerUser(perMinute);
  const perAddress = anonymousWritesPerAddress(perMinute);
  app.addHook('onRequest', async (request) => {
    if (!writeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const viewer = await request.viewer();
    if (viewer) {
      await requireAttempt(db, [[perUser, String(viewer.user.id)]], 'changes in a short time');
      return;
    }
    if (!isForSignedIn(request)) return;
    await requireAttempt(db, [[perAddress, request.ip]], 'changes without signing in');
    await requireViewer(request);
  });
}
