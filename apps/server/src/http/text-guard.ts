import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problems.ts';

const nulMessage = 'Must not contain the NUL character (U+0000)';

/**
 * The 400 of a path, query or body holding U+0000, naming the field. A problem like any
 * other for the API; the sign-in pages know it by its class and say it in words.
 */
export class NulCharacterError extends ProblemError {
  readonly field: string;
  constructor(field: string) {
    super(400, 'One or more fields are invalid.', { errors: { [field]: [nulMessage] } });
    this.name = 'NulCharacterError';
    this.field = field;
  }
}

/**
 * The path of the first text holding U+0000 in a parsed path, query or body (`firstName`,
 * `items.0.name`), or undefined. PostgreSQL cannot store that character in text while
 * SQLite can; refusing it everywhere makes both engines answer the same 400.
 * It walks with a stack of its own rather than by recursion, so no depth of value can
 * overflow the call stack (JSON bodies are also refused past a few levels: json-nesting.ts).
 */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  // What is still to look at, the next on top: a value, and its key when it has one.
  const pending: Array<{ value: unknown; path: string; key?: string }> = [{ value, path }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.key?.includes('\0')) return next.path;
    const item = next.value;
    if (typeof item === 'string') {
      if (item.includes('\0')) return next.path;
      continue;
    }
    if (typeof item !== 'object' || item === null || Buffer.isBuffer(item)) continue;
    // Last entry first onto the stack, so entries are looked at in their order.
    const entries = Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      pending.push({ value: child, key, path: next.path === '' ? key : `${next.path}.${key}` });
    }
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
      if (field !== undefined) throw new NulCharacterError(field || 'body');
    }
  });
}
