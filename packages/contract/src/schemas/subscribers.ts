import { z } from 'zod';
import { dateTimeSchema, idSchema, moneySchema } from './common.ts';
import { paymentDetailsSchema } from './payment.ts';
import { userPublicSchema } from './users.ts';

export const subscriberStatusSchema = z.enum(['Pending', 'Accepted', 'Paid', 'Denied']).meta({
  id: 'SubscriberStatus',
  description:
    'Where a subscription stands. It starts Pending; Accepted and Paid count towards the ' +
    'capacity of the lan.',
});

export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

export const lanSummarySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    startDate: dateTimeSchema,
    endDate: dateTimeSchema,
  })
  .meta({ id: 'LanSummary', description: 'The lan a subscription is for.' });

export type LanSummary = z.infer<typeof lanSummarySchema>;

/** 1, 2, … while on the waitlist of a full lan; null otherwise. */
export const waitlistPositionSchema = z
  .number()
  .int()
  .min(1)
  .nullable()
  .meta({
    description:
      'While a lan is full its Pending subscriptions are its waitlist, in the order they were ' +
      'made: 1 is the next to move up. null when not on a waitlist.',
  });

export const subscriberSchema = z
  .object({
    id: idSchema,
    status: subscriberStatusSchema,
    creationDate: dateTimeSchema,
    modificationDate: dateTimeSchema,
    present: z.boolean().nullable(),
    waitlistPosition: waitlistPositionSchema,
    user: userPublicSchema,
    lan: lanSummarySchema,
  })
  .meta({
    id: 'Subscriber',
    description:
      'A user subscribed to a lan. present is true or false once marked, null while unknown; ' +
      'it is only set for Paid subscribers.',
  });

export type Subscriber = z.infer<typeof subscriberSchema>;

/**
 * A check-in code: Crockford base32, 26 characters (130 random bits), written in groups
 * for reading out. Read leniently (any case, spaces and dashes, O for 0, I and L for 1).
 */
export const checkInCodeSchema = z.string().meta({
  description:
    'The personal check-in code of an Accepted or Paid subscription (at least 128 random ' +
    'bits), shown to its owner only, as text and as a QR code.',
  examples: ['7K3M-9QX2-T5VB-N8RD-4HWC-J6PZ-AE'],
});

/**
 * A ticket's short code: 8 characters of Crockford base32 (40 random bits), unique within
 * its lan, written in two groups for reading out (decision 035). Read like the long one.
 */
export const shortCheckInCodeSchema = z.string().meta({
  description:
    'The short code of an Accepted or Paid subscription, to read out at the door: 8 ' +
    'characters (40 random bits), unique within its lan. The check-in accepts it in any ' +
    'case, with or without the dash; its guesses are limited per lan administrator.',
  examples: ['7KQ4-MZ2X'],
});

/** A subscription as its owner sees it: with the check-in code of their ticket. */
export const ownSubscriptionSchema = subscriberSchema
  .extend({
    checkInCode: checkInCodeSchema.nullable(),
    shortCode: shortCheckInCodeSchema.nullable(),
    amountDue: moneySchema.nullable().meta({
      description: 'What the place costs them, fixed when they took it; null without a place.',
    }),
    amountPaid: moneySchema.nullable().meta({
      description: 'What they paid: all of amountDue once Paid, else 0; null without a place.',
    }),
    amountOutstanding: moneySchema.nullable().meta({
      description: 'What is still to pay: amountDue minus amountPaid; null without a place.',
    }),
    payment: paymentDetailsSchema.nullable().meta({
      description:
        'How to pay for the place and whom to ask about money (a refund of a Paid one): the ' +
        'lan’s payment details, the reference filled in for them; null without a place.',
    }),
    seat: z.string().nullable().meta({
      description: 'The label of the seat they hold at the lan (issue 34); null: none.',
    }),
  })
  .meta({
    id: 'OwnSubscription',
    description:
      'One of the signed-in user’s subscriptions. checkInCode (in the QR code) and shortCode ' +
      '(read out at the door) are their ticket while Accepted or Paid (null otherwise); ' +
      'they are never shown to anyone else but lan administrators. The amounts are those ' +
      'of their place, as its organiser sees them.',
  });

export type OwnSubscription = z.infer<typeof ownSubscriptionSchema>;

export const subscribeInputSchema = z
  .object({
    lanId: idSchema,
    userId: idSchema,
    waitlist: z.boolean().optional().meta({
      description:
        'true: on a full lan, join its waitlist (a Pending subscription) instead of a 409.',
    }),
  })
  .meta({
    id: 'SubscribeRequest',
    description:
      'The body of POST /api/subscribers. userId is the caller, unless a LanAdministrator ' +
      'subscribes someone else.',
  });

export type SubscribeInput = z.infer<typeof subscribeInputSchema>;
