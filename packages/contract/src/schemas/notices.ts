import { z } from 'zod';
import { dateTimeSchema, idSchema } from './common.ts';

/*
 * Notices (issue 53 §4): one place for what the site tells a person — accepted, paid,
 * denied or moved up from a waiting list; a badge earned; an announcement of a lan they hold
 * a place at. The capabilities after it add theirs (a match ready, food arrived).
 */

export const noticeKinds = ['status', 'badge', 'announcement', 'food'] as const;

export const noticeKindSchema = z.enum(noticeKinds).meta({
  id: 'NoticeKind',
  description:
    'status: a subscription was accepted, paid, denied or moved up from the waiting list; ' +
    'badge: a badge was earned; announcement: a lan the person holds a place at announced something; ' +
    'food: a food round they ordered in was cancelled, or its food is here.',
});

export type NoticeKind = z.infer<typeof noticeKindSchema>;

export const noticeSchema = z
  .object({
    id: idSchema,
    kind: noticeKindSchema,
    text: z.string(),
    link: z.string().nullable().meta({
      description: 'Where to read more or act on it: a path of the site (`/lans/3`), or null.',
    }),
    createdAt: dateTimeSchema,
    seen: z.boolean(),
  })
  .meta({ id: 'Notice', description: 'Something the site told a person.' });

export type Notice = z.infer<typeof noticeSchema>;

export const noticeListSchema = z
  .object({
    items: z.array(noticeSchema).meta({ description: 'The newest 50, newest first.' }),
    unseen: z.number().int().min(0).meta({ description: 'How many of all are not seen yet.' }),
  })
  .meta({ id: 'NoticeList', description: 'A person’s notices, newest first.' });

export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticesSeenInputSchema = z
  .object({
    upTo: idSchema.meta({ description: 'Every notice up to this id (included) is seen.' }),
  })
  .meta({ id: 'NoticesSeenRequest', description: 'The body of PUT /api/users/me/notices/seen.' });

export type NoticesSeenInput = z.infer<typeof noticesSeenInputSchema>;

/*
 * Web Push (issue 53 §4): the browsers a person asked to be notified on. The page subscribes
 * with the site's public VAPID key and hands the server what the browser's PushManager gave.
 */

const base64UrlSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url, as the browser’s subscription gives it.');

export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z
      .string()
      .min(1)
      .max(2000)
      .meta({ description: 'The push service’s URL for this browser: https to a public address.' }),
    keys: z.object({
      p256dh: base64UrlSchema.max(200).meta({
        description: 'The browser’s P-256 public key (65 bytes, base64url).',
      }),
      auth: base64UrlSchema.max(100).meta({
        description: 'The browser’s authentication secret (16 bytes, base64url).',
      }),
    }),
  })
  .meta({
    id: 'PushSubscriptionRequest',
    description: 'The body of POST /api/users/me/push-subscriptions: PushSubscription.toJSON().',
  });

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionSchema = z
  .object({
    id: idSchema,
    endpoint: z.string(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'PushSubscription', description: 'A browser a person is notified on.' });

export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListSchema = z
  .object({
    publicKey: z.string().meta({
      description:
        'The site’s VAPID public key (base64url): the applicationServerKey to subscribe with.',
    }),
    items: z.array(pushSubscriptionSchema).meta({ description: 'At most 5, oldest first.' }),
  })
  .meta({ id: 'PushSubscriptionList', description: 'The browsers you are notified on.' });

export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** How many browsers one person may be notified on. */
export const maximumPushSubscriptions = 5;
