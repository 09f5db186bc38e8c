import { z } from 'zod';
import { csvSeparators, lanMessageBodyMaximum } from '../rules/organiser-rules.ts';
import { profileFieldNames } from '../rules/user-rules.ts';
import { dateTimeSchema, idSchema, moneySchema, problemDetailsSchema } from './common.ts';
import { requiredText } from './rules.ts';
import {
  checkInCodeSchema,
  shortCheckInCodeSchema,
  subscriberStatusSchema,
  waitlistPositionSchema,
} from './subscribers.ts';
import { userPublicSchema } from './users.ts';

/*
 * What an organiser runs a lan with: its participants and money, messages to them, the
 * door check-in, and the sign-ups waiting to become lanners. For lan administrators (and,
 * for sign-ups, member administrators) only.
 */

export const participantSchema = z
  .object({
    subscriberId: idSchema,
    userId: idSchema,
    nickname: z.string(),
    firstName: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean().meta({
      description: 'Whether the e-mail address is verified: only those get messages.',
    }),
    isMember: z.boolean(),
    status: subscriberStatusSchema,
    waitlistPosition: waitlistPositionSchema,
    amountDue: moneySchema.nullable().meta({
      description:
        'What the participant owes for their place, fixed when they were accepted (or set ' +
        'Paid): the member price if they were a Member then, else the price. Not what is ' +
        'left to pay: see amountPaid and amountOutstanding. null while Pending or Denied.',
    }),
    amountPaid: moneySchema.nullable().meta({
      description:
        'What they paid of it: the whole amountDue once Paid, 0 while Accepted (a payment is ' +
        'recorded as the status Paid; there are no part payments). null while Pending or Denied.',
    }),
    amountOutstanding: moneySchema.nullable().meta({
      description:
        'amountDue minus amountPaid: what is still to pay. null while Pending or Denied.',
    }),
    present: z.boolean().nullable(),
    subscribedOn: dateTimeSchema,
    checkInCode: checkInCodeSchema.nullable().meta({
      description: 'The ticket’s code while Accepted or Paid; null otherwise.',
    }),
    shortCode: shortCheckInCodeSchema.nullable().meta({
      description: 'The ticket’s short code, read out at the door, while Accepted or Paid.',
    }),
    checkedInAt: dateTimeSchema.nullable().meta({
      description:
        'When the participant was checked in, with the community’s UTC offset then (its ' +
        'clocks, as a lan’s dates); null while not present, and for a presence marked ' +
        'before the time was recorded.',
    }),
    checkedInBy: z.string().nullable().meta({
      description: 'The nickname of the administrator who checked them in, when known.',
    }),
    seat: z.string().nullable().meta({
      description: 'The label of the seat they hold at the lan (issue 34); null: none.',
    }),
  })
  .meta({ id: 'Participant', description: 'A subscription of a lan as its organiser sees it.' });

export type Participant = z.infer<typeof participantSchema>;

export const participantTotalsSchema = z
  .object({
    expected: moneySchema.meta({ description: 'The sum of amountDue (Accepted and Paid).' }),
    received: moneySchema.meta({ description: 'The sum of amountPaid (Paid).' }),
    outstanding: moneySchema.meta({
      description: 'The sum of amountOutstanding (Accepted): expected minus received.',
    }),
    pending: z.number().int().min(0),
    accepted: z.number().int().min(0),
    paid: z.number().int().min(0),
    denied: z.number().int().min(0),
    waitlist: z.number().int().min(0),
    present: z.number().int().min(0),
  })
  .meta({ id: 'ParticipantTotals', description: 'The money and the head counts of a lan.' });

export type ParticipantTotals = z.infer<typeof participantTotalsSchema>;

export const participantListSchema = z
  .object({
    participants: z.array(participantSchema),
    totals: participantTotalsSchema,
  })
  .meta({
    id: 'ParticipantList',
    description: 'Every subscription of a lan, in the order of the subscriber table, and totals.',
  });

export type ParticipantList = z.infer<typeof participantListSchema>;

/** GET lans/{id}/participants.csv's query: which spreadsheet dialect to write. */
export const participantsCsvQuerySchema = z.object({
  separator: z
    .enum(csvSeparators, { error: `Must be ${csvSeparators.join(' or ')}` })
    .default('comma')
    .meta({
      description:
        'comma (default): cells split on `,` with a decimal point in amounts; semicolon: ' +
        'on `;` with a decimal comma, as a Dutch or German spreadsheet reads a .csv.',
    }),
});

export const checkInInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(500, 'Must be at most 500 characters')
      .meta({
        description:
          'The code of the ticket as typed (its long code, or the short one read out at the ' +
          'door), or the ticket’s scanned address.',
      }),
    paid: z.boolean().optional().meta({
      description:
        'true: an Accepted participant pays at the door, becoming Paid and present in one step.',
    }),
    scannedAt: dateTimeSchema.optional().meta({
      description:
        'When a door that was offline scanned the ticket (issue 53): at most 2 minutes ahead ' +
        'of the server’s clock and at most 24 hours old. The earliest scan of a ticket is ' +
        'kept with who made it; a later one answers alreadyPresent naming it, and the same ' +
        'scan sent again (same administrator, same time) changes nothing. Without it: now.',
    }),
  })
  .meta({ id: 'CheckInRequest', description: 'The body of POST /api/lans/{id}/check-ins.' });

