import fc from 'fast-check';
import type { Caller } from '../signed-in.ts';
import { type BodySpec, bodyCase, deepNestingCase, validBody, writeJsonText } from './bodies.ts';
import { fuzzCallers } from './community.ts';
import { hostileAuthorizations, hostileHeaders, hostileUrlText } from './hostile-values.ts';
import type { HttpMethod, Operation } from './operations.ts';
import { validObject } from './schema-values.ts';
import {
  burstSize,
  nestedJsonText,
  nulPathSuffixes,
  otherMethod,
  preflightHeaders,
  textWithNul,
} from './shapes.ts';
import {
  Encoded,
  encodeText,
  LenientId,
  type ResolveContext,
  resolveJson,
  resolveUrlText,
} from './symbols.ts';
import {
  type Focus,
  hostilePathValue,
  hostileQueryPart,
  type QueryPart,
  validPathValue,
  validQuery,
} from './url-parts.ts';

/**
 * A generated request, before it is resolved against the database. Mostly valid, with
 * one place broken (`location`, `change`, `value`), so a finding says what broke it.
 */
export type FuzzCase = {
  operationKey: string;
  method: HttpMethod;
  pathValues: Record<string, unknown>;
  query: QueryPart[];
  headers: Record<string, string>;
  /** Sent only by the anonymous caller: the others carry their own token. */
  authorization?: string;
  body: BodySpec;
  /** Written after the path as it is (`%00`): a NUL in a sign-in route's own path. */
  pathSuffix?: string;
  /** Sent `size` times at once by one caller, instead of once by every caller. */
  burst?: { size: number; caller: Caller };
  location: string;
  change: string;
  value?: unknown;
};

