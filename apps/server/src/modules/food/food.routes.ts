import {
  foodArrivedInputSchema,
  foodOrderInputSchema,
  foodOrderPaidInputSchema,
  foodOrderSchema,
  foodRoundInputSchema,
  foodRoundOrdersSchema,
  foodRoundSchema,
  idParamSchema,
  participantsCsvQuerySchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../auth/authenticate.ts';
import {
  listFoodRoundOrders,
  markFoodOrderPaid,
  placeOwnFoodOrder,
  withdrawOwnFoodOrder,
} from './food-orders.ts';
import { foodOrdersCsv, foodOrdersFileName } from './food-orders-csv.ts';
import {
  cancelFoodRound,
  changeFoodRound,
  type FoodDeps,
  listFoodRounds,
  openFoodRound,
  tellFoodArrived,
} from './food-rounds.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
  409: problemDetailsSchema,
};
const lanParams = z.object({ id: idParamSchema });
const roundParams = z.object({ roundId: idParamSchema });
const forLanAdministrators = 'For lan administrators (403 otherwise); an unknown round is a 404.';

/** Food rounds (issue 54): a lan's order rounds, what people order, and what the organiser calls in. */
export const foodRoutes =
  (deps: FoodDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/food-rounds',
      {
        schema: {
          tags: ['food'],
          summary: 'The food rounds of a lan, with their menus and your orders',
          description:
            'Newest deadline first: open (until closesAt by the server’s clock), closed or ' +
            'cancelled, each with its menu and, signed in, your own order. 404 for an ' +
            'unknown lan or one you may not see.',
          params: lanParams,
          response: { 200: z.array(foodRoundSchema), 404: problemDetailsSchema },
        },
      },
      async (request) => listFoodRounds(deps, await request.viewer(), request.params.id),
    );

    app.post(
      '/api/lans/:id/food-rounds',
      {
        schema: {
          tags: ['food'],
          summary: 'Open a food round',
          description:
            'A supplier, a deadline in the future, a menu and an optional limit of items a ' +
            `person. 201 with the round, its items and choices each with its id. ${forLanAdministrators}`,
          params: lanParams,
          body: foodRoundInputSchema,
          response: { 201: foodRoundSchema, ...problems },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await openFoodRound(
              deps,
              await requireViewer(request),
              request.params.id,
              request.body,
            ),
          ),
    );

    app.put(
      '/api/food-rounds/:roundId',
      {
        schema: {
          tags: ['food'],
          summary: 'Change an open food round: its menu, deadline or limit; or close it now',
          description:
            'The same shape as opening one. Items and choices with an id are changed, those ' +
            'without are added, those left out are taken off the menu (one already ordered ' +
            'stays in its orders). A deadline now or past closes the round now. 409 once the ' +
            `round closed or was cancelled. ${forLanAdministrators}`,
          params: roundParams,
          body: foodRoundInputSchema,
          response: { 200: foodRoundSchema, ...problems },
        },
      },
      async (request) =>
        changeFoodRound(deps, await requireViewer(request), request.params.roundId, request.body),
    );

    app.delete(
      '/api/food-rounds/:roundId',
      {
        schema: {
          tags: ['food'],
          summary: 'Cancel a food round',
          description: `Each orderer gets a notice. 204, also when it was cancelled before. ${forLanAdministrators}`,
          params: roundParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await cancelFoodRound(deps, await requireViewer(request), request.params.roundId);
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/food-rounds/:roundId/my-order',
      {
        schema: {
          tags: ['food'],
          summary: 'Order in a food round (your whole order)',
          description:
            'For the lan’s participants (Accepted or Paid; 403 otherwise), until the round’s ' +
            'deadline by the server’s clock: at or after it, 409 “The food round closed at ' +
            '19:30.” A line of an item not on the menu, a choice of another item, a ' +
            'quantity under 1 or over 20, a note over 140 characters, or more items than the ' +
            'round allows a person: 400 per field, and nothing is written. Answers your order ' +
            'with its total.',
          params: roundParams,
          body: foodOrderInputSchema,
          response: { 200: foodOrderSchema, ...problems },
        },
      },
      async (request) =>
        placeOwnFoodOrder(deps, await requireViewer(request), request.params.roundId, request.body),
    );

    app.delete(
      '/api/food-rounds/:roundId/my-order',
      {
        schema: {
          tags: ['food'],
          summary: 'Withdraw your order of a food round',
          description: 'Until the deadline, as ordering. 204; 404 when you have no order in it.',
          params: roundParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await withdrawOwnFoodOrder(deps, await requireViewer(request), request.params.roundId);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/food-rounds/:roundId/orders',
      {
        config: { signedIn: true },
        schema: {
          tags: ['food'],
          summary: 'Every order of a round, and what to tell the supplier',
          description:
            'Who ordered what, where they sit and whether they paid; the totals per item and ' +
            `choices, the amount, what was paid and what is outstanding. ${forLanAdministrators}`,
          params: roundParams,
          response: { 200: foodRoundOrdersSchema, ...problems },
        },
      },
      async (request) => {
        const { orders, totals } = await listFoodRoundOrders(
          deps,
          await requireViewer(request),
          request.params.roundId,
        );
        return { orders, totals };
      },
    );

    app.get(
      '/api/food-rounds/:roundId/orders.csv',
      {
        config: { signedIn: true },
        schema: {
          tags: ['food'],
          summary: 'The orders of a round as CSV, for a spreadsheet',
          description:
            'A row a line of an order, in the dialects of the participants CSV ' +
            '(separator=comma or semicolon), formula-safe, UTF-8 with a byte-order mark. ' +
            forLanAdministrators,
          produces: ['text/csv'],
          params: roundParams,
          querystring: participantsCsvQuerySchema,
          response: {
            200: z.string().meta({ description: 'text/csv; charset=utf-8' }),
            ...problems,
          },
        },
      },
      async (request, reply) => {
        const { round, orders } = await listFoodRoundOrders(
          deps,
          await requireViewer(request),
          request.params.roundId,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${foodOrdersFileName(round)}"`)
          .send(
            foodOrdersCsv(orders, {
              separator: request.query.separator,
              timeZone: deps.communityTimeZone,
            }),
          );
      },
    );

    app.put(
      '/api/food-rounds/:roundId/orders/:orderId/paid',
      {
        schema: {
          tags: ['food'],
          summary: 'Mark an order paid, or not',
          description: `204. ${forLanAdministrators}`,
          params: z.object({ roundId: idParamSchema, orderId: idParamSchema }),
          body: foodOrderPaidInputSchema,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await markFoodOrderPaid(
          deps,
          await requireViewer(request),
          request.params.roundId,
          request.params.orderId,
          request.body.paid,
        );
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/food-rounds/:roundId/arrived',
      {
        schema: {
          tags: ['food'],
          summary: 'The food is here: tell the orderers',
          description:
            'Every orderer of the round, and only they, gets a notice “Your food from … is ' +
            'here.” (live at once, pushed where they allowed it). 409 while the round is ' +
            `still open or once it was cancelled. With \`toChat\`, the community’s chat hears ` +
            `it too. Answers how many were told. ${forLanAdministrators}`,
          params: roundParams,
          body: foodArrivedInputSchema.nullish(),
          response: { 200: z.object({ told: z.number().int() }), ...problems },
        },
      },
      async (request) => {
        const { told } = await tellFoodArrived(
          deps,
          await requireViewer(request),
          request.params.roundId,
          { toChat: request.body?.toChat ?? false },
        );
        return { told };
      },
    );
  };
