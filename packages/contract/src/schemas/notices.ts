import { z } from 'zod';
import { dateTimeSchema, idSchema } from './common.ts';

/*
 * Notices (issue 53 §4): one place for what the site tells a person — accepted, paid,
 * denied or moved up from a waiting list; a badge earned; an announcement of a lan they hold
 * a place at. The capabilities after it add theirs (a match ready, food arrived).
 */

export const noticeKinds = ['status', 'badge', 'announcement'] as const;

export const noticeKindSchema = z.enum(noticeKinds).meta({
  id: 'NoticeKind',
  description:
    'status: a subscription was accepted, paid, denied or moved up from the waiting list; ' +
    'badge: a badge was earned; announcement: a lan the person holds a place at announced something.',
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
