import { z } from 'zod';
import { clanLimits, clanRoles } from '../rules/clan-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';
import { assetVersionSchema, dateTimeSchema, idSchema, pagedQuerySchema } from './common.ts';
import { requiredText } from './rules.ts';
import { lanSummarySchema } from './subscribers.ts';
import { clanSummarySchema } from './users.ts';

/*
 * Clans (issue 34): a name and a tag, each unique without case and surrounding spaces,
 * a colour, a leader, and members who join with the leader's invite link.
 */

export const clanRoleSchema = z.enum(clanRoles).meta({
  id: 'ClanRole',
  description:
    'What a member is in their clan: its one leader, a seat manager (seats the clan’s ' +
    'participants at lans), or a member.',
});

// Control characters (a line break, a bell) have no place in a name shown on a seat map.
const printable = /^[^\p{Cc}]*$/u;

const nameInput = requiredText('name', clanLimits.nameMaxLength).regex(printable, {
  error: 'Name cannot contain line breaks or control characters',
});

const tagInput = requiredText('tag', clanLimits.tagMaxLength)
  .min(
    clanLimits.tagMinLength,
    formatValidationMessage('minlength', 'tag', clanLimits.tagMinLength),
  )
  .regex(/^[^\s\p{Cc}]*$/u, { error: 'Tag cannot contain spaces' });

const colourInput = z
  .string({ error: formatValidationMessage('required', 'colour') })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Colour must be a colour like #1e90ff' })
  .overwrite((colour) => colour.toLowerCase());

export const clanInputSchema = z
  .object({ name: nameInput, tag: tagInput, colour: colourInput })
  .meta({
    id: 'ClanChanges',
    description:
      `A clan’s name (at most ${clanLimits.nameMaxLength} characters), tag ` +
      `(${clanLimits.tagMinLength}–${clanLimits.tagMaxLength} characters, no spaces) and ` +
      'colour (`#rrggbb`), trimmed. Each name and tag is one clan’s, compared without case.',
  });

export type ClanInput = z.infer<typeof clanInputSchema>;

export const clanMemberSchema = z
  .object({
    user: z.object({
      id: idSchema,
      nickname: z.string(),
      avatarVersion: assetVersionSchema,
    }),
    role: clanRoleSchema,
    joinedDate: dateTimeSchema,
    comingLans: z
      .array(lanSummarySchema)
      .meta({ description: 'The coming lans the member holds a place at (Accepted or Paid).' }),
  })
  .meta({ id: 'ClanMember', description: 'A member of a clan, leader first.' });

export type ClanMember = z.infer<typeof clanMemberSchema>;

export const clanSchema = clanSummarySchema
  .extend({
    creationDate: dateTimeSchema,
    members: z.array(clanMemberSchema),
    code: z
      .string()
      .nullable()
      .meta({
        description:
          'The invite code (at least 128 random bits): given to the clan’s leader and member ' +
          'administrators, null for everyone else. Others join with POST ' +
          '/api/clans/{id}/members {code}; a new code (POST /api/clans/{id}/code) ends the old.',
      }),
  })
  .meta({ id: 'Clan', description: 'A clan with its members, leader first.' });

export type Clan = z.infer<typeof clanSchema>;

export const clanListItemSchema = clanSummarySchema
  .extend({ memberCount: z.number().int().min(1) })
  .meta({ id: 'ClanListItem', description: 'A clan in the list of clans.' });

export type ClanListItem = z.infer<typeof clanListItemSchema>;

export const clanListQuerySchema = pagedQuerySchema;

export const clanJoinSchema = z
  .object({
    code: z
      .string({ error: formatValidationMessage('required', 'code') })
      .trim()
      .min(1, formatValidationMessage('required', 'code'))
      .max(100, formatValidationMessage('maxlength', 'code', 100)),
  })
  .meta({ id: 'ClanJoin', description: 'The invite code of the clan’s link.' });

export const clanMemberUpdateSchema = z.object({ role: clanRoleSchema }).meta({
  id: 'ClanMemberUpdate',
  description:
    'A member’s new role, set by the leader: `seatManager` or `member`; `leader` hands ' +
    'the clan over (the old leader becomes a seat manager).',
});

export const clanCodeSchema = z.object({ code: z.string() }).meta({
  id: 'ClanCode',
  description: 'The clan’s new invite code; the old one no longer works.',
});
