import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * An answer's JSON text, by the contract's schema: the schema's keys in its order, unknown
 * keys dropped (a row's other columns never leak), each value of the type the schema says,
 * else an error; for a valid value, the text of zod's parse. Not zod's parse itself: it
 * also checks every format and range (the dates' patterns, the numbers' bounds), which was
 * a tenth of a fresh small read, and those values come from typed builders.
 *
 * Built once per schema from zod's public JSON Schema (`z.toJSONSchema`), cut to the shape
 * of the value (types, keys, enums; not formats, ranges, lengths): Ajv checks the types,
 * then Fastify's own serializer (fast-json-stringify) writes the text. The check comes
 * first because the serializer coerces rather than fails (null becomes "" or 0, 1.5 an
 * integer 1, any string passes an enum): a wrong value must fail loudly, not send garbage.
 * Together they take about half the time of the walk over zod's private definitions they
 * replace (1,000 leaderboard rows: 1.5 ms against 2.6 ms; zod's parse 7.6 ms).
 *
 * A schema the JSON Schema cannot describe as it is sent is parsed by zod as before, so
 * what is sent stays what zod would give: one zod cannot express (a transform, a date), or
 * whose input and output differ (a default, a pipe), or holding a union of more than a
 * value or null, which the serializer would match by its own rules. What a check rewrites
 * (`trim`, `toLowerCase`, `overwrite`) its JSON Schema does not show, and is not done here:
 * an answer's schema holds stored values and rewrites none (the input schemas do).
 */
export type AnswerWriter = (value: unknown) => string;

const writers = new WeakMap<z.ZodType, AnswerWriter>();

export function answerWriterOf(schema: z.ZodType): AnswerWriter {
  let writer = writers.get(schema);
  if (!writer) {
    writer = compile(schema);
    writers.set(schema, writer);
  }
  return writer;
}

/**
 * Builds the writer of every answer a route sends (its 2xx response schemas) as the route
 * is added, so while the app starts: a writer takes 2 to 95 ms to build, which the first
 * visitor of each kept read paid. Register before the routes. The writers go into the one
 * cache above. Only the kept reads write through them (`toJson`); the other routes' are
 * built too, rather than marking which route writes how: all of them take about 100 ms,
 * once per process.
 */
export function buildAnswerWritersOnStart(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response;
    if (typeof responses !== 'object' || responses === null) return;
    for (const [status, schema] of Object.entries(responses)) {
      if (!status.startsWith('2') || !(schema instanceof z.ZodType)) continue;
      // A route that answers one of several shapes (GET lans, whole or headlines) writes
      // each by its own schema.
      for (const shape of schema instanceof z.ZodUnion ? schema.options : [schema])
        answerWriterOf(shape as z.ZodType);
    }
  });
}

/** Whether the schema's writer is built already (for tests). */
export function hasAnswerWriter(schema: z.ZodType): boolean {
  return writers.has(schema);
}

/** The value as the schema sends it, as JSON text. */
export function writeAnswer<Schema extends z.ZodType>(
  schema: Schema,
  value: z.input<Schema>,
): string {
  return answerWriterOf(schema)(value);
}

// The shapes are made here, not written by hand, so checking them against the meta-schema
// would only cost time. strictNumbers: NaN and Infinity are not numbers, as in zod.
const ajv = new Ajv({
  strictNumbers: true,
  allowUnionTypes: true,
  validateSchema: false,
  addUsedSchema: false,
});

function compile(schema: z.ZodType): AnswerWriter {
  const output = shapesFor(schema, 'output');
  const input = shapesFor(schema, 'input');
  if (!output || JSON.stringify(output.checked) !== JSON.stringify(input?.checked)) {
    return (value) => JSON.stringify(schema.parse(value));
  }
  const isValid = ajv.compile(output.checked);
  const stringify = fastJson(output.written as fastJson.AnySchema);
  return (value) => {
    if (!isValid(value)) {
      throw new Error(`An answer does not match its schema: ${ajv.errorsText(isValid.errors)}`);
    }
    return stringify(value);
  };
}