/** A request exactly as sent. */
export type ConcreteRequest = {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** What a case breaks; the last four are the shapes that found issue 31's faults (shapes.ts). */
export const shapes = [
  'valid',
  'headers',
  'authorization',
  'body',
  'path',
  'query',
  'deep nesting',
  'method',
  'nul',
  'burst',
] as const;
export type Shape = (typeof shapes)[number];

type Focused = { shape: Shape; weight: number; arbitrary: fc.Arbitrary<FuzzCase> };

/**
 * Weights count quarters: a burst sends 50–200 requests where another case sends one per
 * caller, so it weighs a quarter of the rarest other focus, and floods stay a small part
 * of a run.
 */
const unit = 4;

/**
 * How much there is to try in an operation: a body field, a parameter or an upload
 * each add to it. Cases are shared out by weight, so a form of ten fields gets more
 * requests than GET /api/health.
 */
export function operationWeight(operation: Operation): number {
  return focusesOf(operation).reduce((sum, focus) => sum + focus.weight, 0);
}

/** Whether the operation has cases of this shape (only writes take bursts, for one). */
export function hasShape(operation: Operation, shape: Shape): boolean {
  return focusesOf(operation).some((focus) => focus.shape === shape);
}

/** Every way to generate a request for an operation (or those of one shape), each with one focus. */
export function caseArbitrary(operation: Operation, shape?: Shape): fc.Arbitrary<FuzzCase> {
  const focuses = focusesOf(operation).filter((focus) => !shape || focus.shape === shape);
  if (focuses.length === 0) throw new Error(`${operation.key} has no cases of shape ${shape}`);
  return fc.oneof(...focuses);
}

/**
 * HEAD and OPTIONS once each on every route (the first operation of each path), the same
 * cases for the same seed: drawn at random, a route could miss them.
 */
export function otherMethodSweep(operations: Operation[], seed: number): FuzzCase[] {
  const byPath = new Map(operations.map((operation) => [operation.path, operation]));
  return [...byPath.values()].flatMap((operation) =>
    (['HEAD', 'OPTIONS'] as const).flatMap((method) =>
      fc.sample(
        caseArbitrary(operation, 'method').filter((fuzzCase) => fuzzCase.method === method),
        { numRuns: 1, seed },
      ),
    ),
  );
}

function focusesOf(operation: Operation): Focused[] {
  const pathParameters = operation.parameters.filter((parameter) => parameter.location === 'path');
  const queryParameters = operation.parameters.filter(
    (parameter) => parameter.location === 'query',
  );
  const validPath = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [parameter.name, validPathValue(parameter, operation)]),
    ),
  );
  const base = fc.record({
    pathValues: validPath,
    query: validQuery(operation),
    body: validBody(operation),
    // GET routes answer HEAD as well; it must behave the same, without a body.
    method:
      operation.method === 'GET'
        ? fc.constantFrom<HttpMethod>('GET', 'GET', 'GET', 'HEAD')
        : fc.constant(operation.method),
  });
  /** A valid request with the focus's parts in place of the valid ones. */
  const focused = <T>(
    arbitrary: fc.Arbitrary<T>,
    toParts: (value: T) => Partial<FuzzCase> & Focus,
  ) =>
    fc
      .tuple(base, arbitrary)
      .map(([valid, value]) =>
        withSummary({ operationKey: operation.key, ...valid, headers: {}, ...toParts(value) }),
      );
  const focuses: Focused[] = [];
  const add = (shape: Shape, weight: number, arbitrary: fc.Arbitrary<FuzzCase>) =>
    focuses.push({ shape, weight, arbitrary });

  const otherMethodCase = focused(otherMethod, ({ method, isPreflight }) => {
    const isCors = method === 'OPTIONS' && isPreflight;
    return {
      method,
      headers: isCors ? preflightHeaders(operation.method) : {},
      body: { kind: 'none' },
      location: 'method',
      change: isCors ? 'CORS preflight' : method,
    };
  });
  // A stream answers a GET for as long as anybody listens: HEAD and OPTIONS are all it gets.
  if (operation.isStream) return [{ shape: 'method', weight: unit, arbitrary: otherMethodCase }];

  add(
    'valid',
    unit,
    focused(fc.constant(null), () => ({ location: 'none', change: 'valid' })),
  );
  add(
    'headers',
    unit,
    focused(hostileHeaders, (headers) => ({
      headers,
      location: 'headers',
      change: 'hostile headers',
      value: headers,
    })),
  );
  add(
    'authorization',
    unit,
    focused(fc.constantFrom(...hostileAuthorizations), (authorization) => ({
      authorization,
      location: 'authorization',
      change: 'not a token',
      value: authorization.slice(0, 40),
    })),
  );
  const hasBody = operation.bodySchema !== undefined || operation.isUpload;
  const fieldCount = Object.keys(operation.bodySchema?.properties ?? {}).length;
  add(
    'body',
    unit * (hasBody ? 2 + fieldCount + (operation.isUpload ? 8 : 0) : 1),
    focused(bodyCase(operation), (generated) => generated),
  );
  if (hasBody || bodyMethods.has(operation.method)) {
    add(
      'deep nesting',
      unit,
      focused(deepNestingCase(operation), (generated) => generated),
    );
  }
  for (const parameter of pathParameters) {
    add(
      'path',
      unit * 3,
      focused(
        fc.tuple(validPath, hostilePathValue(parameter, operation)),
        ([pathValues, value]) => ({
          pathValues: { ...pathValues, [parameter.name]: value },
          location: `path.${parameter.name}`,
          change: value instanceof LenientId ? 'lenient id' : 'hostile path',
          value,
        }),
      ),
    );
  }
  for (const parameter of queryParameters) {
    add(
      'query',
      unit * 2,
      focused(
        fc.tuple(validQuery(operation), hostileQueryPart(parameter)),
        ([query, { parts, ...focus }]) => ({
          query: [...query.filter((part) => part.name !== parameter.name), ...parts],
          ...focus,
        }),
      ),
    );
  }
  add(
    'query',
    unit,
    focused(fc.tuple(fc.string({ maxLength: 10 }), hostileUrlText), ([name, value]) => ({
      query: [{ name: name || 'x', value }],
      location: 'query',
      change: 'unknown parameter',
      value,
    })),
  );
  add('method', unit, otherMethodCase);
  if (operation.site === 'sign-in') {
    add(
      'nul',
      unit * 3,
      focused(nulPlaces(operation, validPath), (place) => place),
    );
  }
  if (operation.burst) {
    // The sign-in pages are a browser's; the API's changes are a signed-in person's.
    const callers =
      operation.site === 'sign-in'
        ? (['anonymous'] as const)
        : fuzzCallers.filter((caller) => caller !== 'anonymous');
    add(
      'burst',
      1,
      focused(fc.tuple(burstSize, fc.constantFrom(...callers)), ([size, caller]) => ({
        burst: { size, caller },
        location: 'burst',
        change: 'one caller’s requests at once',
      })),
    );
  }
  return focuses;
}

/** Methods whose requests carry a body the site reads (and parses as JSON when told so). */
const bodyMethods = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * NUL where the sign-in reads text (issue 31 found 500 pages there): after the path, in
 * a path segment, a query value, a form field's value or name, the form sent urlencoded
 * or as JSON. The rest of the request stays valid.
 */