export type CheckInInput = z.infer<typeof checkInInputSchema>;

export const checkInResultSchema = z
  .object({
    subscriber: participantSchema,
    alreadyPresent: z.boolean().meta({
      description:
        'true when the ticket had been checked in before: subscriber.checkedInAt and ' +
        'checkedInBy then say when and by whom (a forwarded ticket shows here).',
    }),
    laterScan: z
      .object({ checkedInAt: dateTimeSchema, checkedInBy: z.string().nullable() })
      .optional()
      .meta({
        description:
          'Of a scan sent with scannedAt that was earlier than the check-in recorded: the ' +
          'later scan it took the place of (another door synced first), so that door’s ' +
          'second sight of the ticket is still told.',
      }),
  })
  .meta({ id: 'CheckIn', description: 'A participant checked in at the door.' });

export type CheckInResult = z.infer<typeof checkInResultSchema>;

const sha256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({ description: 'SHA-256, hex, of a code in its normalised form (normalizeCheckInCode).' });

export const doorTicketSchema = z
  .object({
    subscriberId: idSchema,
    nickname: z.string(),
    status: subscriberStatusSchema,
    amountDue: moneySchema.nullable().meta({
      description: 'What is left to pay (amountOutstanding): taken at the door while Accepted.',
    }),
    seat: z.string().nullable(),
    checkedInAt: dateTimeSchema.nullable(),
    codeHash: sha256Schema,
    shortCodeHash: sha256Schema.nullable(),
  })
  .meta({ id: 'DoorTicket', description: 'A ticket as a door keeps it for checking offline.' });

export type DoorTicket = z.infer<typeof doorTicketSchema>;

export const doorListSchema = z
  .object({
    asOf: dateTimeSchema.meta({
      description: 'When the list was read, on the community’s clocks.',
    }),
    tickets: z.array(doorTicketSchema),
  })
  .meta({
    id: 'DoorList',
    description:
      'Every ticket of a lan (a subscription that has a code), its codes only as hashes: what ' +
      'a door keeps on the phone to answer scans while the hall’s internet is down.',
  });

export type DoorList = z.infer<typeof doorListSchema>;

export const lanMessageInputSchema = z
  .object({
    subject: requiredText('Subject', 150),
    body: requiredText('Message', lanMessageBodyMaximum),
    statuses: z
      .array(subscriberStatusSchema)
      .min(1, 'Choose at least one status')
      .refine((statuses) => new Set(statuses).size === statuses.length, 'Each status once'),
    chat: z.boolean(),
  })
  .meta({
    id: 'LanMessageRequest',
    description:
      'The body of POST /api/lans/{id}/messages: plain text to the subscribers with these ' +
      'statuses; chat: true also posts it to the community’s chat.',
  });

export type LanMessageInput = z.infer<typeof lanMessageInputSchema>;

export const lanMessageReceiptSchema = z
  .object({
    id: idSchema,
    recipients: z.number().int().min(0).meta({ description: 'How many get it by e-mail.' }),
    unreachable: z
      .array(z.string())
      .meta({ description: 'The nicknames without a verified e-mail address.' }),
  })
  .meta({ id: 'LanMessageReceipt', description: 'A message accepted for sending.' });

export type LanMessageReceipt = z.infer<typeof lanMessageReceiptSchema>;

export const lanMessageSchema = lanMessageReceiptSchema
  .extend({
    subject: z.string(),
    body: z.string(),
    sender: z.object({ id: idSchema.nullable(), nickname: z.string() }),
    sentAt: dateTimeSchema,
    statuses: z.array(subscriberStatusSchema),
    chat: z.boolean(),
  })
  .meta({ id: 'LanMessage', description: 'A message sent to a lan’s participants.' });

export type LanMessage = z.infer<typeof lanMessageSchema>;

export const checkInProblemSchema = problemDetailsSchema
  .extend({
    subscriberId: idSchema.optional(),
    nickname: z.string().optional(),
    amountDue: moneySchema.optional().meta({
      description:
        'On the 409 of an Accepted participant who has not paid: what to take at the door.',
    }),
  })
  .meta({
    id: 'CheckInProblem',
    description: 'A refused check-in; an unpaid one says who and how much is due.',
  });

/** An Idempotency-Key header: a retry with the same key answers the first send again. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Must be 1–200 visible ASCII characters')
  .optional();

export const signUpSchema = z
  .object({
    user: userPublicSchema,
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isProfileComplete: z.boolean(),
    missingProfileFields: z.array(z.enum(profileFieldNames)).meta({
      description:
        'The profile fields still empty, in the profile form’s order (email, firstName, ' +
        'surname, city, birthDate); empty when the profile is complete.',
    }),
    creationDate: dateTimeSchema,
  })
  .meta({
    id: 'SignUp',
    description: 'A user without the Lanner role, waiting to be verified as a lanner.',
  });

export type SignUp = z.infer<typeof signUpSchema>;
