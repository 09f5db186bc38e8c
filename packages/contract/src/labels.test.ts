import { describe, expect, it } from 'vitest';
import { fieldLabel } from './labels.ts';

describe('fieldLabel', () => {
  it.each([
    ['email', 'Email'],
    ['firstName', 'First name'],
    ['birthDate', 'Birth date'],
    ['membersPrice', 'Members price'],
    ['lanId', 'Lan id'],
    ['steamId', 'Steam id'],
    ['maximumSubcribers', 'Maximum subcribers'],
    ['locationInvoiceNumber', 'Location invoice number'],
  ])('labels %s as %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });

  it('keeps an already capitalised name as one sentence', () => {
    expect(fieldLabel('StartDate')).toBe('Start date');
  });

  // Acronyms are words like any other: lower case unless first, so labels read as sentences.
  it.each([
    ['URLValue', 'Url value'],
    ['userID', 'User id'],
    ['steamIDNumber', 'Steam id number'],
    ['URL', 'Url'],
  ])('treats the acronym in %s as one word written in lower case: %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });

  it('makes digits a word of their own', () => {
    expect(fieldLabel('addressLine2')).toBe('Address line 2');
  });

  it('splits snake_case and kebab-case names too', () => {
    expect(fieldLabel('first_name')).toBe('First name');
    expect(fieldLabel('birth-date')).toBe('Birth date');
  });

  it('gives an empty label for an empty name', () => {
    expect(fieldLabel('')).toBe('');
  });
});
