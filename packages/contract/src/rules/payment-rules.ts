/*
 * How lanners pay: the payment details' reference template and the IBAN as shown. The IBAN
 * check itself is in the payment schemas (it needs a library the first screen must not
 * carry); decision 034.
 */

/** The most a SEPA transfer's reference (remittance information) carries. */
export const paymentReferenceMaximum = 140;

/** The longest reason an organiser may give with a denial, in characters. */
export const denialReasonMaximum = 500;

/** What a reference template may hold, filled in per lanner. */
export const paymentReferencePlaceholders = ['{lan}', '{nickname}'] as const;

/** The `{…}` of a template that are not placeholders we fill in: each once, in order. */
export function unknownReferencePlaceholders(template: string): string[] {
  const known: readonly string[] = paymentReferencePlaceholders;
  const found = template.match(/\{[^{}]*\}/g) ?? [];
  return [...new Set(found.filter((placeholder) => !known.includes(placeholder)))];
}

/**
 * A reference template filled in for one lanner: `{lan}` the lan's name, `{nickname}`
 * theirs; cut at the most a transfer carries.
 */
export function fillPaymentReference(
  template: string,
  values: { lan: string; nickname: string },
): string {
  return template
    .replaceAll('{lan}', values.lan)
    .replaceAll('{nickname}', values.nickname)
    .slice(0, paymentReferenceMaximum);
}

/** An IBAN in groups of four for reading: `NL91 ABNA 0417 1643 00`. */
export function formatIban(iban: string): string {
  return (
    iban
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? iban
  );
}

type PaymentFacts = {
  accountHolder: string | null;
  iban: string | null;
  reference: string | null;
  contactEmail: string | null;
};

/**
 * What a lan's payment details lack for what it costs: an IBAN when it has a price
 * (accepted lanners would not be told how to pay), and a contact e-mail (paid lanners
 * would not be told whom to ask about a refund).
 */
export function paymentDetailsGaps(
  lan: { price: number; membersPrice: number },
  details: PaymentFacts,
): { isMissingIban: boolean; isMissingContact: boolean } {
  const hasPrice = lan.price > 0 || lan.membersPrice > 0;
  return {
    isMissingIban: hasPrice && details.iban === null,
    isMissingContact: hasPrice && details.contactEmail === null,
  };
}
