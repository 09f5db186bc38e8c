import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problems.ts';

const nulMessage = 'Must not contain the NUL character (U+0000)';

/**
 * The path of the first text holding U+0000 in a parsed path, query or body (`firstName`,
 * `items.0.name`), or undefined. PostgreSQL cannot store that character in text while
 * SQLite can; refusing it everywhere makes both engines answer the same 400.
 */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (key.includes('\0')) return itemPath;
    const found = findNulCharacter(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses, before any route reads it, a request whose path parameters, query or body hold
 * the NUL character, naming the field: nothing a client sends reaches a database with it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    // The identity provider's own routes take the raw request over (reply.hijack()).
    if (reply.sent) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field !== undefined) {
        throw new ProblemError(400, 'One or more fields are invalid.', {
          errors: { [field || 'body']: [nulMessage] },
        });
      }
    }
  });
}
