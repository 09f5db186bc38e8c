import {
  idParamSchema,
  lanDraftSchema,
  lanHeadlineSchema,
  lanInputSchema,
  lanListQuerySchema,
  lanSchema,
  lanUpdateSchema,
  paged,
  pagedQuerySchema,
  problemDetailsSchema,
  subscriberSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyOfRead, toJson } from '../../http/kept-answers.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { authorizeFirst } from '../auth/authorize.ts';
import { listSubscribersOfLan } from '../subscriptions/subscribers.service.ts';
import { sendLanRead } from './lan-read-cache.ts';
import {
  createLan,
  deleteLan,
  getLan,
  type LansDeps,
  listLanHeadlines,
  listLans,
  newLanDefaults,
  pickLanList,
  updateLan,
} from './lans.service.ts';

const idParams = z.object({ id: idParamSchema });
const pagedLans = paged(lanSchema);
const pagedLanHeadlines = paged(lanHeadlineSchema);
const pagedSubscribers = paged(subscriberSchema);
/** A public read refuses nobody (a token that does not verify aside: 401). */
const readProblems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  404: problemDetailsSchema,
};
const problems = { ...readProblems, 403: problemDetailsSchema, 409: problemDetailsSchema };

// Checked before the input is validated, so strangers learn nothing about closed calls.
const onlyLanManagers = authorizeFirst('lans.manage');

export const lansRoutes =
  (deps: LansDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans',
      {
        schema: {
          tags: ['lans'],
          summary: 'Lans, paged, each with its subscribers',
          description:
            'sinceDate: lans whose END is on or after it, so a running lan is still upcoming. ' +
            'untilDate: lans that ended before it. Both take a moment with offset or a day ' +
            '(yyyy-MM-dd, its start in the community time zone). sort: start-date (default) or ' +
            '-start-date. include: active (default) or all (inactive too; lan administrators only, ' +
            'else 403). view: full (default) or headline (each lan’s id, name, dates, isActive ' +
            'and bannerVersion: what an archive card shows).',
          querystring: lanListQuerySchema,
          response: { 200: z.union([pagedLans, pagedLanHeadlines]), ...problems },
        },
      },
      async (request, reply) => {
        const { query } = request;
        // Kept by which lans the page holds, not by its URL: another day's or another
        // visitor's dates that pick the same lans are served the same kept answer.
        const pick = await pickLanList(deps, request.viewer, query, request);
        const read = await deps.reads.read(
          `lans ${query.view} ${pick.key} from ${query.offset} by ${query.limit}`,
          async () => ({
            json:
              query.view === 'headline'
                ? toJson(pagedLanHeadlines, await listLanHeadlines(deps, query, pick))
                : toJson(pagedLans, await listLans(deps, query, pick)),
            isInactive: false,
          }),
          request,
        );
        return sendLanRead(request, reply, read, 0);
      },
    );

    app.get(
      '/api/lans/defaults',
      {
        schema: {
          tags: ['lans'],
          summary: 'A new lan as the admin form starts it (lan administrators)',
          description:
            'Next Friday 18:00 to the following Sunday 18:00 in the community time zone (on a ' +
            'Friday, the Friday a week later), inactive, 24 places (a usual hall; at 0 it would ' +
            'be full at once), prices from the lan defaults.',
          response: { 200: lanDraftSchema, ...problems },
        },
      },
      async (request) => newLanDefaults(deps, await request.viewer()),
    );

    app.get(
      '/api/lans/:id',
      {
        schema: {
          tags: ['lans'],
          summary: 'A lan with its subscribers',
          description: 'An inactive lan is a 404 to anyone but lan administrators.',
          params: idParams,
          response: { 200: lanSchema, ...readProblems },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const read = await deps.reads.read(
          keyOfRead(request),
          async () => {
            const lan = await getLan(deps, id);
            return { json: toJson(lanSchema, lan), isInactive: !lan.isActive };
          },
          request,
        );
        return sendLanRead(request, reply, read, id);
      },
    );

    app.get(
      '/api/lans/:id/subscribers',
      {
        schema: {
          tags: ['subscribers'],
          summary: 'The subscribers of a lan, paged',
          description:
            'Ordered Paid, Accepted, Pending, Denied, then by nickname; the same for every ' +
            'viewer. An inactive lan is a 404 to anyone but lan administrators.',
          params: z.object({ id: idParamSchema }),
          querystring: pagedQuerySchema,
          response: { 200: pagedSubscribers, ...readProblems },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const read = await deps.reads.read(
          keyOfRead(request),
          async () => {
            const { subscribers, isLanActive } = await listSubscribersOfLan(
              deps,
              id,
              request.query,
            );
            return { json: toJson(pagedSubscribers, subscribers), isInactive: !isLanActive };
          },
          request,
        );
        return sendLanRead(request, reply, read, id);
      },
    );

    app.post(
      '/api/lans',
      {
        preValidation: onlyLanManagers,
        schema: {
          tags: ['lans'],
          summary: 'Create a lan (lan administrators)',
          description:
            'Created active, it is announced in the chat. Without a location it has none (null).',
          body: lanInputSchema,
          response: { 201: lanSchema, ...problems },
        },
      },
      async (request, reply) => {
        const lan = await createLan(deps, await requireViewer(request), request.body);
        return reply.code(201).send(lan);
      },
    );

    app.put(
      '/api/lans/:id',
      {
        preValidation: onlyLanManagers,
        schema: {
          tags: ['lans'],
          summary: 'Change a lan (lan administrators)',
          description:
            'The body id must match the path (400). The maximum may not drop below the accepted ' +
            'plus paid subscribers (409). Activating the lan announces it in the chat. On a full ' +
            'lan the places a raised maximum opens go to the first on its waitlist, and places ' +
            'freed on a full lan while it was inactive go to them once it is active again; ' +
            'never after the lan has started. A body ' +
            'without location keeps the lan’s location; location: null clears it.',
          params: idParams,
          body: lanUpdateSchema,
          response: { 200: lanSchema, ...problems },
        },
      },
      async (request) =>
        updateLan(deps, await requireViewer(request), request.params.id, request.body),
    );

    app.delete(
      '/api/lans/:id',
      {
        preValidation: onlyLanManagers,
        schema: {
          tags: ['lans'],
          summary: 'Delete a lan and its subscriptions (lan administrators)',
          description: '409 while the lan has Paid subscribers.',
          params: idParams,
          response: { 204: z.undefined(), ...problems },
        },
      },
      async (request, reply) => {
        await deleteLan(deps, await requireViewer(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
