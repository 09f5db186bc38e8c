import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { requireAttempt, writesPerUser } from './attempt-limits.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Counts every change a signed-in person asks of the API (POST, PUT, PATCH, DELETE) against
 * their allowance, and refuses one past it with 429 and `Retry-After`. One account cannot
 * flood the site: every change writes an event that every open tab's stream reads, and a
 * lanner saving a profile 1,100 times held an administrator's change back for 16-25 s
 * (issue 31). Counted per user in the database like the attempt limits, so no header and
 * no second server resets it. Anonymous calls change nothing (they are refused with 401);
 * the sign-in pages have limits of their own.
 */
export function registerWriteLimit(app: FastifyInstance, db: AppDatabase, perMinute: number): void {
  const limit = writesPerUser(perMinute);
  app.addHook('preValidation', async (request) => {
    if (!writeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const viewer = await request.viewer();
    if (!viewer) return;
    await requireAttempt(db, [[limit, String(viewer.user.id)]], 'changes in a short time');
  });
}
