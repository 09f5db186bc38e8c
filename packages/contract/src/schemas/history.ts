import { z } from 'zod';
import { dateSchema, dateTimeSchema, idSchema } from './common.ts';

export const badgeSchema = z
  .object({
    key: z.string().meta({
      description:
        'Which badge: `lans-1` (first lan), `lans-5` … `lans-50`, `streak-3` … `streak-10`, ' +
        '`crew`, `podium-{gold|silver|bronze}-{yyyy-MM}`.',
    }),
    name: z.string(),
    reason: z.string().meta({ description: 'One line: what earned it.' }),
    earnedOn: dateSchema.meta({ description: 'The day it was earned, in the community’s zone.' }),
  })
  .meta({
    id: 'Badge',
    description: 'A badge the server awarded from the data (never by hand).',
  });

export type Badge = z.infer<typeof badgeSchema>;

const attendedLanSchema = z.object({
  lanId: idSchema,
  name: z.string(),
  startDate: dateTimeSchema,
});

export const userHistorySchema = z
  .object({
    attendedCount: z.number().int().min(0),
    attended: z.array(attendedLanSchema).meta({ description: 'Newest first.' }),
    firstLan: attendedLanSchema.nullable(),
    currentStreak: z.number().int().min(0),
    longestStreak: z.number().int().min(0),
    badges: z.array(badgeSchema).meta({ description: 'Newest first.' }),
  })
  .meta({
    id: 'UserHistory',
    description:
      'The lans a person attended (marked present at an active lan that has ended) and their ' +
      'badges. A streak counts lans attended in a row among the site’s lans in start order; a ' +
      'lan where nobody was marked present breaks none.',
  });

export type UserHistory = z.infer<typeof userHistorySchema>;

export const historyVisibilitySchema = z
  .object({ showsHistory: z.boolean({ error: 'Shows history must be true or false' }) })
  .meta({
    id: 'HistoryVisibility',
    description: 'Whether others see the lans the user attended and their badges.',
  });

export type HistoryVisibility = z.infer<typeof historyVisibilitySchema>;

export const ownErasureSchema = z
  .object({
    password: z.string().max(1_000).optional().meta({
      description: 'The account’s password (accounts with a username and password).',
    }),
    idToken: z
      .string()
      .max(10_000)
      .optional()
      .meta({
        description:
          'For Steam-only and single-sign-on accounts: the ID token of a sign-in made in the ' +
          'last 5 minutes (prompt=login), proving it is them.',
      }),
  })
  .meta({
    id: 'OwnErasure',
    description: 'The proof that the person erasing the account is its owner.',
  });

export type OwnErasure = z.infer<typeof ownErasureSchema>;

export const consentStateSchema = z
  .object({
    given: z.boolean().nullable().meta({ description: 'null: never answered.' }),
    decidedAt: dateTimeSchema.nullable(),
    wordingVersion: z.number().int().min(0).nullable().meta({
      description: 'The wording answered; 0: assumed before the site asked.',
    }),
    wording: z.string().meta({ description: 'What the person is asked, current version.' }),
    currentWordingVersion: z.number().int().min(1),
    needsAnswer: z.boolean().meta({
      description: 'Ask now: Steam is linked and the current wording was never answered.',
    }),
  })
  .meta({ id: 'ConsentState', description: 'A person’s answer to one use of their data.' });

export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentsSchema = z.object({ steamPlaytime: consentStateSchema }).meta({
  id: 'Consents',
  description:
    'steamPlaytime: recording Steam playtime for the leaderboards and the rewind; playtime ' +
    'is collected only while given.',
});

export type Consents = z.infer<typeof consentsSchema>;

export const consentChangeSchema = z
  .object({ given: z.boolean({ error: 'Given must be true or false' }) })
  .meta({ id: 'ConsentChange', description: 'Give or withdraw a consent.' });

export const dataExportSchema = z
  .object({
    about: z
      .object({
        file: z.string().meta({
          description:
            'In a few sentences: what the file is, how times, money and ids are written.',
        }),
        parts: z.record(z.string(), z.string()).meta({
          description: 'For every key of `data`, one sentence saying what it holds.',
        }),
      })
      .meta({ description: 'What the file holds, for the person reading it.' }),
    exportedAt: dateTimeSchema,
    timeZone: z.string().meta({
      description: 'The community’s time zone (IANA), whose offset every time is written with.',
    }),
    userId: idSchema,
    data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).meta({
      description:
        'One key for every table that refers to a user, with the rows that are theirs (an ' +
        'empty list where none is), then mail sent to them, their uploads, sign-in records and ' +
        'attempt counters; secrets (password and code hashes, tokens, ticket codes) left out. ' +
        'Times are ISO 8601 with the community’s offset; money (`…_cents` in the database) is ' +
        'euros as text (`amount_due: "€25.00"`); a lan’s, game’s, clan’s or tournament’s id ' +
        'has its name beside it (`lan_id`, `lan_name`).',
    }),
  })
  .meta({
    id: 'DataExport',
    description: 'Everything the site holds about the person, written for them to read.',
  });

export type DataExport = z.infer<typeof dataExportSchema>;

export const ownAccountSchema = z
  .object({
    username: z.string().nullable().meta({ description: 'null: no username and password.' }),
    hasPassword: z.boolean(),
  })
  .meta({
    id: 'OwnAccount',
    description:
      'How the signed-in user signs in: with a username and password, or without (Steam, ' +
      'single sign-on), which says how erasing the account is confirmed.',
  });

export type OwnAccount = z.infer<typeof ownAccountSchema>;
