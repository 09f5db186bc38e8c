import {
  clanBlockInputSchema,
  clanSeatingPlanSchema,
  clanSeatingQuestionSchema,
  idParamSchema,
  problemDetailsSchema,
  seatChangesQuerySchema,
  seatChangesSchema,
  seatingInputSchema,
  seatingSchema,
  seatOccupantInputSchema,
  seatSchema,
  seatSwapInputSchema,
  seatSwapSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnswerDepends,
  type JsonBytes,
  type KeptAnswers,
  sendJson,
  sendKept,
} from '../../http/kept-answers.ts';
import { currentViewer, requireViewer } from '../auth/authenticate.ts';
import { authorizeFirst } from '../auth/authorize.ts';
import { previewClanSeating, seatClanTogether } from './clan-seating.ts';
import { freeSomeonesSeat, seatSomeone } from './seat-picks.ts';
import { acceptSwap, askSwap, dropSwap, listSwaps } from './seat-swaps.ts';
import { readSeatChanges, readSeating, type SeatingDeps, saveSeating } from './seating.service.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
  409: problemDetailsSchema,
};
const lanParams = z.object({ id: idParamSchema });
const seatParams = z.object({ id: idParamSchema, seatId: idParamSchema });
const swapParams = z.object({ id: idParamSchema, swapId: idParamSchema });
const picking =
  'Participants (Accepted or Paid) pick for themselves between the plan’s opensAt and ' +
  'locksAt, a clan’s leader and seat managers for its members; lan administrators seat ' +
  'anyone at any time.';

const seatSwapsSchema = z.array(seatSwapSchema);
const swapsDepends: AnswerDepends = { groups: ['lans', 'seating'] };

