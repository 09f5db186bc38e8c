import {
  idParamSchema,
  matchReportSchema,
  matchResultProblemSchema,
  matchResultSchema,
  problemDetailsSchema,
  tournamentEntryInputSchema,
  tournamentInputSchema,
  tournamentMatchSchema,
  tournamentSchema,
  tournamentStartSchema,
  tournamentSummarySchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitation, removeEntryMember } from './entry-members.ts';
import { setMatchResult } from './match-corrections.ts';
import { reportMatch } from './match-results.ts';
import type { TournamentsDeps } from './tournament-changes.ts';
import { checkInEntry, enterTournament, withdrawEntry } from './tournament-entries.ts';
import { startTournament } from './tournament-start.ts';
import {
  changeTournamentRules,
  createTournament,
  getTournament,
  readLanTournaments,
  removeTournament,
} from './tournaments.service.ts';

const idParams = z.object({ id: idParamSchema });
const entryParams = z.object({ id: idParamSchema, entryId: idParamSchema });
const memberParams = entryParams.extend({ userId: idParamSchema });
const writes = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
  409: problemDetailsSchema,
};
const reads = { 400: problemDetailsSchema, 401: problemDetailsSchema, 404: problemDetailsSchema };
const tags = ['tournaments'];

/** Tournaments at a lan (issue 37): see tournaments.service.ts for the rules. */
export const tournamentsRoutes =
  (deps: TournamentsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/tournaments',
      {
        schema: {
          tags,
          summary: 'A lan’s tournaments, oldest first',
          description: 'Anyone who may see the lan (an inactive lan: lan administrators only).',
          params: idParams,
          response: { 200: z.array(tournamentSummarySchema), ...reads },
        },
      },
      async (request) => readLanTournaments(deps, await request.viewer(), request.params.id),
    );

    app.post(
      '/api/lans/:id/tournaments',
      {
        schema: {
          tags,
          summary: 'Make a tournament at a lan',
          description: 'For lan administrators, until the lan ends (409 after).',
          params: idParams,
          body: tournamentInputSchema,
          response: { 201: tournamentSchema, ...writes },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createTournament(deps, await request.viewer(), request.params.id, request.body),
          ),
    );

    app.get(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'A tournament with its entries, bracket and standings',
          description:
            'Anyone who may see its lan. The bracket: its groups (a double elimination’s ' +
            'winners’, losers’ bracket and grand final), their rounds and matches.',
          params: idParams,
          response: { 200: tournamentSchema, ...reads },
        },
      },
      async (request) => getTournament(deps, await request.viewer(), request.params.id),
    );

    app.put(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'Change a tournament',
          description:
            'For lan administrators. After the start only the name, the game and the best-ofs ' +
            'change (409 for the rest).',
          params: idParams,
          body: tournamentInputSchema,
          response: { 200: tournamentSchema, ...writes },
        },
      },
      async (request) =>
        changeTournamentRules(deps, await request.viewer(), request.params.id, request.body),
    );

    app.delete(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'Delete a tournament',
          description: 'For lan administrators: with its entries and bracket.',
          params: idParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await removeTournament(deps, await request.viewer(), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/tournaments/:id/entries',
      {
        schema: {
          tags,
          summary: 'Sign up for a tournament',
          description:
            'Participants of the lan (Accepted or Paid), alone or as a team’s captain; lan ' +
            'administrators for anyone. A person is in one entry at most (409); a full ' +
            'tournament, a closed sign-up or a started one: 409.',
          params: idParams,
          body: tournamentEntryInputSchema,
          response: { 201: tournamentSchema, ...writes },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await enterTournament(deps, await request.viewer(), request.params.id, request.body),
          ),
    );

    app.delete(
      '/api/tournaments/:id/entries/:entryId',
      {
        schema: {
          tags,
          summary: 'Withdraw an entry',
          description:
            'Its captain or a lan administrator. Before the start the place is freed; after ' +
            'it the entry gives up: its matches to come are walkovers.',
          params: entryParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await withdrawEntry(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.entryId,
        );
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/tournaments/:id/entries/:entryId/members/:userId',
      {
        schema: {
          tags,
          summary: 'Join a team one was invited to',
          description:
            'The one invited (`userId` is theirs), before the start. One in another entry ' +
            'of the tournament already: 409. Joining drops their other invitations to it.',
          params: memberParams,
          response: { 200: tournamentSchema, ...writes },
        },
      },
      async (request) => {
        const { id, entryId, userId } = request.params;
        return acceptInvitation(deps, await request.viewer(), id, entryId, userId);
      },
    );

    app.delete(
      '/api/tournaments/:id/entries/:entryId/members/:userId',
      {
        schema: {
          tags,
          summary: 'Leave an entry, decline an invitation, or take someone out',
          description:
            'Before the start (409 after): the person themself, the entry’s captain or a lan ' +
            'administrator. A player alone’s entry goes with them; a captain who leaves passes ' +
            'the captaincy on, and a team left with nobody goes.',
          params: memberParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        const { id, entryId, userId } = request.params;
        await removeEntryMember(deps, await request.viewer(), id, entryId, userId);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/tournaments/:id/entries/:entryId/check-in',
      {
        schema: {
          tags,
          summary: 'Check an entry in before the start',
          description:
            'A member of the entry or a lan administrator, where the tournament asks it.',
          params: entryParams,
          response: { 200: tournamentSchema, ...writes },
        },
      },
      async (request) =>
        checkInEntry(deps, await request.viewer(), request.params.id, request.params.entryId),
    );

    app.post(
      '/api/tournaments/:id/start',
      {
        schema: {
          tags,
          summary: 'Start a tournament: seed it and draw the bracket',
          description:
            'For lan administrators, with at least 2 entries. Entries are fixed from then on.',
          params: idParams,
          body: tournamentStartSchema,
          response: { 200: tournamentSchema, ...writes },
        },
      },
      async (request) =>
        startTournament(deps, await request.viewer(), request.params.id, request.body ?? {}),
    );

    app.put(
      '/api/matches/:id/report',
      {
        schema: {
          tags,
          summary: 'Report a match’s score (a side of it)',
          description:
            'The players of the match (a team’s captain). Agreeing reports settle the match; ' +
            'differing ones mark it disputed for a lan administrator.',
          params: idParams,
          body: matchReportSchema,
          response: { 200: tournamentMatchSchema, ...writes },
        },
      },
      async (request) =>
        reportMatch(deps, await request.viewer(), request.params.id, request.body.scores),
    );

    app.put(
      '/api/matches/:id/result',
      {
        schema: {
          tags,
          summary: 'Set or correct a match’s result',
          description:
            'For lan administrators: scores or a walkover. Correcting a result resets the ' +
            'matches played after it: without `resetFollowing` a 409 names them.',
          params: idParams,
          body: matchResultSchema,
          response: { 200: tournamentMatchSchema, ...writes, 409: matchResultProblemSchema },
        },
      },
      async (request) =>
        setMatchResult(deps, await request.viewer(), request.params.id, request.body),
    );
  };
