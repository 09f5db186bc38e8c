import {
  clanCodeSchema,
  clanInputSchema,
  clanJoinSchema,
  clanListItemSchema,
  clanListQuerySchema,
  clanMemberUpdateSchema,
  clanSchema,
  idParamSchema,
  paged,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type JsonBytes, type KeptAnswers, sendJson, sendKept } from '../../http/kept-answers.ts';
import { requireViewer } from '../auth/authenticate.ts';
import {
  type ClansDeps,
  changeClan,
  changeMemberRole,
  createClan,
  disbandClan,
  joinClan,
  type KeptClan,
  listClans,
  readClanPage,
  removeMember,
  renewInviteCode,
} from './clans.service.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
  409: problemDetailsSchema,
};
const clanParams = z.object({ id: idParamSchema });
const memberParams = z.object({ id: idParamSchema, userId: idParamSchema });
const leaderOnly = 'For the clan’s leader and member administrators (403 otherwise).';

/** Clans (issue 34): anyone reads them; lanners and members make, join and run them. */
/** The clans page's list is the same for everyone and shows clans and their members alone. */
const clanListSchema = paged(clanListItemSchema);

export const clansRoutes =
  (
    deps: ClansDeps & { answers: KeptAnswers<JsonBytes>; pages: KeptAnswers<KeptClan> },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/clans',
      {
        schema: {
          tags: ['clans'],
          summary: 'The clans, by name',
          querystring: clanListQuerySchema,
          response: { 200: clanListSchema, 400: problemDetailsSchema },
        },
      },
      // Kept while clans, their members and users are unchanged (the lans group of tables,
      // raised by their triggers; decision 023), by the validated page asked for.
      async (request, reply) =>
        sendKept(
          deps.answers,
          request,
          reply,
          { depends: { groups: ['lans'] }, schema: clanListSchema },
          () => listClans(deps, request.query),
        ),
    );

    app.post(
      '/api/clans',
      {
        schema: {
          tags: ['clans'],
          summary: 'Create a clan, led by the caller',
          description:
            'For lanners and members who are in no clan yet. A name or tag another clan has ' +
            '(without case and surrounding spaces) is a 409 naming it, as is being in a clan.',
          body: clanInputSchema,
          response: { 201: clanSchema, ...problems },
        },
      },
      async (request, reply) => {
        const clan = await createClan(deps, await requireViewer(request), request.body);
        return reply.code(201).send(clan);
      },
    );

    app.get(
      '/api/clans/:id',
      {
        schema: {
          tags: ['clans'],
          summary: 'A clan with its members and the coming lans each is at',
          description: 'The invite code is given to its leader and member administrators only.',
          params: clanParams,
          response: {
            200: clanSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(reply, await readClanPage(deps, request.viewer, request.params.id, request)),
    );

    app.put(
      '/api/clans/:id',
      {
        schema: {
          tags: ['clans'],
          summary: 'Change a clan’s name, tag and colour',
          description: leaderOnly,
          params: clanParams,
          body: clanInputSchema,
          response: { 200: clanSchema, ...problems },
        },
      },
      async (request) =>
        changeClan(deps, await requireViewer(request), request.params.id, request.body),
    );

    app.delete(
      '/api/clans/:id',
      {
        schema: {
          tags: ['clans'],
          summary: 'Disband a clan',
          description: `Its members are in no clan afterwards. ${leaderOnly}`,
          params: clanParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await disbandClan(deps, await requireViewer(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/clans/:id/code',
      {
        schema: {
          tags: ['clans'],
          summary: 'Make a new invite code',
          description: `The old code no longer lets anyone join. ${leaderOnly}`,
          params: clanParams,
          response: { 200: clanCodeSchema, ...problems },
        },
      },
      async (request) => renewInviteCode(deps, await requireViewer(request), request.params.id),
    );

    app.post(
      '/api/clans/:id/members',
      {
        schema: {
          tags: ['clans'],
          summary: 'Join a clan with its invite code',
          description:
            'For lanners and members in no clan. A code that is not the clan’s (any more) is a ' +
            '403; being in a clan already a 409.',
          params: clanParams,
          body: clanJoinSchema,
          response: { 200: clanSchema, ...problems },
        },
      },
      async (request) =>
        joinClan(deps, await requireViewer(request), request.params.id, request.body.code),
    );

    app.put(
      '/api/clans/:id/members/:userId',
      {
        schema: {
          tags: ['clans'],
          summary: 'Set a member’s role: make them a seat manager, or hand the clan over',
          description: leaderOnly,
          params: memberParams,
          body: clanMemberUpdateSchema,
          response: { 200: clanSchema, ...problems },
        },
      },
      async (request) =>
        changeMemberRole(
          deps,
          await requireViewer(request),
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
    );

    app.delete(
      '/api/clans/:id/members/:userId',
      {
        schema: {
          tags: ['clans'],
          summary: 'Leave a clan, or remove a member',
          description:
            'Members leave; the leader and member administrators remove others. A leader hands ' +
            'the clan over first (409); the last member leaving disbands it.',
          params: memberParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await removeMember(
          deps,
          await requireViewer(request),
          request.params.id,
          request.params.userId,
        );
        return reply.code(204).send();
      },
    );
  };
