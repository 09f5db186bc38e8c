import fc from 'fast-check';
import {
  anyPatternDateTime,
  hostileDates,
  hostileDateTimes,
  hostileNumber,
  hostileString,
  wrongTypeValue,
} from './hostile-values.ts';
import { multipartGarbage, validUpload } from './multipart.ts';
import { formatsOf, type JsonSchema, type Operation, typesOf } from './operations.ts';
import { poolsForName, poolValue, validObject } from './schema-values.ts';
import { describeNesting, type Nesting, nesting } from './shapes.ts';

/** What goes in the request body; `json` values may hold symbols, resolved when sent. */
export type BodySpec =
  | { kind: 'none'; contentType?: string }
  /**
   * contentType: application/json unless given (a sign-in form's body goes urlencoded
   * unless a type or an edit is given); null sends none.
   */
  | { kind: 'json'; value: unknown; contentType?: string | null; edit?: TextEdit }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string }
  /** JSON nested deep, written when sent (shapes.ts). */
  | { kind: 'nested'; nesting: Nesting };

/** Ways to break the JSON text of a valid body after it is written. */
export type TextEdit = 'truncate' | 'bom' | 'trailing-garbage' | 'duplicate-key' | 'proto';

/** A generated body and what was done to it, for grouping findings. */
export type BodyCase = { body: BodySpec; location: string; change: string; value?: unknown };

/** Marks a field removed from a valid body. */
const missing = Symbol('missing');

type FieldChange = { change: string; value: unknown };

/** The ways one field can go wrong, chosen by what the field holds. */
function fieldChanges(name: string, schema: JsonSchema, path: string): fc.Arbitrary<FieldChange> {
  const as = (change: string) => (value: unknown) => ({ change, value });
  const formats = formatsOf(schema);
  const types = typesOf(schema);
  // Weighted towards what the field holds: text fields get hostile text most, dates
  // hostile dates; every field can also go missing or take another type.
  const changes: Array<{ weight: number; arbitrary: fc.Arbitrary<FieldChange> }> = [
    { weight: 1, arbitrary: fc.constant({ change: 'missing', value: missing }) },
    { weight: 1, arbitrary: wrongTypeValue.map(as('wrong type')) },
    {
      // Formatted text (dates, addresses) gets hostile values of its own format below.
      weight: !types.includes('string') ? 1 : formats.length > 0 ? 2 : 4,
      arbitrary: hostileString.map(as('hostile string')),
    },
    {
      weight: types.includes('number') || types.includes('integer') ? 3 : 1,
      arbitrary: hostileNumber.map(as('hostile number')),
    },
  ];
  if (formats.includes('date-time')) {
    changes.push(
      { weight: 4, arbitrary: fc.constantFrom(...hostileDateTimes).map(as('hostile date')) },
      { weight: 3, arbitrary: anyPatternDateTime.map(as('date of any year')) },
    );
  }
  if (formats.includes('date')) {
    changes.push({
      weight: 5,
      arbitrary: fc.constantFrom(...hostileDates).map(as('hostile date')),
    });
  }
  if (poolsForName(name, path, 'body').length > 0 || name === 'id') {
    changes.push(
      {
        weight: 2,
        arbitrary: fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 99_999).map(as('absurd id')),
      },
      {
        weight: 2,
        arbitrary: poolValue(['lan', 'user', 'subscriber', 'self']).map(as('id of another kind')),
      },
    );
  }
  if (types.includes('array')) {
    changes.push(
      {
        weight: 1,
        arbitrary: fc.constant(Array.from({ length: 5000 }, () => 'Lanner')).map(as('huge array')),
      },
      { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 4 }).map(as('hostile items')) },
    );
  }
  return fc.oneof(...changes);
}

/** A valid body with exactly one field changed. */
function oneFieldChanged(schema: JsonSchema, path: string): fc.Arbitrary<BodyCase> {
  const valid = validObject(schema, { name: '', path, location: 'body' });
  const fields = Object.entries(schema.properties ?? {});
  // A body of no fields (an object that takes none): the valid one is all there is.
  if (fields.length === 0) {
    return valid.map(
      (body) =>
        ({
          body: { kind: 'json', value: body },
          location: 'body',
          change: 'no field to change',
        }) satisfies BodyCase,
    );
  }
  return fc.oneof(
    ...fields.map(([name, inner]) =>
      fc.tuple(valid, fieldChanges(name, inner, path)).map(([body, { change, value }]) => {
        const changed: Record<string, unknown> = { ...body };
        if (value === missing) delete changed[name];
        else changed[name] = value;
        return {
          body: { kind: 'json', value: changed },
          location: `body.${name}`,
          change,
          ...(value === missing ? {} : { value }),
        } satisfies BodyCase;
      }),
    ),
  );
}

const contentTypes = [
  null,
  '',
  'text/plain',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json, text/plain',
  '*/*',
];

const brokenJsonTexts = [
  '{',
  '}',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '[',
  '"',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

/** Just over the 1 MB the site reads of a JSON body: must be a 413, not a crash. */
const oversizedJsonText = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });

