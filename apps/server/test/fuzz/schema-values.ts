import fc from 'fast-check';
import { formatsOf, type JsonSchema, typesOf } from './operations.ts';
import { OwnAddress, type PoolName, PoolRef, SamePathValue } from './symbols.ts';

/**
 * Valid values built from a schema, so that a mutated request differs from one the
 * server accepts in one place only and gets past the first check to the services and
 * the database. Names that denote a row (`lanId`, `{id}` under /api/lans) take a real
 * one; the schema alone cannot tell that.
 */

const day = 24 * 60 * 60 * 1000;

const pathPools: Record<string, PoolName> = {
  lans: 'lan',
  users: 'user',
  subscribers: 'subscriber',
  games: 'game',
};

/** The pools a parameter or field named so draws real values from, if any. */
export function poolsForName(name: string, path: string, location: string): PoolName[] {
  if (location === 'path' && name === 'id') {
    const pool = pathPools[path.split('/')[2] ?? ''];
    return pool ? [pool] : [];
  }
  switch (name) {
    case 'lanId':
      return ['lan'];
    case 'userId':
      return ['self', 'user'];
    case 'userIds':
      return ['user', 'self'];
    case 'ids':
      return ['game'];
    case 'year':
      return ['year'];
    case 'code':
      return ['code'];
    case 'email':
      // A path address looks a real one up (the caller's own among them); a body
      // address is mostly new (see validString).
      return location === 'path' ? ['email'] : [];
    default:
      return [];
  }
}

/** A real value from one of the pools. */
export function poolValue(pools: PoolName[]): fc.Arbitrary<PoolRef> {
  return fc
    .tuple(fc.constantFrom(...pools), fc.nat({ max: 40 }))
    .map(([pool, index]) => new PoolRef(pool, index));
}

const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'];

function validString(schema: JsonSchema): fc.Arbitrary<unknown> {
  const formats = formatsOf(schema);
  if (formats.includes('date-time')) {
    // Around now: lans are open, not yet started or just past, as in real use.
    return fc
      .integer({ min: -40, max: 200 })
      .map((days) => new Date(Date.now() + days * day).toISOString());
  }
  if (formats.includes('date')) {
    return fc
      .date({ min: new Date('1950-01-01'), max: new Date('2015-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (formats.includes('email')) {
    // Mostly an address of one's own; now and then someone else's (a duplicate).
    return fc.oneof(
      { weight: 4, arbitrary: fc.nat({ max: 9999 }).map((n) => new OwnAddress(n)) },
      { weight: 1, arbitrary: poolValue(['email']) },
    );
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = Math.max(schema.minLength ?? 0, 1);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
  return fc
    .string({ unit: fc.constantFrom(...letters), minLength, maxLength })
    .map((text) => (text.trim() === '' ? `x${text}`.slice(0, maxLength) : text));
}

function validNumber(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? 0, -1_000_000);
  const max = Math.min(schema.maximum ?? 1000, 1_000_000);
  if (isInteger) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Euros with cents, as the site shows them.
  return fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((cents) => cents / 100);
}

type Context = { name: string; path: string; location: 'path' | 'query' | 'body' };

/** Paging as clients page: the schema allows any number, but the rows are few. */
const pagingValues: Record<string, fc.Arbitrary<number>> = {
  offset: fc.nat({ max: 30 }),
  limit: fc.integer({ min: 1, max: 100 }),
};

/** A value the schema accepts, with real ids where the name asks for one. */
export function validValue(schema: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const pools = poolsForName(context.name, context.path, context.location);
  const types = typesOf(schema);
  if (pools.length > 0 && !types.includes('array')) return poolValue(pools);
  const paging = context.location === 'query' ? pagingValues[context.name] : undefined;
  if (paging) return paging;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // null is the rare choice: a cleared field is less interesting than a set one.
    return fc.oneof(
      ...alternatives.map((alternative) => ({
        weight: typesOf(alternative).includes('null') ? 1 : 4,
        arbitrary: validValue(alternative, context),
      })),
    );
  }
  if (types.includes('object')) return validObject(schema, context);
  if (types.includes('array')) {
    const items = schema.items ?? {};
    return items.enum
      ? fc.subarray(items.enum)
      : fc.array(validValue(items, context), { maxLength: 3 });
  }
  if (types.includes('string')) return validString(schema);
  if (types.includes('integer')) return validNumber(schema, true);
  if (types.includes('number')) return validNumber(schema, false);
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('null')) return fc.constant(null);
  return fc.constant(null);
}

/** A valid object: every required field, and optional ones now and then. */
export function validObject(
  schema: JsonSchema,
  context: Context,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = Object.fromEntries(
    properties.map(([name, inner]) => [
      name,
      name === 'id' && context.path.includes('{id}')
        ? fc.constant(new SamePathValue('id'))
        : validValue(inner, { ...context, name, location: 'body' }),
    ]),
  );
  return fc
    .record(fields, { requiredKeys: schema.required ?? [] })
    .map((value) => makeCoherent(value as Record<string, unknown>));
}

/**
 * Puts related fields in the order the domain requires (a lan ends after it starts,
 * members pay no more than others, a password is repeated as it is), so a valid body is
 * valid as a whole, not only field by field.
 */
function makeCoherent(body: Record<string, unknown>): Record<string, unknown> {
  const coherent = { ...body };
  const order = (first: string, second: string) => {
    const [a, b] = [coherent[first], coherent[second]];
    // ISO dates of one form compare as text; prices as numbers.
    const isReversed =
      (typeof a === 'number' && typeof b === 'number' && a > b) ||
      (typeof a === 'string' && typeof b === 'string' && a > b);
    if (isReversed) [coherent[first], coherent[second]] = [b, a];
  };
  order('startDate', 'endDate');
  order('membersPrice', 'price');
  order('membersLanPrice', 'lanPrice');
  if (coherent.startDate === coherent.endDate && typeof coherent.endDate === 'string') {
    coherent.endDate = new Date(Date.parse(coherent.endDate) + day).toISOString();
  }
  // A new account's form: the password typed twice.
  if ('passwordRepeat' in coherent && 'password' in coherent) {
    coherent.passwordRepeat = coherent.password;
  }
  return coherent;
}
