import { describe, expect, it } from 'vitest';
import { listIssues } from '../testing/index.ts';
import {
  ibanProblem,
  lanPaymentDetailsInputSchema,
  paymentDetailsInputSchema,
  subscriberStatusChangeSchema,
} from './payment.ts';

describe('ibanProblem', () => {
  it('takes a valid IBAN with or without spaces, dashes and capitals', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'NL91 ABNA 0417 1643 00',
      'nl91-abna-0417-1643-00',
      'DE89 3704 0044 0532 0130 00',
      'BE68 5390 0754 7034',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });

  it('says what is wrong, in words an organiser can act on', () => {
    expect(ibanProblem('1234 5678')).toBe(
      'IBAN must start with a two-letter country code, like NL or DE',
    );
    expect(ibanProblem('XX12 3456 7890')).toBe(
      'IBAN starts with XX, which is not a country that has IBANs',
    );
    expect(ibanProblem('NL91 ABNA 0417 1643 0')).toBe(
      'IBAN of NL must be 18 characters long (this one has 17)',
    );
    expect(ibanProblem('NL91 ABNA 0417 1643 01')).toBe(
      'IBAN’s check digits do not match the rest: check for a typing mistake',
    );
    // Two digits swapped: the check digits catch it.
    expect(ibanProblem('NL91 ABNA 0417 1634 00')).toBe(
      'IBAN’s check digits do not match the rest: check for a typing mistake',
    );
    expect(ibanProblem('NL91 1234 0417 1643 00')).toBe(
      'IBAN is not in the format of NL’s account numbers: check for a typing mistake',
    );
  });
});

describe('paymentDetailsInputSchema', () => {
  it('keeps the IBAN without spaces in capitals, and blank parts as not given', () => {
    expect(
      paymentDetailsInputSchema.parse({
        accountHolder: '  Stichting Lanparty ',
        iban: 'nl91 abna 0417 1643 00',
        reference: '{lan} {nickname}',
        contactEmail: '',
      }),
    ).toEqual({
      accountHolder: 'Stichting Lanparty',
      iban: 'NL91ABNA0417164300',
      reference: '{lan} {nickname}',
      contactEmail: null,
    });
    expect(paymentDetailsInputSchema.parse({})).toEqual({
      accountHolder: null,
      iban: null,
      reference: null,
      contactEmail: null,
    });
  });

  it('refuses a wrong IBAN with its reason, on the IBAN', () => {
    expect(
      listIssues(paymentDetailsInputSchema, {
        accountHolder: 'Stichting Lanparty',
        iban: 'NL91ABNA0417164301',
      }),
    ).toEqual([
      {
        path: 'iban',
        message: 'IBAN’s check digits do not match the rest: check for a typing mistake',
      },
    ]);
  });

  it('wants an account holder with an IBAN', () => {
    expect(listIssues(paymentDetailsInputSchema, { iban: 'NL91ABNA0417164300' })).toEqual([
      { path: 'accountHolder', message: 'Account holder is required with an IBAN' },
    ]);
  });

  it('refuses placeholders it cannot fill in, naming the two it can', () => {
    expect(listIssues(paymentDetailsInputSchema, { reference: 'Lan {lan} for {name}' })).toEqual([
      {
        path: 'reference',
        message: 'Reference can only fill in {lan} and {nickname}, not {name}',
      },
    ]);
  });

  it('limits the lengths and checks the contact e-mail', () => {
    expect(
      listIssues(paymentDetailsInputSchema, {
        accountHolder: 'x'.repeat(71),
        reference: 'r'.repeat(141),
        contactEmail: 'not an address',
      }),
    ).toEqual([
      { path: 'accountHolder', message: 'Account holder cannot be more than 70 characters long' },
      { path: 'reference', message: 'Reference cannot be more than 140 characters long' },
      { path: 'contactEmail', message: 'Contact email must be a valid email address' },
    ]);
  });
});

describe('lanPaymentDetailsInputSchema', () => {
  it('takes null for the defaults, or the lan’s own details', () => {
    expect(lanPaymentDetailsInputSchema.parse({ details: null })).toEqual({ details: null });
    expect(
      lanPaymentDetailsInputSchema.parse({ details: { contactEmail: 'treasurer@example.org' } }),
    ).toEqual({
      details: {
        accountHolder: null,
        iban: null,
        reference: null,
        contactEmail: 'treasurer@example.org',
      },
    });
    expect(listIssues(lanPaymentDetailsInputSchema, {})).toMatchObject([{ path: 'details' }]);
  });
});

describe('subscriberStatusChangeSchema', () => {
  it('takes a reason of plain text, trimmed, blank as none', () => {
    expect(subscriberStatusChangeSchema.parse({ reason: ' The lan is for members. \n' })).toEqual({
      reason: 'The lan is for members.',
    });
    expect(subscriberStatusChangeSchema.parse({ reason: '  ' })).toEqual({ reason: null });
    expect(subscriberStatusChangeSchema.parse({})).toEqual({ reason: null });
    expect(
      subscriberStatusChangeSchema.parse({ reason: 'Line one.\nLine two.\tTabbed.' }).reason,
    ).toBe('Line one.\nLine two.\tTabbed.');
  });

  it('refuses a long reason and control characters', () => {
    expect(listIssues(subscriberStatusChangeSchema, { reason: 'x'.repeat(501) })).toEqual([
      { path: 'reason', message: 'Reason cannot be more than 500 characters long' },
    ]);
    expect(listIssues(subscriberStatusChangeSchema, { reason: 'bell \u0007' })).toEqual([
      { path: 'reason', message: 'Reason must be plain text' },
    ]);
  });
});