/** The whole body wrong: missing fields, extra fields, another shape, broken text. */
function wholeBodyChanged(schema: JsonSchema, path: string): fc.Arbitrary<BodyCase> {
  const valid = validObject(schema, { name: '', path, location: 'body' });
  const required = schema.required ?? [];
  const json = (change: string) => (value: unknown) =>
    ({ body: { kind: 'json', value }, location: 'body', change, value }) satisfies BodyCase;
  return fc.oneof<Array<fc.Arbitrary<BodyCase>>>(
    // A body whose every field is optional (payment details) has none to leave out.
    ...(required.length === 0
      ? []
      : [
          fc.tuple(valid, fc.subarray(required, { minLength: 1 })).map(
            ([body, dropped]) =>
              ({
                body: { kind: 'json', value: omit(body, dropped) },
                location: 'body',
                change: 'required fields missing',
                value: dropped.join(','),
              }) satisfies BodyCase,
          ),
        ]),
    fc
      .tuple(valid, fc.dictionary(fc.string({ maxLength: 12 }), wrongTypeValue, { maxKeys: 4 }))
      .map(([body, extra]) => ({ ...extra, ...body }))
      .map(json('extra fields')),
    // Read-only fields a client may send back: ignored, never obeyed.
    valid
      .map((body) => ({
        roles: ['SystemAdministrator'],
        nickname: 'Mallory',
        steamId: '76561197960287930',
        isEmailActivated: true,
        stats: { numberOfLans: 99 },
        ...body,
      }))
      .map(json('read-only fields sent back')),
    fc.constantFrom<unknown>(null, [], 'text', 0, true, {}).map(json('another shape')),
    valid.map((body) => [body]).map(json('wrapped in an array')),
    fc
      .tuple(
        valid,
        fc.constantFrom<TextEdit>('truncate', 'bom', 'trailing-garbage', 'duplicate-key', 'proto'),
      )
      .map(
        ([value, edit]) =>
          ({
            body: { kind: 'json', value, edit },
            location: 'body',
            change: `json text: ${edit}`,
          }) satisfies BodyCase,
      ),
    fc.constantFrom(...brokenJsonTexts).map(
      (text) =>
        ({
          body: { kind: 'text', text, contentType: 'application/json' },
          location: 'body',
          change: 'broken json',
          value: text,
        }) satisfies BodyCase,
    ),
    fc.tuple(valid, fc.constantFrom(...contentTypes)).map(([value, contentType]) => ({
      body: { kind: 'json', value, contentType },
      location: 'content-type',
      change: 'valid body, other content type',
      value: contentType ?? '(none)',
    })),
    fc.constantFrom('application/json', undefined).map((contentType) => ({
      body: { kind: 'none', ...(contentType ? { contentType } : {}) },
      location: 'body',
      change: 'empty body',
      value: contentType ?? '(no content type)',
    })),
    fc.constant<BodyCase>({
      body: { kind: 'text', text: oversizedJsonText, contentType: 'application/json' },
      location: 'body',
      change: 'over the size limit',
    }),
  );
}

/** A body for an operation: mostly-valid, or broken in one way, per its schema. */
export function bodyCase(operation: Operation): fc.Arbitrary<BodyCase> {
  if (operation.isUpload) return multipartGarbage;
  const schema = operation.bodySchema;
  if (!schema) {
    // A body where none is expected must be ignored or refused, never crash the route.
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constant<BodyCase>({
          body: { kind: 'none' },
          location: 'body',
          change: 'none',
        }),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...brokenJsonTexts).map(
          (text) =>
            ({
              body: { kind: 'text', text, contentType: 'application/json' },
              location: 'body',
              change: 'unexpected body',
              value: text,
            }) satisfies BodyCase,
        ),
      },
    );
  }
  // One field changed in a valid body reaches the services; a broken whole rarely does.
  return fc.oneof(
    { weight: 3, arbitrary: oneFieldChanged(schema, operation.path) },
    // A form read as JSON too: the sign-in pages take either.
    ...(operation.isForm
      ? [{ weight: 2, arbitrary: oneFieldChanged(schema, operation.path).map(sentAsJson) }]
      : []),
    { weight: 1, arbitrary: wholeBodyChanged(schema, operation.path) },
  );
}

/** A form's body as JSON instead of urlencoded. */
function sentAsJson(generated: BodyCase): BodyCase {
  if (generated.body.kind !== 'json') return generated;
  return {
    ...generated,
    body: { ...generated.body, contentType: 'application/json' },
    change: `${generated.change}, as JSON`,
  };
}

/**
 * JSON nested deep (shapes.ts), the whole body or one field of it: the JSON parser must
 * refuse it with a 400 on every route that reads a body, whatever the route.
 */
export function deepNestingCase(operation: Operation): fc.Arbitrary<BodyCase> {
  const fields = Object.keys(operation.bodySchema?.properties ?? {});
  return fc
    .tuple(nesting, fc.option(fc.constantFrom(...(fields.length > 0 ? fields : ['a']))))
    .map(([shape, field]) => ({
      body: { kind: 'nested', nesting: { ...shape, ...(field === null ? {} : { field }) } },
      location: field === null ? 'body' : `body.${field}`,
      ...describeNesting(shape),
    }));
}

/** A valid body for the operation (or none), for cases that break something else. */
export function validBody(operation: Operation): fc.Arbitrary<BodySpec> {
  if (operation.isUpload) return validUpload.map((generated) => generated.body);
  const schema = operation.bodySchema;
  if (!schema) return fc.constant({ kind: 'none' });
  return validObject(schema, { name: '', path: operation.path, location: 'body' }).map((value) => ({
    kind: 'json',
    value,
  }));
}

/** The JSON text of a body, broken as the edit says. */
export function writeJsonText(value: unknown, edit: TextEdit | undefined): string {
  const text = JSON.stringify(value) ?? 'null';
  switch (edit) {
    case undefined:
      return text;
    case 'truncate':
      return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    case 'bom':
      return `\ufeff${text}`;
    case 'trailing-garbage':
      return `${text} }{`;
    case 'duplicate-key':
      return text.startsWith('{') && text.length > 2 ? `{"name":1,${text.slice(1)}` : text;
    case 'proto':
      return text.startsWith('{') && text.length > 2
        ? `{"__proto__":{"roles":["SystemAdministrator"]},${text.slice(1)}`
        : text;
  }
}

function omit(body: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)));
}
