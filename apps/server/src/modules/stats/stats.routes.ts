import {
  allTimePlayerItemSchema,
  gameLeaderboardMonthSchema,
  gameLimitQuerySchema,
  leaderboardMonthsSchema,
  paged,
  pagedQuerySchema,
  playerLeaderboardMonthSchema,
  playerLeaderboardQuerySchema,
  playerRankingMonthSchema,
  problemDetailsSchema,
  rewindQuerySchema,
  rewindSummarySchema,
  rewindViewSchema,
  rewindYearsSchema,
  statsMonthParamsSchema,
  statsYearParamSchema,
} from '@lanparty/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnswerDepends,
  type JsonBytes,
  type KeptAnswers,
  sendKept,
} from '../../http/kept-answers.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { authorizeFirst } from '../auth/authorize.ts';
import { nextPlayDay, playDayOf, playDayStart } from '../playtime/play-days.ts';
import {
  allTimePlayers,
  findLastMonth,
  gameLeaderboardMonth,
  listLeaderboardMonths,
  listRewindYears,
  monthKey,
  playerLeaderboardMonth,
  rewindOfYear,
  rewindViewOf,
  type StatsDeps,
} from './stats.service.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};

/** Stats are for the community: Lanner or Member (or SystemAdministrator). */
const onlyLannersAndMembers = authorizeFirst('stats.read');

const monthsNote =
  'Months are play-day months: a play day runs from 06:00 to 06:00 in the community time ' +
  'zone. Only users who have been Lanner or Member count. Lanner or Member only.';

