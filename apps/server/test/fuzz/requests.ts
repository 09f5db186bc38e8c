import fc from 'fast-check';
import { type BodySpec, bodyCase, validBody, writeJsonText } from './bodies.ts';
import { hostileAuthorizations, hostileHeaders, hostileUrlText } from './hostile-values.ts';
import type { HttpMethod, Operation } from './operations.ts';
import {
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

/**
 * How much there is to try in an operation: a body field, a parameter or an upload
 * each add to it. Cases are shared out by weight, so a form of ten fields gets more
 * requests than GET /api/health.
 */
export function operationWeight(operation: Operation): number {
  return focusWeights(operation).reduce((sum, weight) => sum + weight, 0);
}

/** The weights of the focuses of caseArbitrary, in its order. */
function focusWeights(operation: Operation): number[] {
  const hasBody = operation.bodySchema !== undefined || operation.isUpload;
  const fieldCount = Object.keys(operation.bodySchema?.properties ?? {}).length;
  return [
    1, // valid
    1, // headers
    1, // authorization
    hasBody ? 2 + fieldCount + (operation.isUpload ? 8 : 0) : 1,
    ...operation.parameters.map((parameter) => (parameter.location === 'path' ? 3 : 2)),
    1, // unknown query parameter
  ];
}

/** Every way to generate a request for an operation, each with one focus. */
export function caseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
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
  const focuses: Array<fc.Arbitrary<FuzzCase>> = [
    focused(fc.constant(null), () => ({ location: 'none', change: 'valid' })),
    focused(hostileHeaders, (headers) => ({
      headers,
      location: 'headers',
      change: 'hostile headers',
      value: headers,
    })),
    focused(fc.constantFrom(...hostileAuthorizations), (authorization) => ({
      authorization,
      location: 'authorization',
      change: 'not a token',
      value: authorization.slice(0, 40),
    })),
    focused(bodyCase(operation), (generated) => generated),
  ];
  // Path parameters first, as operation.parameters lists them for focusWeights.
  const ordered = [...pathParameters, ...queryParameters];
  for (const parameter of pathParameters) {
    focuses.push(
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
    focuses.push(
      focused(
        fc.tuple(validQuery(operation), hostileQueryPart(parameter)),
        ([query, { parts, ...focus }]) => ({
          query: [...query.filter((part) => part.name !== parameter.name), ...parts],
          ...focus,
        }),
      ),
    );
  }
  focuses.push(
    focused(fc.tuple(fc.string({ maxLength: 10 }), hostileUrlText), ([name, value]) => ({
      query: [{ name: name || 'x', value }],
      location: 'query',
      change: 'unknown parameter',
      value,
    })),
  );
  const weights = focusWeights({ ...operation, parameters: ordered });
  return fc.oneof(
    ...focuses.map((arbitrary, index) => ({ weight: weights[index] ?? 1, arbitrary })),
  );
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
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '');
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
  let contentType: string | null | undefined = body.contentType;
  if (body.kind === 'json') {
    payload = writeJsonText(resolveJson(body.value, { ...context, pathValues }), body.edit);
    contentType = body.contentType === undefined ? 'application/json' : body.contentType;
  } else if (body.kind === 'text') payload = body.text;
  else if (body.kind === 'bytes') payload = Buffer.from(body.bytes);
  if (typeof contentType === 'string') headers['content-type'] = contentType;
  return {
    method: fuzzCase.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}
