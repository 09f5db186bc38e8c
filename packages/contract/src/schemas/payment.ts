import {
  electronicFormatIBAN,
  getCountrySpecifications,
  ValidationErrorsIBAN,
  validateIBAN,
} from 'ibantools';
import { z } from 'zod';
import {
  denialReasonMaximum,
  paymentReferenceMaximum,
  paymentReferencePlaceholders,
  unknownReferencePlaceholders,
} from '../rules/payment-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';

/*
 * How lanners pay and whom they ask about money (decision 034): payment details that lan
 * administrators set as defaults or per lan, and the reason given with a denial.
 */

export const paymentLimits = {
  /** A SEPA transfer names its beneficiary in at most 70 characters. */
  accountHolderMaxLength: 70,
  referenceMaxLength: paymentReferenceMaximum,
  contactEmailMaxLength: 254,
} as const;

/**
 * Why a text is not a usable IBAN, in words an organiser can act on; null when it is one.
 * Spaces, dashes and case do not matter. Checked by ibantools: the country, the length
 * and format of that country's account numbers, and the mod-97 check digits.
 */
export function ibanProblem(text: string): string | null {
  const iban = electronicFormatIBAN(text) ?? '';
  const country = iban.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(country))
    return 'IBAN must start with a two-letter country code, like NL or DE';
  const length = getCountrySpecifications()[country]?.chars;
  if (!length) return `IBAN starts with ${country}, which is not a country that has IBANs`;
  if (iban.length !== length)
    return `IBAN of ${country} must be ${length} characters long (this one has ${iban.length})`;
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return `IBAN is not in the format of ${country}’s account numbers: check for a typing mistake`;
  if (errorCodes.length > 0)
    return 'IBAN’s check digits do not match the rest: check for a typing mistake';
  return null;
}

/**
 * Text that may be left out or blank (then null), trimmed, at most `maxLength` long.
 * Rewritten with `overwrite`, not `transform`, so the OpenAPI document can still describe
 * it (a transform has no JSON Schema).
 */
function optionalText(
  fieldName: string,
  maxLength: number,
  tooLong = formatValidationMessage('maxlength', fieldName, maxLength),
) {
  return z
    .string()
    .trim()
    .max(maxLength, tooLong)
    .nullable()
    .default(null)
    .overwrite((text) => (text ? text : null));
}

const ibanInput = optionalText('iban', 50, 'IBAN cannot be more than 50 characters long')
  .refine((iban) => iban === null || ibanProblem(iban) === null, {
    error: (issue) => ibanProblem(String(issue.input ?? '')) ?? 'IBAN is not valid',
  })
  // Kept and shown in one form: no spaces, upper case.
  .overwrite((iban) => (iban === null ? null : electronicFormatIBAN(iban)));

const referenceInput = optionalText('reference', paymentLimits.referenceMaxLength).refine(
  (reference) => reference === null || unknownReferencePlaceholders(reference).length === 0,
  {
    error: (issue) =>
      `Reference can only fill in ${paymentReferencePlaceholders.join(' and ')}, not ${unknownReferencePlaceholders(String(issue.input ?? '')).join(', ')}`,
  },
);

const contactEmailInput = optionalText('contactEmail', paymentLimits.contactEmailMaxLength).refine(
  (email) => email === null || z.regexes.email.test(email),
  formatValidationMessage('email', 'contactEmail'),
);

export const paymentDetailsSchema = z
  .object({
    accountHolder: z.string().nullable().meta({ description: 'Whom a transfer pays.' }),
    iban: z
      .string()
      .nullable()
      .meta({
        description: 'The account to pay to, without spaces (show it in groups of four).',
        examples: ['NL91ABNA0417164300'],
      }),
    reference: z
      .string()
      .nullable()
      .meta({
        description:
          'What a transfer says. Set by administrators as a template that may hold {lan} and ' +
          '{nickname}; filled in (at most 140 characters) where a lanner reads it.',
        examples: ['{lan} {nickname}'],
      }),
    contactEmail: z.string().nullable().meta({
      description: 'Whom to write about payments and refunds: the organiser’s contact.',
    }),
  })
  .meta({
    id: 'PaymentDetails',
    description:
      'How lanners pay for a lan and whom they ask about money. Every part may be null ' +
      '(not given).',
  });

