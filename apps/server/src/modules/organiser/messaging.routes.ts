import { messagingSettingsSchema, problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingSettingsFor } from './lan-messages.ts';

/**
 * What a message to a lan's participants can carry, so the form offers only that: the
 * chat while one is connected, and the sender's Reply-To.
 */
export const messagingRoutes =
  (deps: { isChatOn: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/messaging',
      {
        schema: {
          tags: ['organiser'],
          summary: 'What a message to a lan’s participants can carry',
          description:
            'isChatConnected: whether POST /api/lans/{id}/messages may have chat: true (a 409 ' +
            'otherwise). replyTo: the Reply-To of the mails the signed-in lan administrator ' +
            'sends, their verified e-mail address, or null when they have none verified. For ' +
            'lan administrators (403 otherwise).',
          response: {
            200: messagingSettingsSchema,
            401: problemDetailsSchema,
            403: problemDetailsSchema,
          },
        },
      },
      async (request) => messagingSettingsFor(await request.viewer(), deps.isChatOn),
    );
  };
