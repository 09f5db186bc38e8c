import { describe, expect, it } from 'vitest';
import { formatValidationMessage, validationMessages } from './validation-messages.ts';

describe('validationMessages', () => {
  it('holds the messages of the specification word for word', () => {
    expect(validationMessages).toEqual({
      required: '{0} is required',
      minlength: '{0} must be at least {1} characters long',
      maxlength: '{0} cannot be more than {1} characters long',
      email: '{0} must be a valid email address',
      emailUsed: '{0} is already used',
      greaterThanDate: '{0} must after {1}',
      greaterThanNumber: '{0} must greater than {1}',
      lessThanNumber: '{0} must less than {1}',
    });
  });
});

describe('ownValidationMessages', () => {
  it('says what our own rules refuse, in the manner of the specification', () => {
    expect(formatValidationMessage('notInFuture', 'birthDate')).toBe(
      'Birth date cannot be in the future',
    );
    expect(formatValidationMessage('maximumYearsAgo', 'birthDate', 120)).toBe(
      'Birth date cannot be more than 120 years ago',
    );
  });
});

describe('formatValidationMessage', () => {
  it('fills in the field label for required', () => {
    expect(formatValidationMessage('required', 'firstName')).toBe('First name is required');
  });

  it('fills in the length for minlength', () => {
    expect(formatValidationMessage('minlength', 'nickname', 3)).toBe(
      'Nickname must be at least 3 characters long',
    );
  });

  it('fills in the length for maxlength', () => {
    expect(formatValidationMessage('maxlength', 'name', 100)).toBe(
      'Name cannot be more than 100 characters long',
    );
  });

  it('fills in the field label for email', () => {
    expect(formatValidationMessage('email', 'email')).toBe('Email must be a valid email address');
  });

  it('fills in the field label for emailUsed', () => {
    expect(formatValidationMessage('emailUsed', 'email')).toBe('Email is already used');
  });

  it('labels the other field for greaterThanDate', () => {
    expect(formatValidationMessage('greaterThanDate', 'endDate', 'startDate')).toBe(
      'End date must after Start date',
    );
  });

  it('fills in the bound for greaterThanNumber', () => {
    expect(formatValidationMessage('greaterThanNumber', 'price', 0)).toBe(
      'Price must greater than 0',
    );
  });

  it('fills in the bound for lessThanNumber', () => {
    expect(formatValidationMessage('lessThanNumber', 'membersPrice', 27.5)).toBe(
      'Members price must less than 27.5',
    );
  });

  it('ignores an argument the message has no place for', () => {
    expect(formatValidationMessage('required', 'city', 'unused')).toBe('City is required');
  });

  it('refuses to leave {1} in a message when the argument is missing', () => {
    expect(() => formatValidationMessage('maxlength', 'name')).toThrow(TypeError);
  });
});
