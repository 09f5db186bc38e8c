import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keyOfRead } from './kept-answers.ts';
import { contractValidatorCompiler } from './query-validation.ts';

/**
 * A kept read is keyed by what its route validated, never by the URL as sent: a parameter
 * the route ignores, new on every request, must answer from what is kept (issue 52: last
 * month's players with `?x=<new>` per request were built anew each time, p99 3.7 s).
 */
describe('the key of a kept read', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  const keyOf = async (url: string) => (await app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    app.setValidatorCompiler(contractValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/plain', (request) => keyOfRead(request));
    app.get(
      '/paged/:id',
      {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          querystring: z.object({ limit: z.coerce.number().int().default(20) }),
        },
      },
      (request) => keyOfRead(request, 'viewer 7'),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('leaves out the query of a route that reads none', async () => {
    const key = await keyOf('/plain');
    for (const x of ['1', '2', 'new']) expect(await keyOf(`/plain?x=${x}`)).toBe(key);
  });

  it('holds the validated query and parameters, unknown parameters dropped, defaults filled', async () => {
    const key = await keyOf('/paged/3?limit=20');
    expect(await keyOf('/paged/3')).toBe(key);
    expect(await keyOf('/paged/03?limit=20&x=1')).toBe(key);
    expect(await keyOf('/paged/3?x=2&limit=020')).toBe(key);
    expect(await keyOf('/paged/3?limit=21')).not.toBe(key);
    expect(await keyOf('/paged/4')).not.toBe(key);
    expect(key).toContain('viewer 7');
  });

  it('tells routes apart', async () => {
    expect(await keyOf('/plain')).not.toBe(await keyOf('/paged/3'));
  });
});
