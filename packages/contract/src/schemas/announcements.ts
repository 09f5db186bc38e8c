import { z } from 'zod';
import { announcementLimits } from '../rules/announcement-rules.ts';
import { dateTimeSchema, idSchema } from './common.ts';
import { requiredText } from './rules.ts';

// Line breaks are allowed (an announcement is shown as text, its lines kept); other
// control characters are not.
const noControlCharacters = /^[^\p{Cc}]*$/u;
const withoutLineBreaks = (text: string) => text.replace(/\r\n|\r|\n/g, '');

export const announcementInputSchema = z
  .object({
    text: requiredText('text', announcementLimits.textMaxLength).refine(
      (text) => noControlCharacters.test(withoutLineBreaks(text)),
      { error: 'Text cannot contain control characters' },
    ),
    pinned: z.boolean().default(false),
    toChat: z.boolean().default(false),
  })
  .meta({
    id: 'NewAnnouncement',
    description:
      `An announcement: its text (at most ${announcementLimits.textMaxLength} characters, trimmed, ` +
      'shown as text), whether it stays pinned at the top, and whether it goes to the community’s chat too.',
  });

export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const announcementSchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    text: z.string(),
    pinned: z.boolean(),
    toChat: z.boolean(),
    creationDate: dateTimeSchema,
  })
  .meta({ id: 'Announcement', description: 'An announcement of a lan, as posted.' });

export type Announcement = z.infer<typeof announcementSchema>;
