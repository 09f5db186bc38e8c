import { fieldLabel } from './labels.ts';

/**
 * The form messages of the specification, word for word (its grammar included, so both
 * sides show what the original site showed). `{0}` is the field label, `{1}` the argument.
 */
export const validationMessages = {
  required: '{0} is required',
  minlength: '{0} must be at least {1} characters long',
  maxlength: '{0} cannot be more than {1} characters long',
  email: '{0} must be a valid email address',
  emailUsed: '{0} is already used',
  greaterThanDate: '{0} must after {1}',
  greaterThanNumber: '{0} must greater than {1}',
  lessThanNumber: '{0} must less than {1}',
} as const;

/**
 * Messages of our own rules, which the specification has none for, written as its are:
 * the birth date's bounds (decision 038), a schedule item's times (issue 35).
 */
export const ownValidationMessages = {
  notInFuture: '{0} cannot be in the future',
  maximumYearsAgo: '{0} cannot be more than {1} years ago',
  notBeforeDate: '{0} cannot be before {1}',
  withinLan: '{0} must fall within the lan ({1})',
} as const;

const allMessages = { ...validationMessages, ...ownValidationMessages };

export type ValidationRule = keyof typeof allMessages;

/**
 * The message for a broken rule on a field: `{0}` becomes the field's label and `{1}` the
 * argument — a length or bound as written, or for `greaterThanDate` and `notBeforeDate` the name of the other
 * field, which becomes its label. Throws when the rule needs an argument and none is given,
 * rather than showing a user `{1}`.
 */
export function formatValidationMessage(
  rule: ValidationRule,
  fieldName: string,
  argument?: string | number,
): string {
  const template: string = allMessages[rule];
  const message = template.replace('{0}', fieldLabel(fieldName));
  if (!template.includes('{1}')) return message;
  if (argument === undefined) {
    throw new TypeError(`The ${rule} message needs an argument`);
  }
  return message.replace(
    '{1}',
    rule === 'greaterThanDate' || rule === 'notBeforeDate'
      ? fieldLabel(String(argument))
      : String(argument),
  );
}
