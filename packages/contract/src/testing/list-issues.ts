import type { z } from 'zod';

/** For tests: the issues of parsing `value`, as `{ path: 'a.b', message }`; empty when it parses. */
export function listIssues(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
