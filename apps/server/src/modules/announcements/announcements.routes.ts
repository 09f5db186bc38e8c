import {
  announcementInputSchema,
  announcementSchema,
  idParamSchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../../http/kept-answers.ts';
import {
  type AnnouncementsDeps,
  postAnnouncement,
  readLanAnnouncements,
  removeAnnouncement,
} from './announcements.service.ts';

const lanParams = z.object({ id: idParamSchema });
const announcementParams = z.object({ id: idParamSchema, announcementId: idParamSchema });
const writes = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};

/** A lan's announcements (issue 35): anyone who may see the lan reads them; lan administrators post. */
export const announcementsRoutes =
  (deps: AnnouncementsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/announcements',
      {
        schema: {
          tags: ['announcements'],
          summary: 'A lan’s announcements, pinned first, then newest first',
          description:
            'Anyone who may see the lan (an inactive lan: lan administrators only, 404 otherwise).',
          params: lanParams,
          response: {
            200: z.array(announcementSchema),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            404: problemDetailsSchema,
          },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await readLanAnnouncements(deps, () => request.viewer(), request.params.id, request),
        ),
    );

    app.post(
      '/api/lans/:id/announcements',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Post an announcement of a lan',
          description:
            'For lan administrators, until the lan ends (409 after). `toChat` posts it to the ' +
            'community’s chat too (409 when no chat is connected). Open lan pages and screens ' +
            'hear of it (an `announcement` event).',
          params: lanParams,
          body: announcementInputSchema,
          response: { 201: announcementSchema, 409: problemDetailsSchema, ...writes },
        },
      },
      async (request, reply) => {
        const announcement = await postAnnouncement(
          deps,
          await request.viewer(),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(announcement);
      },
    );

    app.delete(
      '/api/lans/:id/announcements/:announcementId',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Delete an announcement',
          description:
            'For lan administrators. It leaves every open lan page and screen (an `announcement` event).',
          params: announcementParams,
          response: { 204: z.undefined(), ...writes },
        },
      },
      async (request, reply) => {
        await removeAnnouncement(
          deps,
          await request.viewer(),
          request.params.id,
          request.params.announcementId,
        );
        return reply.code(204).send();
      },
    );
  };
