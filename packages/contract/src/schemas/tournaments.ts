import { z } from 'zod';
import {
  bestOfChoices,
  maxEntrantsOf,
  tournamentFormats,
  tournamentLimits,
  tournamentStates,
} from '../rules/tournament-rules.ts';
import { dateTimeSchema, idSchema, problemDetailsSchema } from './common.ts';
import { requiredText } from './rules.ts';

/*
 * Tournaments (issue 37): made by lan administrators on a lan, entered by its participants
 * alone or as teams, played in a bracket of `brackets-manager`, reported by both sides.
 */

const printable = /^[^\p{Cc}]*$/u;
const printableText = (field: string, maxLength: number) =>
  requiredText(field, maxLength).regex(printable, {
    error: `${field.charAt(0).toUpperCase()}${field.slice(1)} cannot contain line breaks or control characters`,
  });

export const tournamentFormatSchema = z.enum(tournamentFormats).meta({
  id: 'TournamentFormat',
  description:
    '`single_elimination` (a loss ends it), `double_elimination` (a winners’ and a losers’ ' +
    'bracket, then a grand final), `round_robin` (everyone plays everyone).',
});

const bestOfSchema = z
  .number({ error: 'Best of must be 1, 3, 5 or 7' })
  .refine((value) => (bestOfChoices as readonly number[]).includes(value), {
    error: 'Best of must be 1, 3, 5 or 7',
  });

export const tournamentInputSchema = z
  .object({
    name: printableText('name', tournamentLimits.nameMaxLength),
    game: printableText('game', tournamentLimits.gameMaxLength),
    gameId: idSchema.nullable().default(null).meta({
      description: 'A game the site knows (its Steam app id); its name is then the game’s.',
    }),
    format: tournamentFormatSchema,
    teamSize: z
      .number({ error: 'Team size must be a whole number' })
      .int('Team size must be a whole number')
      .min(1, 'Team size must be at least 1')
      .max(
        tournamentLimits.teamSizeMax,
        `Team size must be at most ${tournamentLimits.teamSizeMax}`,
      )
      .default(1),
    maxEntrants: z
      .number({ error: 'Max entrants must be a whole number' })
      .int('Max entrants must be a whole number')
      .min(2, 'A tournament needs room for at least 2 entrants'),
    bestOf: bestOfSchema.default(1),
    finalBestOf: bestOfSchema.nullable().default(null).meta({
      description: 'Best of how many the final (and a grand final) is; null: as the rest.',
    }),
    signUpClosesAt: dateTimeSchema.nullable().default(null).meta({
      description: 'When sign-up closes; null: at the start.',
    }),
    checkIn: z.boolean().default(false).meta({
      description:
        'Whether entrants must check in before the start; those who did not get a walkover against them.',
    }),
  })
  .superRefine((input, context) => {
    const most = maxEntrantsOf(input.format);
    if (input.maxEntrants > most)
      context.addIssue({
        code: 'custom',
        path: ['maxEntrants'],
        message: `A ${input.format === 'round_robin' ? 'round robin' : 'bracket'} takes at most ${most} entrants`,
      });
  })
  .meta({
    id: 'NewTournament',
    description:
      `A tournament: its name and game (at most ${tournamentLimits.nameMaxLength} characters ` +
      'each), format, team size (1: alone), most entrants, best of how many games a match is ' +
      '(and the final), when sign-up closes and whether entrants check in.',
  });

export type TournamentInput = z.infer<typeof tournamentInputSchema>;

