import {
  idParamSchema,
  problemDetailsSchema,
  scheduleItemInputSchema,
  scheduleItemSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../../http/kept-answers.ts';
import {
  addScheduleItem,
  changeScheduleItem,
  readSchedule,
  removeScheduleItem,
  type ScheduleDeps,
} from './schedule.service.ts';

const lanParams = z.object({ id: idParamSchema });
const itemParams = z.object({ id: idParamSchema, itemId: idParamSchema });
const writes = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};
const forAdministrators =
  'For lan administrators. The item must lie within the lan: it starts at or after the ' +
  'lan’s start and before its end, and ends (if it has an end) no later than the lan and ' +
  'not before it starts (400 naming the field otherwise). Open pages hear of it (a ' +
  '`schedule` event).';

/** A lan's schedule (issue 35): anyone who may see the lan reads it; lan administrators keep it. */
export const scheduleRoutes =
  (deps: ScheduleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/schedule',
      {
        schema: {
          tags: ['schedule'],
          summary: 'A lan’s schedule, by start',
          description:
            'Anyone who may see the lan (an inactive lan: lan administrators only, 404 otherwise).',
          params: lanParams,
          response: {
            200: z.array(scheduleItemSchema),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await readSchedule(deps, () => request.viewer(), request.params.id, request),
        ),
    );

    app.post(
      '/api/lans/:id/schedule',
      {
        schema: {
          tags: ['schedule'],
          summary: 'Add an item to a lan’s schedule',
          description: `${forAdministrators} A lan holds at most 200 items (409).`,
          params: lanParams,
          body: scheduleItemInputSchema,
          response: { 201: scheduleItemSchema, 409: problemDetailsSchema, ...writes },
        },
      },
      async (request, reply) => {
        const item = await addScheduleItem(
          deps,
          await request.viewer(),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(item);
      },
    );

    app.put(
      '/api/lans/:id/schedule/:itemId',
      {
        schema: {
          tags: ['schedule'],
          summary: 'Change an item of a lan’s schedule',
          description: forAdministrators,
          params: itemParams,
          body: scheduleItemInputSchema,
          response: { 200: scheduleItemSchema, ...writes },
        },
      },
      async (request) =>
        changeScheduleItem(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.itemId,
          request.body,
        ),
    );

    app.delete(
      '/api/lans/:id/schedule/:itemId',
      {
        schema: {
          tags: ['schedule'],
          summary: 'Remove an item from a lan’s schedule',
          description: 'For lan administrators. Open pages hear of it (a `schedule` event).',
          params: itemParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await removeScheduleItem(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.itemId,
        );
        return reply.code(204).send();
      },
    );
  };