/** Seat plans and picks (issue 34). */
export const seatingRoutes =
  (deps: SeatingDeps & { ownReads: KeptAnswers<JsonBytes> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/seating',
      {
        schema: {
          tags: ['seating'],
          summary: 'A lan’s seat plan: the plan, its seats with who sits there, its blocks',
          description:
            'For anyone who may see the lan once the plan is published; lan administrators ' +
            'also see a draft. 404 when there is no plan (yet).',
          params: lanParams,
          response: {
            200: seatingSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await readSeating(deps, () => request.viewer(), request.params.id, request),
        ),
    );

    app.get(
      '/api/lans/:id/seating/changes',
      {
        schema: {
          tags: ['seating'],
          summary: 'What changed on a lan’s seat map since the version an open map holds',
          description:
            'The seats whose occupant changed after `since` (the `version` of the map held), ' +
            'as they are now, and the new version; `planChanged` when the plan was saved ' +
            'since, to read the whole map again. Who may read it as GET …/seating.',
          params: lanParams,
          querystring: seatChangesQuerySchema,
          response: {
            200: seatChangesSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await readSeatChanges(
            deps,
            () => request.viewer(),
            request.params.id,
            request.query.since,
            request,
          ),
        ),
    );

    app.put(
      '/api/lans/:id/seating',
      {
        preValidation: authorizeFirst('seating.manage'),
        schema: {
          tags: ['seating'],
          summary: 'Save a lan’s whole seat plan',
          description: 'For lan administrators (403 otherwise).',
          params: lanParams,
          body: seatingInputSchema,
          response: { 200: seatingSchema, ...problems },
        },
      },
      async (request) => saveSeating(deps, await request.viewer(), request.params.id, request.body),
    );

    app.put(
      '/api/lans/:id/seats/:seatId/occupant',
      {
        schema: {
          tags: ['seating'],
          summary: 'Pick a seat, move to it, or seat someone on it',
          description:
            `${picking} Someone seated elsewhere moves in one step. A seat taken is a 409 ` +
            'naming who took it; a blocked seat, a crew seat for someone not in the crew, a ' +
            'block kept for another clan, or picking outside the plan’s times, a 409 saying why.',
          params: seatParams,
          body: seatOccupantInputSchema,
          response: { 200: seatSchema, ...problems },
        },
      },
      async (request) =>
        seatSomeone(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.seatId,
          request.body.userId,
        ),
    );

    app.delete(
      '/api/lans/:id/seats/:seatId/occupant',
      {
        schema: {
          tags: ['seating'],
          summary: 'Free a seat',
          description: `Its occupant, their clan’s seat managers and lan administrators. ${picking}`,
          params: seatParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await freeSomeonesSeat(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.seatId,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/lans/:id/seating/clan-blocks/plan',
      {
        schema: {
          tags: ['seating'],
          summary: 'Who of a clan would move where to sit together',
          description:
            'Nothing moves: the answer says who would get or change a seat, from which to ' +
            'which, in one row or table (a block kept for the clan first, keeping the most ' +
            'people where they sit), or that the clan sits together already. A 409 says the ' +
            'largest run free when none is long enough. For the clan’s leader and seat ' +
            'managers within the plan’s times, and lan administrators.',
          params: lanParams,
          body: clanSeatingQuestionSchema,
          response: { 200: clanSeatingPlanSchema, ...problems },
        },
      },
      async (request) =>
        previewClanSeating(deps, await request.viewer(), request.params.id, request.body),
    );

    app.post(
      '/api/lans/:id/seating/clan-blocks',
      {
        schema: {
          tags: ['seating'],
          summary: 'Seat a clan together, as its plan says',
          description:
            'Moves the clan as POST …/clan-blocks/plan answered, when `moves` are that plan’s ' +
            'still; a 409 when the seats changed since (nobody moves then), when the clan ' +
            'sits together already, or when there is no room. For the clan’s leader and seat ' +
            'managers, and lan administrators.',
          params: lanParams,
          body: clanBlockInputSchema,
          response: { 200: seatingSchema, ...problems },
        },
      },
      async (request) =>
        seatClanTogether(deps, await request.viewer(), request.params.id, request.body),
    );

    app.get(
      '/api/lans/:id/seat-swaps',
      {
        config: { signedIn: true },
        schema: {
          tags: ['seating'],
          summary: 'The seat swaps the caller asked for or was asked',
          params: lanParams,
          response: {
            200: seatSwapsSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      // Kept per person while seats, swaps (seating), users and the lan (lans) are unchanged.
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const read = { depends: swapsDepends, schema: seatSwapsSchema, parts: [viewer.user.id] };
        return sendKept(deps.ownReads, request, reply, read, async () =>
          listSwaps(deps, await currentViewer(deps.db, viewer), request.params.id),
        );
      },
    );

    app.post(
      '/api/lans/:id/seat-swaps',
      {
        schema: {
          tags: ['seating'],
          summary: 'Ask another seated participant to swap seats',
          description:
            'Both must be seated, within the plan’s times (409 otherwise); asking the same ' +
            'person twice is a 409. Their open tabs hear of it (a `user` event).',
          params: lanParams,
          body: seatSwapInputSchema,
          response: {
            201: seatSwapSchema,
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
            409: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const swap = await askSwap(
          deps,
          await request.viewer(),
          request.params.id,
          request.body.userId,
        );
        return reply.code(201).send(swap);
      },
    );

    app.post(
      '/api/lans/:id/seat-swaps/:swapId/accept',
      {
        schema: {
          tags: ['seating'],
          summary: 'Accept a seat swap: both move in one step',
          description: 'Only the one asked (403 otherwise).',
          params: swapParams,
          response: { 200: seatSwapSchema, ...problems },
        },
      },
      async (request) =>
        acceptSwap(deps, await request.viewer(), request.params.id, request.params.swapId),
    );

    app.delete(
      '/api/lans/:id/seat-swaps/:swapId',
      {
        schema: {
          tags: ['seating'],
          summary: 'Decline or withdraw a seat swap',
          description: 'Either of its two people (403 otherwise).',
          params: swapParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await dropSwap(deps, await request.viewer(), request.params.id, request.params.swapId);
        return reply.code(204).send();
      },
    );
  };
