/*
 * Building blocks for input schemas: each one gives the messages of the specification
 * (formatValidationMessage), so the web form and the server's 400 say the same thing.
 */
import { z } from 'zod';
import { fieldLabel } from '../labels.ts';
import { birthDateMaximumYearsAgo, birthDateProblem } from '../rules/birth-date-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';
import {
  hasWholeCents,
  isInSupportedYears,
  supportedYears,
  supportedYearsCheck,
} from './common.ts';

type RawIssue = { input?: unknown };

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && !input.trim());
}

/**
 * An error map that says "{field} is required" for a missing or blank value and leaves
 * every other problem (a number where text belongs, …) to zod's own message.
 */
function requiredError(fieldName: string) {
  return (issue: RawIssue) =>
    isBlank(issue.input) ? formatValidationMessage('required', fieldName) : undefined;
}

/** Text that must be given (blank counts as missing), trimmed, at most `maxLength` long. */
export function requiredText(fieldName: string, maxLength: number) {
  return z
    .string({ error: requiredError(fieldName) })
    .trim()
    .min(1, formatValidationMessage('required', fieldName))
    .max(maxLength, formatValidationMessage('maxlength', fieldName, maxLength));
}

/** Text that may be empty, at most `maxLength` long. */
export function limitedText(fieldName: string, maxLength: number) {
  return z.string().max(maxLength, formatValidationMessage('maxlength', fieldName, maxLength));
}

/** An e-mail address that must be given. */
export function requiredEmail(fieldName: string) {
  return requiredText(fieldName, 254)
    .refine((address) => z.regexes.email.test(address), {
      error: formatValidationMessage('email', fieldName),
      // Blank is "required" only, not also "not a valid email address".
      when: (payload) => payload.issues.length === 0,
    })
    .meta({ format: 'email' });
}

/** A moment with its UTC offset that must be given. */
export function requiredDateTime(fieldName: string) {
  return z.iso
    .datetime({ offset: true, error: requiredError(fieldName) })
    .refine(isInSupportedYears, supportedYearsCheck(yearsMessage(fieldName)));
}

/**
 * A birth date that must be given: a day neither in the future nor more than 120 years
 * ago (`birthDateBounds`), each with its own message. Checked as the value is validated,
 * so the bounds move with the calendar.
 */
export function requiredBirthDate(fieldName: string) {
  // Both bounds lie within the supported years, so no day beyond them gets through, and
  // each is refused with the message of the bound it breaks.
  return z.iso
    .date({ error: requiredError(fieldName) })
    .refine((day) => birthDateProblem(day) !== 'future', {
      error: formatValidationMessage('notInFuture', fieldName),
      when: (payload) => payload.issues.length === 0,
    })
    .refine((day) => birthDateProblem(day) !== 'tooLongAgo', {
      error: formatValidationMessage('maximumYearsAgo', fieldName, birthDateMaximumYearsAgo),
      when: (payload) => payload.issues.length === 0,
    })
    .meta({
      description:
        `yyyy-MM-dd, neither in the future nor more than ${birthDateMaximumYearsAgo} years ` +
        'ago (today being any date it is somewhere on Earth).',
      examples: ['1995-06-21'],
    });
}

function yearsMessage(fieldName: string): string {
  return `${fieldLabel(fieldName)} must be between the years ${supportedYears.first} and ${supportedYears.last}`;
}

/** A whole number from `min` to `max`, both included. */
export function boundedInteger(fieldName: string, min: number, max: number) {
  return boundedNumber(fieldName, min, max).int();
}

/** Euros from `min` to `max`, both included, in whole cents. */
export function boundedMoney(fieldName: string, min: number, max: number) {
  return boundedNumber(fieldName, min, max).refine(
    hasWholeCents,
    `${fieldLabel(fieldName)} must have at most 2 decimals`,
  );
}

// The bounds are inclusive; the messages name the bound itself ("must less than 10000"),
// which is how the specification's messages read.
function boundedNumber(fieldName: string, min: number, max: number) {
  return z
    .number({ error: requiredError(fieldName) })
    .min(min, formatValidationMessage('greaterThanNumber', fieldName, min))
    .max(max, formatValidationMessage('lessThanNumber', fieldName, max));
}

type ParseResultSoFar = { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> };

/**
 * For a rule across fields: true when the value is an object and none of `fieldNames` has
 * failed, so the rule is reported while other fields are still wrong, but never run on bad
 * values.
 */
export function haveValidFields(...fieldNames: string[]) {
  return (payload: ParseResultSoFar) =>
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      // An issue without a path is about the whole value, e.g. a body that is not an object.
      return field !== undefined && !fieldNames.includes(String(field));
    });
}
