/**
 * The operations of the API as the OpenAPI document describes them, so the fuzzer
 * covers every route the documentation promises, and a new route is fuzzed the day it
 * is added, with no list to keep up to date.
 */

/** The part of JSON Schema the generated document uses. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

export type Parameter = {
  name: string;
  location: 'path' | 'query';
  schema: JsonSchema;
  isRequired: boolean;
};

export type Operation = {
  /** `PUT /api/lans/{id}`: how findings and counts name the operation. */
  key: string;
  method: HttpMethod;
  /** The path template of the document, `{name}` per path parameter. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body, every `$ref` resolved. */
  bodySchema?: JsonSchema;
  /** Takes a multipart/form-data upload. */
  isUpload: boolean;
  /** The API, or the embedded sign-in (its pages and oidc-provider's routes, see sign-in.ts). */
  site: 'api' | 'sign-in';
  /** A sign-in form: the body goes as a browser sends it (urlencoded), now and then as JSON. */
  isForm?: boolean;
  /** A stream that answers for as long as the caller listens: only HEAD and OPTIONS go to it. */
  isStream?: boolean;
  /**
   * Takes bursts of one caller's requests (a flood of writes), of which at most
   * `allowance` may pass before the rest are refused with 429, when that is certain.
   */
  burst?: { allowance?: number };
};

type OpenApiOperation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/**
 * Upload routes declare `consumes: multipart/form-data` but no body schema (the file is
 * read from the stream), so the document shows no request body to read them from.
 */
const uploadOperations = new Set(['PUT /api/assets/{asset}']);

/** The documentation's own pages serve the UI, not the API. */
const isDocumentationPage = (path: string) => path.startsWith('/api/docs');

/**
 * A server-sent event stream answers for as long as the caller listens, so a GET would
 * never end: it gets HEAD and OPTIONS only (a HEAD that never answered was issue 31's);
 * its bad input (Last-Event-ID) and limits are in events.routes.test.ts.
 */
const streamOperations = new Set(['GET /api/events']);

const methods = new Set<string>(['get', 'head', 'post', 'put', 'delete', 'patch']);
const writeMethods = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every operation of the document, in the document's order; a burst of one person's
 * writes meets the site's write limit (`writesPerMinute`, write-limits.ts).
 */
export function listOperations(document: OpenApiDocument, writesPerMinute: number): Operation[] {
  const components = document.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    if (isDocumentationPage(path)) continue;
    for (const [verb, operation] of Object.entries(pathItem)) {
      if (!methods.has(verb)) continue;
      const method = verb.toUpperCase() as HttpMethod;
      const key = `${method} ${path}`;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key,
        method,
        path,
        parameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            location: parameter.in as 'path' | 'query',
            schema: resolveSchema(parameter.schema ?? {}, components),
            isRequired: parameter.required === true || parameter.in === 'path',
          })),
        ...(body ? { bodySchema: resolveSchema(body, components) } : {}),
        isUpload: uploadOperations.has(key),
        site: 'api',
        ...(streamOperations.has(key) ? { isStream: true } : {}),
        ...(writeMethods.has(method) ? { burst: { allowance: writesPerMinute } } : {}),
      });
    }
  }
  return operations;
}

/** The schema with every `#/components/schemas/…` reference replaced by its target. */
export function resolveSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): JsonSchema {
  // The contract has no recursive schemas; the limit only guards against one appearing.
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const { $ref: _, ...rest } = schema;
    return resolveSchema({ ...components[name], ...rest }, components, depth + 1);
  }
  const resolve = (inner: JsonSchema) => resolveSchema(inner, components, depth + 1);
  return {
    ...schema,
    ...(schema.items ? { items: resolve(schema.items) } : {}),
    ...(schema.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(schema.properties).map(([name, inner]) => [name, resolve(inner)]),
          ),
        }
      : {}),
    ...(schema.anyOf ? { anyOf: schema.anyOf.map(resolve) } : {}),
    ...(schema.oneOf ? { oneOf: schema.oneOf.map(resolve) } : {}),
    ...(schema.allOf ? { allOf: schema.allOf.map(resolve) } : {}),
  };
}

/** The formats a schema accepts, looking through anyOf/oneOf (`date-time`, `date`, `email`). */
export function formatsOf(schema: JsonSchema): string[] {
  const inner = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...(schema.format ? [schema.format] : []), ...inner.flatMap(formatsOf)];
}

/** The JSON types a schema accepts, looking through anyOf/oneOf. */
export function typesOf(schema: JsonSchema): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const inner = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...own, ...inner.flatMap(typesOf)];
}
