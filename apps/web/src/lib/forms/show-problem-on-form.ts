import { fieldLabel } from '@lanparty/contract';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api-client.ts';

type ShowProblemOnFormOptions<Values extends FieldValues> = {
  /** What the save threw. */
  error: unknown;
  /** The fields the form shows; a message about any other field goes to the alert. */
  fieldNames: readonly FieldPath<Values>[];
  setError: UseFormSetError<Values>;
  /** The alert's opening, naming what failed: "The lan could not be saved". */
  failure: string;
};

/**
 * The one way a failed save reaches a form: a 400's messages go on the form's own fields,
 * and everything else — a refusal without field errors, a message about a field the form
 * does not have, a network failure — becomes the alert text. Answers null when every
 * message found its field, so no alert is needed.
 */
export function showProblemOnForm<Values extends FieldValues>({
  error,
  fieldNames,
  setError,
  failure,
}: ShowProblemOnFormOptions<Values>): string | null {
  if (!isApiError(error)) return `${failure}. Try again in a moment.`;
  const isFormField = (name: string): name is FieldPath<Values> =>
    (fieldNames as readonly string[]).includes(name);
  const fieldErrors = Object.entries(error.errors);
  const others: string[] = [];
  for (const [name, [message = 'is invalid']] of fieldErrors) {
    // Not focused: moving focus would blur, and so re-check, a field set before.
    if (isFormField(name)) setError(name, { type: 'server', message });
    else others.push(withLabel(name, message));
  }
  if (fieldErrors.length > 0 && others.length === 0) return null;
  return [`${failure}: ${error.detail ?? error.title}`, ...others].join(' ');
}

/** Messages of spec §5 start with the field's label; others get it in front. */
function withLabel(name: string, message: string): string {
  const label = fieldLabel(name);
  return message.startsWith(label) ? message : `${label}: ${message}`;
}
