import { z } from 'zod';
import { roleNames } from '../rules/role-rules.ts';
import {
  assetVersionSchema,
  dateSchema,
  dateTimeSchema,
  idParamSchema,
  idSchema,
  listParameter,
  pagedQuerySchema,
} from './common.ts';
import { requiredBirthDate, requiredEmail, requiredText } from './rules.ts';

export const roleSchema = z.enum(roleNames).meta({
  id: 'Role',
  description: 'A role of a user. A SystemAdministrator may do everything.',
});

export const userStatsSchema = z
  .object({
    numberOfLans: z.number().int().min(0).nullable(),
    lastLanOn: dateTimeSchema.nullable(),
  })
  .meta({
    id: 'UserStats',
    description:
      'numberOfLans counts the lans the user attended: marked present at an active lan that ' +
      'has ended; lastLanOn is the start date of the latest of them, or null. Both are null ' +
      'in public shapes while the user hides their history.',
  });

export type UserStats = z.infer<typeof userStatsSchema>;

/** A clan as it stands beside its members' nicknames (the whole clan: schemas/clans.ts). */
export const clanSummarySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    tag: z.string(),
    colour: z.string().meta({ description: 'The clan’s colour, `#rrggbb`.' }),
  })
  .meta({
    id: 'ClanSummary',
    description: 'A clan: its name, its tag (shown beside its members’ nicknames) and colour.',
  });

export type ClanSummary = z.infer<typeof clanSummarySchema>;

export const userPublicSchema = z
  .object({
    id: idSchema,
    nickname: z.string(),
    steamId: z.string().nullable(),
    roles: z.array(roleSchema),
    stats: userStatsSchema,
    avatarVersion: assetVersionSchema.meta({
      description:
        'The version of the user’s avatar, new with every upload; null when there is none ' +
        '(show a generated one: GET /api/assets/user-{id} would answer 404). Ask for it as ' +
        '/api/assets/user-{id}?v={avatarVersion}&w={64|128|192|256}: an address with the ' +
        'current version is kept by browsers for a year.',
      examples: ['q3Z0XbF9mK2rTnW8cYpL4dVhJ6s', null],
    }),
    clan: clanSummarySchema.nullable().meta({ description: 'The user’s clan; null: none.' }),
  })
  .meta({
    id: 'UserPublic',
    description: 'What anyone may see of a user. The nickname follows the Steam profile.',
  });

export type UserPublic = z.infer<typeof userPublicSchema>;

/**
 * A user as a ranking shows them: a name and an avatar. What the stats pages ask for
 * (`view=ranking`, `view=viewer`), where hundreds of players' roles, stats and clans were
 * most of the answer and none was shown.
 */
export const userHeadlineSchema = userPublicSchema
  .pick({ id: true, nickname: true, avatarVersion: true })
  .meta({ id: 'UserHeadline', description: 'A user’s id, nickname and avatar version.' });

export type UserHeadline = z.infer<typeof userHeadlineSchema>;

export const userProfileSchema = userPublicSchema
  .extend({
    email: z.string().nullable(),
    isEmailActivated: z.boolean(),
    firstName: z.string().nullable(),
    surname: z.string().nullable(),
    city: z.string().nullable(),
    birthDate: dateSchema.nullable(),
    creationDate: dateTimeSchema,
    modificationDate: dateTimeSchema,
    showsHistory: z.boolean().meta({
      description: 'Whether others see the lans the user attended and their badges.',
    }),
    notices: z
      .object({
        newBadges: z.array(z.object({ key: z.string(), name: z.string() })),
        asksSteamPlaytimeConsent: z.boolean(),
      })
      .meta({
        description:
          'What the site tells the user: badges earned since they last looked (PUT ' +
          '/api/users/me/badges/seen), and whether to ask their consent to record Steam ' +
          'playtime (GET /api/users/me/consents).',
      }),
  })
  .meta({
    id: 'UserProfile',
    description:
      'A user with personal fields, shown only to the user and to MemberAdministrators. ' +
      'Each personal field is null until filled in.',
  });

export type UserProfile = z.infer<typeof userProfileSchema>;

// Bounds the specification leaves open; generous for names, RFC 5321 for addresses.
const NAME_MAX_LENGTH = 100;

const profileFields = {
  email: requiredEmail('email'),
  firstName: requiredText('firstName', NAME_MAX_LENGTH),
  surname: requiredText('surname', NAME_MAX_LENGTH),
  city: requiredText('city', NAME_MAX_LENGTH),
  birthDate: requiredBirthDate('birthDate'),
};

export const userProfileInputSchema = z.object(profileFields).meta({
  id: 'ProfileChanges',
  description:
    'The body of PUT /api/users/me: the profile form. Every field is required. Other fields ' +
    'of the user (roles, nickname, steamId, stats, …) may be sent back and are ignored. ' +
    'Changing the email makes it unverified until the mailed link is followed.',
});

export type UserProfileInput = z.infer<typeof userProfileInputSchema>;

export const userUpdateSchema = z
  .object({
    roles: z.array(roleSchema),
    email: profileFields.email.nullable().optional(),
    firstName: profileFields.firstName.nullable().optional(),
    surname: profileFields.surname.nullable().optional(),
    city: profileFields.city.nullable().optional(),
    birthDate: profileFields.birthDate.nullable().optional(),
  })
  .meta({
    id: 'UserUpdate',
    description:
      'The body of PUT /api/users/{id}, by an administrator: the roles, and optionally ' +
      'profile fields (left out: unchanged; null: cleared), so the roles of a user with an ' +
      'incomplete profile can still be set.',
  });

export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** The query of GET /api/users: lists are comma-separated or repeated. */
export const userListQuerySchema = pagedQuerySchema.extend({
  /** Only these users. */
  userIds: listParameter(idParamSchema).optional(),
  /** Users with any of these roles. */
  roles: listParameter(roleSchema).optional(),
  /** Users with none of these roles. */
  missingRoles: listParameter(roleSchema).optional(),
  /** nickname, or lansAttended: the most lans attended first (hidden histories count none). */
  sort: z.enum(['nickname', 'lansAttended']).optional(),
});

/** GET /api/users as the server reads it (numbers parsed, paging defaulted). */
export type UserListQuery = z.output<typeof userListQuerySchema>;
/** The filters of GET /api/users, as a client passes them. */
export type UserListFilter = Pick<UserListQuery, 'userIds' | 'roles' | 'missingRoles'>;