type JsonSchema = { [keyword: string]: unknown };

/** A kind the shape cannot hold as zod sends it: that schema is parsed by zod. */
class Unshapable extends Error {}

/**
 * The shape Ajv checks, and the one the serializer writes by: without `required` (checked
 * already), since the serializer would write required keys first, not in the schema's order.
 */
function shapesFor(
  schema: z.ZodType,
  io: 'input' | 'output',
): { checked: JsonSchema; written: JsonSchema } | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'throw' });
    return { checked: shapeOf(jsonSchema, true), written: shapeOf(jsonSchema, false) };
  } catch {
    // z.toJSONSchema throws for a kind JSON Schema cannot express (a transform, a date),
    // shapeOf for one the shape cannot hold.
    return undefined;
  }
}

// What only checks or describes a value, not its shape: left out (zod's parse checks these).
const unchecked = new Set([
  ...['$schema', '$id', 'title', 'description', 'examples', 'deprecated'],
  ...['readOnly', 'writeOnly', 'format', 'pattern', 'minimum', 'maximum', 'multipleOf'],
  ...['exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems'],
  ...['maxItems', 'uniqueItems', 'minProperties', 'maxProperties'],
  ...['contentEncoding', 'contentMediaType'],
]);

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function shapeOf(node: unknown, keepsRequired: boolean): JsonSchema {
  const shapeOfInner = (inner: unknown) => shapeOf(inner, keepsRequired);
  if (typeof node !== 'object' || node === null || Array.isArray(node)) throw new Unshapable();
  const shape: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (unchecked.has(keyword)) continue;
    switch (keyword) {
      case 'required':
        if (keepsRequired) shape.required = value;
        break;
      case 'type':
      case 'enum':
      case 'const':
      case '$ref':
        shape[keyword] = value;
        break;
      case 'properties':
      case '$defs':
        shape[keyword] = Object.fromEntries(
          Object.entries(value as JsonSchema).map(([key, inner]) => [key, shapeOfInner(inner)]),
        );
        break;
      case 'items':
        shape.items = shapeOfInner(value);
        break;
      // A record's keys, checked when they are limited to some values (an enum's), as zod
      // refuses any other key; a key's pattern, like a string's, is not checked.
      case 'propertyNames': {
        const names = shapeOfInner(value);
        if (keepsRequired && (names.enum || names.const !== undefined)) shape[keyword] = names;
        break;
      }
      // Unknown keys are dropped by the serializer whether or not this says so; a record's
      // or a loose object's values keep their schema.
      case 'additionalProperties':
        if (value !== false) shape.additionalProperties = shapeOfInner(value);
        break;
      case 'anyOf':
        Object.assign(shape, unionOf((value as unknown[]).map(shapeOfInner)));
        break;
      default:
        throw new Unshapable();
    }
  }
  return shape;
}

/** A union the check and the serializer agree on with zod: plain types, or a value or null. */
function unionOf(branches: JsonSchema[]): JsonSchema {
  const typesOnly = branches.every(
    (branch) =>
      Object.keys(branch).join() === 'type' &&
      [branch.type].flat().every((type) => primitiveTypes.has(type as string)),
  );
  if (typesOnly) return { type: [...new Set(branches.flatMap((branch) => branch.type))] };
  const values = branches.filter((branch) => branch.type !== 'null');
  const [value] = values;
  if (values.length !== 1 || branches.length !== 2 || !value) throw new Unshapable();
  if (typeof value.type === 'string') {
    const { const: only, enum: allowed, ...rest } = value;
    const choices = only !== undefined ? [only] : (allowed as unknown[] | undefined);
    return { ...rest, type: [value.type, 'null'], ...(choices && { enum: [...choices, null] }) };
  }
  if (typeof value.$ref === 'string') return { anyOf: branches };
  throw new Unshapable();
}
