import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A field's message as the forms show it (spec §5): only once the field is touched or the
 * form submitted, so nobody is scolded for a field they have not reached yet.
 */
export function messageOnceTouched<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'getFieldState' | 'formState'>,
  name: FieldPath<Values>,
): string | undefined {
  const { isTouched, error } = form.getFieldState(name, form.formState);
  return isTouched || form.formState.isSubmitted ? error?.message : undefined;
}
