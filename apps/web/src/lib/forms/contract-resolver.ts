import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The field an issue is shown on: a field of a nested object is its own field
 * (`location.name`), but an issue inside a list belongs to the list (`statuses.1` is
 * `statuses`), which forms show as one field with one message.
 */
function fieldOf(path: readonly PropertyKey[]): string {
  const listIndex = path.findIndex((key) => typeof key !== 'string');
  const names = (listIndex === -1 ? path : path.slice(0, listIndex)).map(String);
  return names.length > 0 ? names.join('.') : 'root';
}

/**
 * The one react-hook-form resolver of the web app: it turns the form's values into the API
 * body and checks it with the contract's schema, so the form and the server's 400 give the
 * same messages on the same field names. Without `toBody` the values are the body.
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  toBody: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values: result.data, errors: {} };
    // Nested like the values, as react-hook-form reads them: `location.name` is
    // errors.location.name. A field shows its first message.
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const name = fieldOf(issue.path);
      if (get(errors, name) === undefined)
        set(errors, name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * contractResolver with a schema loaded on demand: a form can show before zod (about
 * 30 KB gzip) arrives. The form starts the load as it shows (`load` is called once, its
 * promise kept), so the first check rarely waits.
 */
export function loadedContractResolver<Values extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output>>,
  toBody?: (values: Values) => unknown,
): Resolver<Values, unknown, Output> {
  let resolver: Promise<Resolver<Values, unknown, Output>> | undefined;
  return async (...args) => {
    resolver ??= load().then((schema) => contractResolver(schema, toBody));
    return (await resolver)(...args);
  };
}
