import { describe, expect, it } from 'vitest';
import {
  fillPaymentReference,
  formatIban,
  paymentDetailsGaps,
  unknownReferencePlaceholders,
} from './payment-rules.ts';

describe('fillPaymentReference', () => {
  it('fills in the lan and the nickname, wherever and as often as they stand', () => {
    expect(
      fillPaymentReference('{lan} / {nickname} / {nickname}', {
        lan: 'Winter Lan',
        nickname: 'zoë',
      }),
    ).toBe('Winter Lan / zoë / zoë');
    expect(fillPaymentReference('Lan fee', { lan: 'Winter Lan', nickname: 'zoë' })).toBe('Lan fee');
  });

  it('cuts at the 140 characters a transfer carries', () => {
    expect(
      fillPaymentReference('{lan} {nickname}', { lan: 'L'.repeat(100), nickname: 'n'.repeat(100) }),
    ).toHaveLength(140);
  });
});

describe('unknownReferencePlaceholders', () => {
  it('names each brace that is not a placeholder once', () => {
    expect(unknownReferencePlaceholders('{lan} {name} {name} {Lan}')).toEqual(['{name}', '{Lan}']);
    expect(unknownReferencePlaceholders('{lan}-{nickname}')).toEqual([]);
  });
});

describe('formatIban', () => {
  it('writes groups of four', () => {
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});

describe('paymentDetailsGaps', () => {
  const none = { accountHolder: null, iban: null, reference: null, contactEmail: null };
  it('says what a lan with a price lacks, and nothing for a free lan', () => {
    expect(paymentDetailsGaps({ price: 30, membersPrice: 25 }, none)).toEqual({
      isMissingIban: true,
      isMissingContact: true,
    });
    expect(paymentDetailsGaps({ price: 0, membersPrice: 0 }, none)).toEqual({
      isMissingIban: false,
      isMissingContact: false,
    });
    expect(
      paymentDetailsGaps(
        { price: 30, membersPrice: 0 },
        { ...none, iban: 'NL91ABNA0417164300', contactEmail: 'a@example.org' },
      ),
    ).toEqual({ isMissingIban: false, isMissingContact: false });
  });
});