function nulPlaces(
  operation: Operation,
  validPath: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Partial<FuzzCase> & Focus> {
  const places: Array<fc.Arbitrary<Partial<FuzzCase> & Focus>> = [
    fc.constantFrom(...nulPathSuffixes).map((suffix) => ({
      pathSuffix: suffix,
      location: 'path',
      change: 'NUL',
      value: new Encoded(suffix),
    })),
  ];
  for (const { name, location } of operation.parameters) {
    places.push(
      location === 'path'
        ? fc.tuple(validPath, textWithNul).map(([pathValues, text]) => ({
            pathValues: { ...pathValues, [name]: text },
            location: `path.${name}`,
            change: 'NUL',
            value: text,
          }))
        : fc.tuple(validQuery(operation), textWithNul).map(([query, text]) => ({
            query: [...query.filter((part) => part.name !== name), { name, value: text }],
            location: `query.${name}`,
            change: 'NUL',
            value: text,
          })),
    );
  }
  const schema = operation.bodySchema;
  const fields = Object.keys(schema?.properties ?? {});
  if (schema && fields.length > 0) {
    const valid = validObject(schema, { name: '', path: operation.path, location: 'body' });
    const asJson = fc.boolean();
    const body = (value: Record<string, unknown>, isJson: boolean): BodySpec => ({
      kind: 'json',
      value,
      ...(isJson ? { contentType: 'application/json' } : {}),
    });
    places.push(
      fc
        .tuple(valid, fc.constantFrom(...fields), textWithNul, asJson)
        .map(([form, name, text, isJson]) => ({
          body: body({ ...form, [name]: text }, isJson),
          location: `body.${name}`,
          change: isJson ? 'NUL, as JSON' : 'NUL',
          value: text,
        })),
      fc
        .tuple(valid, fc.constantFrom(...fields), fc.nat(), asJson)
        .map(([form, name, position, isJson]) => {
          const at = position % (name.length + 1);
          const { [name]: value, ...others } = form;
          const nulName = `${name.slice(0, at)}\u0000${name.slice(at)}`;
          return {
            body: body({ ...others, [nulName]: value ?? 'x' }, isJson),
            location: `body.${name}`,
            change: isJson ? 'NUL in the name, as JSON' : 'NUL in the name',
            value: nulName,
          };
        }),
    );
  }
  return fc.oneof(...places);
}

/** fast-check prints this instead of the whole case (bodies can hold 100 KB strings). */
function withSummary(fuzzCase: FuzzCase): FuzzCase {
  const summary = `${fuzzCase.method} ${fuzzCase.operationKey.split(' ')[1]} — ${fuzzCase.location}: ${fuzzCase.change}`;
  return Object.assign(fuzzCase, { [fc.toStringMethod]: () => summary });
}

/** The request as sent by one caller, its symbols replaced by the database's real values. */
export function resolveCase(
  fuzzCase: FuzzCase,
  operation: Operation,
  context: ResolveContext,
  callerHeaders: Record<string, string> | undefined,
): ConcreteRequest {
  const pathValues: Record<string, string> = {};
  for (const [name, value] of Object.entries(fuzzCase.pathValues))
    pathValues[name] = resolveUrlText(value, context);
  const path =
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '') +
    (fuzzCase.pathSuffix ?? '');
  const query = fuzzCase.query
    .map(({ name, value, style }) => {
      const key = style === 'brackets' ? `${encodeText(name)}[]` : encodeText(name);
      return style === 'bare' ? key : `${key}=${resolveUrlText(value, { ...context, pathValues })}`;
    })
    .join('&');
  const headers: Record<string, string> = { ...fuzzCase.headers };
  if (callerHeaders) Object.assign(headers, callerHeaders);
  else if (fuzzCase.authorization !== undefined) headers.authorization = fuzzCase.authorization;
  const body = fuzzCase.body;
  let payload: string | Buffer | undefined;
  let contentType: string | null | undefined = 'contentType' in body ? body.contentType : undefined;
  // A form goes as a browser sends it, unless the case sends it otherwise.
  const isForm =
    operation.isForm &&
    body.kind === 'json' &&
    body.contentType === undefined &&
    body.edit === undefined;
  if (body.kind === 'json' && isForm) {
    payload = formText(resolveJson(body.value, { ...context, pathValues }));
    contentType = 'application/x-www-form-urlencoded';
  } else if (body.kind === 'json') {
    payload = writeJsonText(resolveJson(body.value, { ...context, pathValues }), body.edit);
    contentType = body.contentType === undefined ? 'application/json' : body.contentType;
  } else if (body.kind === 'text') payload = body.text;
  else if (body.kind === 'bytes') payload = Buffer.from(body.bytes);
  else if (body.kind === 'nested') {
    payload = nestedJsonText(body.nesting);
    contentType = 'application/json';
  }
  if (typeof contentType === 'string') headers['content-type'] = contentType;
  return {
    method: fuzzCase.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

/** A form as a browser sends it (application/x-www-form-urlencoded); a list repeats its name. */
function formText(value: unknown): string {
  const text = (item: unknown) => (typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return encodeText(text(value));
  }
  return Object.entries(value)
    .flatMap(([name, item]) =>
      (Array.isArray(item) ? item : [item]).map(
        (one) => `${encodeText(name)}=${encodeText(text(one))}`,
      ),
    )
    .join('&');
}