export const statsRoutes =
  (deps: StatsDeps & { answers: KeptAnswers<JsonBytes> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', onlyLannersAndMembers);

    // Every stats answer is the same for every viewer, and changes only when playtime is
    // written, users or their roles change (names, who counts), or a play day ends ("last
    // month", the running year's days): kept until one of those (decision 023).
    const depends: AnswerDepends = {
      groups: ['lans', 'playtime'],
      validUntil: (now) => {
        const today = playDayOf(now, deps.communityTimeZone);
        return playDayStart(nextPlayDay(today), deps.communityTimeZone).getTime();
      },
    };
    // `parts`: what else than the request the answer depends on (the viewer).
    const keep = async <Schema extends z.ZodType>(
      request: FastifyRequest,
      reply: FastifyReply,
      schema: Schema,
      build: () => Promise<z.input<Schema>>,
      ...parts: readonly (string | number)[]
    ) => sendKept(deps.answers, request, reply, { depends, schema, parts }, build);
    // The leaderboard page's players: the whole board, written as a ranking (no games per
    // player, users as headlines): the ranking's writer drops the rest.
    const playersSchema = (view: 'full' | 'ranking') =>
      view === 'ranking' ? playerRankingMonthSchema : playerLeaderboardMonthSchema;
    const playersResponse = z.union([playerLeaderboardMonthSchema, playerRankingMonthSchema]);
    const viewNote =
      'view: full (default) or ranking (each player’s id, nickname, avatar version, playtime ' +
      'and positions: what the leaderboard page shows).';

    app.get(
      '/api/stats/leader-boards',
      {
        schema: {
          tags: ['stats'],
          summary: 'The months that have a leaderboard, newest first',
          description: monthsNote,
          response: { 200: leaderboardMonthsSchema, ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, leaderboardMonthsSchema, () => listLeaderboardMonths(deps)),
    );

    app.get(
      '/api/stats/leader-boards/users',
      {
        schema: {
          tags: ['stats'],
          summary: 'Every player over all time, most playtime first (paged)',
          description: `Ties by nickname. ${monthsNote}`,
          querystring: pagedQuerySchema,
          response: { 200: paged(allTimePlayerItemSchema), ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, paged(allTimePlayerItemSchema), () =>
          allTimePlayers(deps, request.query),
        ),
    );

    app.get(
      '/api/stats/leader-boards/users/months/last',
      {
        schema: {
          tags: ['stats'],
          summary: 'The player leaderboard of the last complete month that has playtime',
          description: `404 when no complete month has playtime. ${viewNote} ${monthsNote}`,
          querystring: playerLeaderboardQuerySchema,
          response: { 200: playersResponse, ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, playersSchema(request.query.view), async () =>
          playerLeaderboardMonth(deps, await findLastMonth(deps)),
        ),
    );

    app.get(
      '/api/stats/leader-boards/users/months/:year/:month',
      {
        schema: {
          tags: ['stats'],
          summary: 'Every player of a month, best first',
          description:
            'position is 1-based by total playtime, ties by nickname; previousPosition is the ' +
            `position the month before, or null. A month without playtime has no items. ${viewNote} ${monthsNote}`,
          params: statsMonthParamsSchema,
          querystring: playerLeaderboardQuerySchema,
          response: { 200: playersResponse, ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, playersSchema(request.query.view), () =>
          playerLeaderboardMonth(deps, monthKey(request.params.year, request.params.month)),
        ),
    );

    app.get(
      '/api/stats/leader-boards/games/months/last',
      {
        schema: {
          tags: ['stats'],
          summary: 'The game leaderboard of the last complete month that has playtime',
          description: `limit: how many games (default 10). ${monthsNote}`,
          querystring: gameLimitQuerySchema,
          response: { 200: gameLeaderboardMonthSchema, ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, gameLeaderboardMonthSchema, async () =>
          gameLeaderboardMonth(deps, await findLastMonth(deps), request.query.limit),
        ),
    );

    app.get(
      '/api/stats/leader-boards/games/months/:year/:month',
      {
        schema: {
          tags: ['stats'],
          summary: 'The most played games of a month',
          description:
            'By the playtime of all players together, ties by name; limit (default 10, at most ' +
            `100) cuts the list, positions stay those of all games. ${monthsNote}`,
          params: statsMonthParamsSchema,
          querystring: gameLimitQuerySchema,
          response: { 200: gameLeaderboardMonthSchema, ...problems },
        },
      },
      (request, reply) =>
        keep(request, reply, gameLeaderboardMonthSchema, () =>
          gameLeaderboardMonth(
            deps,
            monthKey(request.params.year, request.params.month),
            request.query.limit,
          ),
        ),
    );

    app.get(
      '/api/stats/summaries',
      {
        schema: {
          tags: ['stats'],
          summary: 'The years that have a rewind, newest first',
          description: monthsNote,
          response: { 200: rewindYearsSchema, ...problems },
        },
      },
      (request, reply) => keep(request, reply, rewindYearsSchema, () => listRewindYears(deps)),
    );

    app.get(
      '/api/stats/summaries/:year',
      {
        schema: {
          tags: ['stats'],
          summary: 'The rewind of a year',
          description:
            'avgPlaytimePerDay divides by the days of the year (so far, for the running year); ' +
            'avgPlaytimePerUser by the players. favoriteGames: five per player. busiestDays: the ' +
            'ten play days with the most playtime. spikes: the five days with the largest ' +
            `increase over the day before. 404 for a year without playtime. view: full ` +
            '(default) or viewer (what the rewind page shows its viewer: users as headlines, ' +
            `favoriteGames the viewer’s own only; kept per viewer). ${monthsNote}`,
          params: z.object({ year: statsYearParamSchema }),
          querystring: rewindQuerySchema,
          response: { 200: z.union([rewindSummarySchema, rewindViewSchema]), ...problems },
        },
      },
      async (request, reply) => {
        const { year } = request.params;
        if (request.query.view === 'full')
          return keep(request, reply, rewindSummarySchema, () => rewindOfYear(deps, year));
        const viewerId = (await requireViewer(request)).user.id;
        return keep(
          request,
          reply,
          rewindViewSchema,
          async () => rewindViewOf(await rewindOfYear(deps, year), viewerId),
          viewerId,
        );
      },
    );
  };
