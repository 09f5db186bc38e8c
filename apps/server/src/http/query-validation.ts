import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** Distinct query strings remembered per route; past it the memory starts again. */
const rememberedQueries = 500;

type Validated = { value: unknown } | { error: Error | FastifySchemaValidationError[] };

function deepFreeze<Value>(value: Value): Value {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The contract's validation, with each route's valid query strings remembered. A query's
 * schema depends on nothing but the query (no defaults or checks from the clock), and the
 * pages send the same few queries again and again; zod's parse of them was 5-9 % of an
 * unchanged read. What is remembered is frozen, so a handler that changed it would throw
 * rather than change the next request's query. Refused queries are not remembered.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => Validated;
  if (route.httpPart !== 'querystring') return validate;
  const known = new Map<string, Validated>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const remembered = known.get(key);
    if (remembered) return remembered;
    const result = validate(data);
    if ('error' in result) return result;
    if (known.size >= rememberedQueries) known.clear();
    known.set(key, deepFreeze(result));
    return result;
  };
};