export const tournamentEntryInputSchema = z
  .object({
    name: printableText('name', tournamentLimits.teamNameMaxLength).optional(),
    memberIds: z
      .array(idSchema, { error: 'Member ids must be a list of user ids' })
      .max(
        tournamentLimits.teamSizeMax,
        `A team has at most ${tournamentLimits.teamSizeMax} members`,
      )
      .optional(),
    clanId: idSchema.optional().meta({
      description:
        'Enter as this clan: the team is named by its tag and name, its members the clan’s.',
    }),
  })
  .meta({
    id: 'NewTournamentEntry',
    description:
      'Signing up. Alone: nothing. A team: its name (or `clanId`, for the clan’s leader) and ' +
      'its members (`memberIds`, participants of the lan; the captain, who signs up, is one of ' +
      'them whether named or not). Those named are invited and join by accepting. Lan ' +
      'administrators may enter others, who are in at once: then the first member is the captain.',
  });

export type TournamentEntryInput = z.infer<typeof tournamentEntryInputSchema>;

export const tournamentStartSchema = z
  .object({
    seeding: z.enum(['random', 'ordered']).default('random'),
    entryIds: z.array(idSchema).optional().meta({
      description: 'With `ordered`: every entry, best seed first.',
    }),
  })
  .meta({
    id: 'TournamentStart',
    description: 'How to seed the bracket: at random, or in the given order of entries.',
  });

export type TournamentStart = z.infer<typeof tournamentStartSchema>;

const scoreSchema = z
  .number({ error: 'Scores must be whole numbers' })
  .int('Scores must be whole numbers')
  .min(0, 'Scores cannot be negative')
  .max(tournamentLimits.scoreMax, `Scores must be at most ${tournamentLimits.scoreMax}`);

export const matchScoresSchema = z.tuple([scoreSchema, scoreSchema], {
  error: 'Scores must be two whole numbers: the first side’s, then the second’s',
});

export const matchReportSchema = z.object({ scores: matchScoresSchema }).meta({
  id: 'MatchReport',
  description:
    'A side’s report: the first side’s score, then the second’s (games won; a best of 1: the game’s own score).',
});

export type MatchReport = z.infer<typeof matchReportSchema>;

export const matchResultSchema = z
  .object({
    scores: matchScoresSchema.optional(),
    forfeit: z
      .union([z.literal(0), z.literal(1)], { error: 'Forfeit must be 0 (the first side) or 1' })
      .optional()
      .meta({
        description:
          'A walkover: the side (0: the first, 1: the second) that gives the match away.',
      }),
    resetFollowing: z.boolean().default(false).meta({
      description: 'Go ahead although correcting the result resets the matches played after it.',
    }),
  })
  .refine((input) => (input.scores === undefined) !== (input.forfeit === undefined), {
    error: 'Give either the scores or a forfeit',
  })
  .meta({
    id: 'MatchResult',
    description:
      'An administrator’s result: the scores, or a walkover (`forfeit`). A settled match’s ' +
      'result is corrected; the matches played after it are reset, which `resetFollowing` confirms.',
  });

export type MatchResult = z.infer<typeof matchResultSchema>;

export const matchResultProblemSchema = problemDetailsSchema
  .extend({
    matchIds: z.array(idSchema).optional().meta({
      description:
        'On the 409 of a correction not confirmed: the matches played after it that it resets, latest first.',
    }),
  })
  .meta({
    id: 'MatchResultProblem',
    description: 'A refused result; a correction not confirmed names the matches it would reset.',
  });

export const matchStatuses = [
  'locked',
  'waiting',
  'ready',
  'running',
  'completed',
  'archived',
] as const;

export const matchSideSchema = z
  .object({
    entryId: idSchema.nullable().meta({ description: 'Null until the side is known.' }),
    score: z.int().nullable(),
    result: z.enum(['win', 'loss', 'draw']).nullable(),
    forfeit: z.boolean(),
  })
  .meta({ id: 'MatchSide', description: 'A side of a match.' });

export type MatchSide = z.infer<typeof matchSideSchema>;

