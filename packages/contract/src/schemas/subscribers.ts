import { z } from 'zod';
import { dateTimeSchema, idSchema } from './common.ts';
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

export const subscriberSchema = z
  .object({
    id: idSchema,
    status: subscriberStatusSchema,
    creationDate: dateTimeSchema,
    modificationDate: dateTimeSchema,
    present: z.boolean().nullable(),
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

export const subscribeInputSchema = z
  .object({
    lanId: idSchema,
    userId: idSchema,
  })
  .meta({
    id: 'SubscribeRequest',
    description:
      'The body of POST /api/subscribers. userId is the caller, unless a LanAdministrator ' +
      'subscribes someone else.',
  });

export type SubscribeInput = z.infer<typeof subscribeInputSchema>;
