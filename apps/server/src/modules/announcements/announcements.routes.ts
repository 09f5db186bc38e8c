import { announcementInputSchema, announcementSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lanItemRoutes } from '../lans/lan-item-routes.ts';
import {
  type AnnouncementsDeps,
  postAnnouncement,
  readLanAnnouncements,
  removeAnnouncement,
} from './announcements.service.ts';

/** A lan's announcements (issue 35): anyone who may see the lan reads them; lan administrators post. */
export const announcementsRoutes = (deps: AnnouncementsDeps): FastifyPluginAsyncZod =>
  lanItemRoutes({
    path: 'announcements',
    tag: 'announcements',
    itemParam: 'announcementId',
    itemSchema: announcementSchema,
    inputSchema: announcementInputSchema,
    read: {
      summary: 'A lan’s announcements, pinned first, then newest first',
      read: (viewer, lanId, scope) => readLanAnnouncements(deps, viewer, lanId, scope),
    },
    add: {
      summary: 'Post an announcement of a lan',
      description:
        'For lan administrators, until the lan ends (409 after). `toChat` posts it to the ' +
        'community’s chat too (409 when no chat is connected). Open lan pages and screens ' +
        'hear of it (an `announcement` event).',
      add: (viewer, lanId, input) => postAnnouncement(deps, viewer, lanId, input),
    },
    remove: {
      summary: 'Delete an announcement',
      description:
        'For lan administrators. It leaves every open lan page and screen (an `announcement` event).',
      remove: (viewer, lanId, id) => removeAnnouncement(deps, viewer, lanId, id),
    },
  });
