import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import { anonymousWritesPerAddress, requireAttempt, writesPerUser } from './attempt-limits.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is for the signed-in alone: nobody signed in is answered 401 when the
     * request arrives, before its input is read. A change that documents a 401 is so
     * without a word (false opens it); a read must say it, as a read open to anyone may
     * still answer 401 to a token that does not verify.
     */
    signedIn?: boolean;
  }
}

/**
 * Whether a route is for the signed-in alone: its `signedIn` flag, else for a change its
 * schema: every change of the API that documents a 401 refuses anyone not signed in
 * (authorize.test.ts holds each of them to it).
 */
function isForSignedIn(request: FastifyRequest, isWrite: boolean): boolean {
  const flag = request.routeOptions.config.signedIn;
  if (flag !== undefined) return flag;
  const answers = request.routeOptions.schema?.response;
  return (
    isWrite && typeof answers === 'object' && answers !== null && Object.hasOwn(answers, '401')
  );
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
 * A call for the signed-in (a change or a read, see `isForSignedIn`) asked by nobody is
 * refused with 401 here, when the request arrives: before its body is read or its input
 * checked, so a stranger learns nothing of the input rules of closed calls and no route's
 * work (a lock, a version) runs for them (issue 50). Refused changes are counted per
 * address (the one TRUST_PROXY allows us to believe) at the same allowance a minute, as
 * failed sign-ins are; a refused read changes nothing and is not counted. The sign-in pages
 * and changes open to anyone have limits of their own.
 */
export function registerWriteLimit(app: FastifyInstance, db: AppDatabase, perMinute: number): void {
  const perUser = writesPerUser(perMinute);
  const perAddress = anonymousWritesPerAddress(perMinute);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const isWrite = writeMethods.has(request.method);
    const isForSignedInAlone = isForSignedIn(request, isWrite);
    if (!isWrite && !isForSignedInAlone) return;
    const viewer = await request.viewer().catch(async (error: unknown) => {
      // The token of an erased account is refused as nobody's: its changes count against
      // the address as those of anyone not signed in, or it could send them without end.
      if (isWrite && error instanceof ProblemError && error.status === 401)
        await requireAttempt(db, [[perAddress, request.ip]], 'changes without signing in');
      throw error;
    });
    if (viewer) {
      if (isWrite)
        await requireAttempt(db, [[perUser, String(viewer.user.id)]], 'changes in a short time');
      return;
    }
    if (!isForSignedInAlone) return;
    if (isWrite) await requireAttempt(db, [[perAddress, request.ip]], 'changes without signing in');
    authorize(viewer, 'account.use');
  });
}
