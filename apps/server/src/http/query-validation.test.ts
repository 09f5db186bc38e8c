import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractValidatorCompiler } from './query-validation.ts';

function compile(httpPart: string, parsed: { count: number }) {
  const schema = z.object({
    roles: z
      .string()
      .transform((text) => {
        parsed.count += 1;
        return text.split(',');
      })
      .pipe(z.array(z.enum(['Lanner', 'Member']))),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  });
  return contractValidatorCompiler({ schema, method: 'GET', url: '/api/users', httpPart }) as (
    data: unknown,
  ) => { value?: { roles: string[]; limit: number }; error?: unknown };
}

describe('the validation of a query', () => {
  it('parses a query once and answers it again from memory, frozen', () => {
    const parsed = { count: 0 };
    const validate = compile('querystring', parsed);
    const first = validate({ roles: 'Member', limit: '5' });
    expect(first.value).toEqual({ roles: ['Member'], limit: 5 });
    expect(validate({ roles: 'Member', limit: '5' })).toBe(first);
    expect(parsed.count).toBe(1);
    expect(() => first.value?.roles.push('Lanner')).toThrow(TypeError);
    expect(() => {
      if (first.value) first.value.limit = 6;
    }).toThrow(TypeError);

    expect(validate({ roles: 'Lanner,Member' }).value).toEqual({
      roles: ['Lanner', 'Member'],
      limit: 20,
    });
    expect(parsed.count).toBe(2);
  });

  it('refuses a bad query every time, remembering none', () => {
    const parsed = { count: 0 };
    const validate = compile('querystring', parsed);
    for (let index = 0; index < 2; index += 1) {
      expect(validate({ roles: 'Admin' }).error).toBeDefined();
      expect(validate({ roles: 'Member', limit: '0' }).error).toBeDefined();
    }
    expect(parsed.count).toBe(4);
  });

  it('stays right past the queries it remembers', () => {
    const parsed = { count: 0 };
    const validate = compile('querystring', parsed);
    for (let round = 0; round < 2; round += 1)
      for (let limit = 1; limit <= 100; limit += 1)
        for (const roles of [
          'Member',
          'Lanner',
          'Lanner,Member',
          'Member,Lanner',
          'Lanner,Lanner,Member',
          'Member,Member',
        ])
          expect(validate({ roles, limit: String(limit) }).value).toEqual({
            roles: roles.split(','),
            limit,
          });
    // 600 queries against the 500 kept: the second round parses again what was forgotten.
    expect(parsed.count).toBeGreaterThan(600);
  });

  it('parses every body, params and headers afresh, left as they are', () => {
    const parsed = { count: 0 };
    const validate = compile('body', parsed);
    const first = validate({ roles: 'Member' });
    const second = validate({ roles: 'Member' });
    expect(second).not.toBe(first);
    expect(parsed.count).toBe(2);
    expect(Object.isFrozen(first.value)).toBe(false);
  });
});