export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** No payment details at all. */
export const noPaymentDetails: PaymentDetails = {
  accountHolder: null,
  iban: null,
  reference: null,
  contactEmail: null,
};

export const paymentDetailsInputSchema = z
  .object({
    accountHolder: optionalText('accountHolder', paymentLimits.accountHolderMaxLength),
    iban: ibanInput,
    reference: referenceInput,
    contactEmail: contactEmailInput,
  })
  .check(
    z.superRefine((details, context) => {
      // A transfer names whom it pays: an IBAN alone is not enough to pay.
      if (details.iban && !details.accountHolder) {
        context.addIssue({
          code: 'custom',
          path: ['accountHolder'],
          message: 'Account holder is required with an IBAN',
        });
      }
    }),
  )
  .meta({
    id: 'PaymentDetailsChanges',
    description:
      'Payment details as an administrator sends them; each part is optional (left out, ' +
      'null or blank: not given), trimmed. The IBAN is checked (country, length, check ' +
      'digits) and needs an account holder. The reference may hold {lan} and {nickname}, ' +
      'nothing else in braces, at most 140 characters.',
  });

export type PaymentDetailsInput = z.input<typeof paymentDetailsInputSchema>;

export const lanPaymentDetailsSchema = z
  .object({
    details: paymentDetailsSchema.nullable().meta({
      description: 'The lan’s own payment details; null: the defaults apply.',
    }),
    defaults: paymentDetailsSchema,
  })
  .meta({
    id: 'LanPaymentDetails',
    description:
      'How a lan is paid for: its own payment details (used whole when it has them, empty ' +
      'parts too), else the defaults.',
  });

export type LanPaymentDetails = z.infer<typeof lanPaymentDetailsSchema>;

export const lanPaymentDetailsInputSchema = z
  .object({
    details: paymentDetailsInputSchema.nullable().meta({
      description: 'The lan’s own payment details; null: use the defaults.',
    }),
  })
  .meta({
    id: 'LanPaymentDetailsChanges',
    description: 'The body of PUT /api/lans/{id}/payment-details.',
  });

export type LanPaymentDetailsInput = z.input<typeof lanPaymentDetailsInputSchema>;

/** The reason given with a denial, if any: plain text, trimmed; blank is none. */
const denialReasonInput = optionalText('reason', denialReasonMaximum).refine(
  // Line breaks and tabs are text; other control characters are not.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused
  (reason) => reason === null || !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(reason),
  'Reason must be plain text',
);

export const subscriberStatusChangeSchema = z
  .object({
    reason: denialReasonInput.meta({
      description:
        `With status:denied only: why, in plain text (at most ${denialReasonMaximum} ` +
        'characters), told to the lanner in the mail that says they were denied.',
    }),
  })
  .meta({
    id: 'SubscriberStatusChange',
    description:
      'The optional body of PUT /api/subscribers/{id}/status:denied. Other changes take no body.',
  });

export type SubscriberStatusChange = z.input<typeof subscriberStatusChangeSchema>;

export const messagingSettingsSchema = z
  .object({
    isChatConnected: z.boolean().meta({
      description:
        'Whether the community’s chat is connected: only then may a message also go there.',
    }),
    replyTo: z
      .string()
      .nullable()
      .meta({
        description:
          'The Reply-To of the messages the signed-in administrator sends: their verified ' +
          'e-mail address; null while they have none (replies then reach nobody).',
      }),
  })
  .meta({
    id: 'MessagingSettings',
    description: 'What a message to a lan’s participants can carry, for the one who sends it.',
  });

export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;
