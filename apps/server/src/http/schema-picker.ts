import type { z } from 'zod';

/**
 * What an answer sends of a value, by the contract's schema: the schema's keys in its
 * order, unknown keys dropped (a row's other columns never leak), each value of the type
 * the schema says, else an error. Compiled once per schema into plain functions, instead
 * of parsing every answer with zod: zod's parse also checks every format and range (the
 * dates' patterns, the numbers' bounds), which was a tenth of a fresh small read. Those
 * values come from typed builders; the tests compare what is sent with zod's parse.
 *
 * Covers the kinds the answers use (objects, arrays, records, optional and nullable,
 * strings, numbers, booleans, enums, literals); any other kind (a union, a transform, a
 * default) is parsed by zod as before, so what is sent stays what zod would give.
 */
export type Picker = (value: unknown) => unknown;

const pickers = new WeakMap<z.ZodType, Picker>();

export function pickerOf(schema: z.ZodType): Picker {
  let picker = pickers.get(schema);
  if (!picker) {
    picker = compile(schema);
    pickers.set(schema, picker);
  }
  return picker;
}

/** The value as the schema sends it. */
export function pickBySchema<Schema extends z.ZodType>(
  schema: Schema,
  value: z.input<Schema>,
): z.output<Schema> {
  return pickerOf(schema)(value) as z.output<Schema>;
}

class PickError extends Error {
  constructor(expected: string, value: unknown) {
    super(`An answer does not match its schema: expected ${expected}, got ${describe(value)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function compile(schema: z.ZodType): Picker {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.catchall === undefined && def.shape ? objectPicker(def.shape) : parsedBy(schema);
    case 'array': {
      const element = def.element;
      if (!element || def.checks?.length) return parsedBy(schema);
      const pick = lazily(element);
      return (value) => {
        if (!Array.isArray(value)) throw new PickError('an array', value);
        return value.map((item) => pick()(item));
      };
    }
    case 'record': {
      const valueType = def.valueType;
      const keyType = def.keyType;
      if (!valueType || !keyType || defOf(keyType).type !== 'string') return parsedBy(schema);
      const pick = lazily(valueType);
      return (value) => {
        if (!isPlainObject(value)) throw new PickError('an object', value);
        const picked: Record<string, unknown> = {};
        for (const key of Object.keys(value)) picked[key] = pick()(value[key]);
        return picked;
      };
    }
    case 'optional': {
      const pick = lazily(def.innerType as z.ZodType);
      return (value) => (value === undefined ? undefined : pick()(value));
    }
    case 'nullable': {
      const pick = lazily(def.innerType as z.ZodType);
      return (value) => (value === null ? null : pick()(value));
    }
    case 'string':
      return typed('string');
    case 'boolean':
      return typed('boolean');
    case 'number': {
      const isInteger = def.checks?.some((check) => check._zod.def.format === 'safeint');
      return (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value))
          throw new PickError('a number', value);
        if (isInteger && !Number.isSafeInteger(value)) throw new PickError('an integer', value);
        return value;
      };
    }
    case 'enum':
      return oneOf(Object.values(def.entries ?? {}));
    case 'literal':
      return oneOf(def.values ?? []);
    default:
      return parsedBy(schema);
  }
}

function objectPicker(shape: Record<string, z.ZodType>): Picker {
  const fields = Object.entries(shape).map(([key, fieldSchema]) => ({
    key,
    pick: lazily(fieldSchema),
  }));
  return (value) => {
    if (!isPlainObject(value)) throw new PickError('an object', value);
    const picked: Record<string, unknown> = {};
    for (const { key, pick } of fields) {
      const field = pick()(value[key]);
      if (field !== undefined) picked[key] = field;
    }
    return picked;
  };
}

/** Compiled on first use: a schema may be shared, or refer to itself. */
function lazily(schema: z.ZodType): () => Picker {
  let picker: Picker | undefined;
  return () => {
    picker ??= pickerOf(schema);
    return picker;
  };
}

function typed(type: 'string' | 'boolean'): Picker {
  return (value) => {
    if (typeof value !== type) throw new PickError(`a ${type}`, value);
    return value;
  };
}

function oneOf(allowed: readonly unknown[]): Picker {
  const values = new Set(allowed);
  return (value) => {
    if (!values.has(value)) throw new PickError(`one of ${[...values].join(', ')}`, value);
    return value;
  };
}

function parsedBy(schema: z.ZodType): Picker {
  return (value) => schema.parse(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
