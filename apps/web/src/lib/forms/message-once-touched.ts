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
  const { error } = form.getFieldState(name, form.formState);
  const message = isMessageShown(form, name) ? error?.message : undefined;
  const nameLabel = fieldLabel(name);
  if (!message || label === undefined || !message.startsWith(nameLabel)) return message;
  return `${label}${message.slice(nameLabel.length)}`;
}

/**
 * Whether a field's messages show yet: once it is touched or the form submitted. The one
 * rule for a message a form adds of its own (the profile's e-mail in use) as well.
 */
export function isMessageShown<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'getFieldState' | 'formState'>,
  name: FieldPath<Values>,
): boolean {
  return form.getFieldState(name, form.formState).isTouched || form.formState.isSubmitted;
}
