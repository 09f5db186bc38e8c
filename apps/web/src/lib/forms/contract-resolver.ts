import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

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
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'root');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
