import { z } from 'zod';
import { scheduleKinds, scheduleLimits } from '../rules/schedule-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';
import { dateTimeSchema, idSchema } from './common.ts';
import { haveValidFields, requiredDateTime, requiredText } from './rules.ts';

/*
 * A lan's schedule (issue 35): items with a start, an optional end, a title, an optional
 * place and a kind. Items may overlap; each lies within its lan (the server checks that).
 */

export const scheduleKindSchema = z.enum(scheduleKinds).meta({
  id: 'ScheduleKind',
  description: 'What an item is: a game, a tournament, food, or other.',
});

// Control characters (a line break, a bell) have no place in a line of a timetable.
const printable = /^[^\p{Cc}]*$/u;

// Empty (after trimming) is no place: the server stores null.
const placeInput = z
  .string()
  .trim()
  .max(
    scheduleLimits.placeMaxLength,
    formatValidationMessage('maxlength', 'place', scheduleLimits.placeMaxLength),
  )
  .regex(printable, { error: 'Place cannot contain line breaks or control characters' })
  .nullable();

type ItemDates = { startDate: string; endDate: string | null };

const endsAfterStart = z.superRefine<ItemDates>(
  (item, context) => {
    if (item.endDate !== null && Date.parse(item.endDate) < Date.parse(item.startDate)) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: formatValidationMessage('notBeforeDate', 'endDate', 'startDate'),
      });
    }
  },
  { when: haveValidFields('startDate', 'endDate') },
);

export const scheduleItemInputSchema = z
  .object({
    startDate: requiredDateTime('startDate'),
    endDate: requiredDateTime('endDate').nullable().default(null),
    title: requiredText('title', scheduleLimits.titleMaxLength).regex(printable, {
      error: 'Title cannot contain line breaks or control characters',
    }),
    place: placeInput.default(null),
    kind: scheduleKindSchema,
  })
  .check(endsAfterStart)
  .meta({
    id: 'ScheduleItemChanges',
    description:
      `An item of a lan's schedule: its start, its end (null: none, it lasts until the next ` +
      `item), a title (at most ${scheduleLimits.titleMaxLength} characters), a place (at most ` +
      `${scheduleLimits.placeMaxLength}; empty or null for none) and a kind. It may not end ` +
      'before it starts, and must lie within the lan.',
  });

export type ScheduleItemInput = z.infer<typeof scheduleItemInputSchema>;

export const scheduleItemSchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    startDate: dateTimeSchema,
    endDate: dateTimeSchema.nullable(),
    title: z.string(),
    place: z.string().nullable(),
    kind: scheduleKindSchema,
  })
  .meta({
    id: 'ScheduleItem',
    description: 'An item of a lan’s schedule; its dates carry the community time zone’s offset.',
  });

export type ScheduleItem = z.infer<typeof scheduleItemSchema>;