export const tournamentMatchSchema = z
  .object({
    id: idSchema,
    number: z.int(),
    status: z.enum(matchStatuses),
    bestOf: z.int(),
    sides: z
      .tuple([matchSideSchema.nullable(), matchSideSchema.nullable()])
      .meta({ description: 'The two sides; null: a bye (nobody).' }),
    reports: z
      .tuple([matchScoresSchema.nullable(), matchScoresSchema.nullable()])
      .meta({ description: 'What each side reported, while the match is not settled.' }),
    disputed: z.boolean().meta({ description: 'The reports disagree: administrators decide.' }),
  })
  .meta({ id: 'TournamentMatch', description: 'A match of a bracket.' });

export type TournamentMatch = z.infer<typeof tournamentMatchSchema>;

export const tournamentRoundSchema = z
  .object({
    id: idSchema,
    number: z.int(),
    name: z.string(),
    matches: z.array(tournamentMatchSchema),
  })
  .meta({ id: 'TournamentRound', description: 'A round of a bracket.' });

export type TournamentRound = z.infer<typeof tournamentRoundSchema>;

export const tournamentGroupSchema = z
  .object({
    id: idSchema,
    number: z.int(),
    name: z.string(),
    rounds: z.array(tournamentRoundSchema),
  })
  .meta({
    id: 'TournamentGroup',
    description:
      'A part of a bracket: the winners’, the losers’ bracket, the grand final; a round robin’s group.',
  });

export type TournamentGroup = z.infer<typeof tournamentGroupSchema>;

export const tournamentEntryMemberSchema = z
  .object({
    userId: idSchema,
    nickname: z.string(),
    seat: z.string().nullable().meta({ description: 'The seat’s label at the lan, if seated.' }),
  })
  .meta({ id: 'TournamentEntryMember', description: 'A player of an entry.' });

export const tournamentEntrySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    clan: z.object({ id: idSchema, tag: z.string(), colour: z.string() }).nullable(),
    captainId: idSchema.nullable(),
    members: z.array(tournamentEntryMemberSchema).meta({
      description: 'Its players: those who joined it (the captain first).',
    }),
    invited: z.array(tournamentEntryMemberSchema).meta({
      description:
        'Those its captain invited who have not answered yet; they join by accepting ' +
        '(`PUT …/members/{userId}`). Dropped at the start.',
    }),
    checkedIn: z.boolean(),
    forfeited: z.boolean().meta({ description: 'Gave up: its matches are walkovers.' }),
  })
  .meta({ id: 'TournamentEntry', description: 'A player or a team in a tournament.' });

export type TournamentEntry = z.infer<typeof tournamentEntrySchema>;

export const tournamentStandingSchema = z
  .object({ entryId: idSchema, rank: z.int() })
  .meta({ id: 'TournamentStanding', description: 'An entry’s place; ties share one.' });

export const tournamentSummarySchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    name: z.string(),
    game: z.object({ id: idSchema.nullable(), name: z.string() }),
    format: tournamentFormatSchema,
    teamSize: z.int(),
    maxEntrants: z.int(),
    bestOf: z.int(),
    finalBestOf: z.int(),
    signUpClosesAt: dateTimeSchema.nullable(),
    checkIn: z.boolean(),
    state: z.enum(tournamentStates),
    entryCount: z.int(),
    winner: z.string().nullable().meta({ description: 'The winner’s name, once finished.' }),
    startedAt: dateTimeSchema.nullable(),
    finishedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: 'TournamentSummary', description: 'A tournament in its lan’s list.' });

export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

export const tournamentSchema = tournamentSummarySchema
  .extend({
    lanName: z.string(),
    version: z.int().meta({ description: 'Raised by every change.' }),
    entries: z.array(tournamentEntrySchema),
    groups: z
      .array(tournamentGroupSchema)
      .meta({ description: 'The bracket; empty until the start.' }),
    standings: z
      .array(tournamentStandingSchema)
      .meta({ description: 'The final standings, best first; empty until it is finished.' }),
  })
  .meta({ id: 'Tournament', description: 'A tournament with its entries and its bracket.' });

export type Tournament = z.infer<typeof tournamentSchema>;
