import { fieldLabel } from '@lanparty/contract';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A field's message as the forms show it (spec §5): only once the field is touched or the
 * form submitted, so nobody is scolded for a field they have not reached yet. The
 * contract's messages open with the label made from the field's name; a form that labels
 * the field otherwise gives its `label`, and the message names the field as the form does.
 */
export function messageOnceTouched<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'getFieldState' | 'formState'>,
  name: FieldPath<Values>,
  label?: string,
): string | undefined {
  const { isTouched, error } = form.getFieldState(name, form.formState);
  const message = isTouched || form.formState.isSubmitted ? error?.message : undefined;
  const nameLabel = fieldLabel(name);
  if (!message || label === undefined || !message.startsWith(nameLabel)) return message;
  return `${label}${message.slice(nameLabel.length)}`;
}
