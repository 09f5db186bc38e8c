import {
  checkInInputSchema,
  checkInProblemSchema,
  checkInResultSchema,
  doorListSchema,
  idempotencyKeySchema,
  idParamSchema,
  lanMessageInputSchema,
  lanMessageReceiptSchema,
  lanMessageSchema,
  paged,
  pagedQuerySchema,
  participantListSchema,
  participantsCsvQuerySchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../auth/authenticate.ts';
import { checkIn } from '../subscriptions/check-ins.ts';
import { readDoorList } from '../subscriptions/door-list.ts';
import { listParticipants } from '../subscriptions/participants.ts';
import { type LanMessagesDeps, listLanMessages, sendLanMessage } from './lan-messages.ts';
import { participantsCsv, participantsFileName } from './participants-csv.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
  409: problemDetailsSchema,
};
const lanParams = z.object({ id: idParamSchema });
const forLanAdministrators = 'For lan administrators (403 otherwise); an unknown lan is a 404.';

/** What an organiser runs a lan with: participants and money, messages, the door check-in. */
export const organiserRoutes =
  (deps: LanMessagesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lans/:id/participants',
      {
        config: { signedIn: true },
        schema: {
          tags: ['organiser'],
          summary: 'The participants of a lan, with what they owe, and totals',
          description:
            'Every subscription of the lan in the order of the subscriber table, with names, ' +
            'e-mail, membership, status, waitlist position, amount due, presence and ticket ' +
            'code; totals of the money (expected: due from Accepted and Paid; received: from ' +
            `Paid) and the head counts. ${forLanAdministrators}`,
          params: lanParams,
          response: { 200: participantListSchema, ...problems },
        },
      },
      async (request) => {
        const { participants, totals } = await listParticipants(
          deps.db,
          await requireViewer(request),
          request.params.id,
          deps.communityTimeZone,
        );
        return { participants, totals };
      },
    );

    app.get(
      '/api/lans/:id/participants.csv',
      {
        config: { signedIn: true },
        schema: {
          tags: ['organiser'],
          summary: 'The participants of a lan as CSV, for a spreadsheet',
          description:
            'The rows of GET /api/lans/{id}/participants under headers a person reads ' +
            '(Nickname, First name, Amount due (€), Paid (€), Outstanding (€), …), with times ' +
            'on the community’s clocks (yyyy-MM-dd HH:mm:ss, the zone named in the header) ' +
            'and yes or no for booleans (empty when not known). separator=comma (default) ' +
            'splits cells on `,` with a decimal point; separator=semicolon on `;` with a ' +
            'decimal comma, for a Dutch spreadsheet; any other value is a 400. RFC 4180, ' +
            'UTF-8 with a byte-order mark, as an attachment. A cell that a spreadsheet would ' +
            `run as a formula starts with an apostrophe. ${forLanAdministrators}`,
          produces: ['text/csv'],
          params: lanParams,
          querystring: participantsCsvQuerySchema,
          response: {
            200: z.string().meta({ description: 'text/csv; charset=utf-8' }),
            ...problems,
          },
        },
      },
      async (request, reply) => {
        const { lan, participants } = await listParticipants(
          deps.db,
          await requireViewer(request),
          request.params.id,
          deps.communityTimeZone,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${participantsFileName({ id: lan.id, name: lan.name })}"`,
          )
          .send(
            participantsCsv(participants, {
              separator: request.query.separator,
              timeZone: deps.communityTimeZone,
            }),
          );
      },
    );

    app.get(
      '/api/lans/:id/door-list',
      {
        config: { signedIn: true },
        schema: {
          tags: ['organiser'],
          summary: 'The tickets of a lan, for a door to check in offline',
          description:
            'Every subscription of the lan that has a ticket code, whatever its status, with ' +
            'its nickname, status, what is left to pay, seat and check-in, and its codes only ' +
            'as SHA-256 (hex) of their normalised form: a door keeps this on the phone to ' +
            'answer scans while the internet is down, then sends them with scannedAt. ' +
            forLanAdministrators,
          params: lanParams,
          response: { 200: doorListSchema, ...problems },
        },
      },
      async (request) =>
        readDoorList(
          deps.db,
          await requireViewer(request),
          request.params.id,
          deps.communityTimeZone,
          new Date(),
        ),
    );

    app.post(
      '/api/lans/:id/check-ins',
      {
        schema: {
          tags: ['organiser'],
          summary: 'Check a ticket in at the door',
          description:
            'A Paid participant’s code marks them present, recording when and by whom: 200, ' +
            'with alreadyPresent true when it had been checked in before (never an error, ' +
            'never twice; subscriber.checkedInAt and checkedInBy then tell the first ' +
            'check-in, so a forwarded ticket is noticed). An Accepted ' +
            'participant who has not paid is a 409 carrying nickname, subscriberId and ' +
            'amountDue, unless paid is true: then they become Paid and present in one step. ' +
            'Nothing due (a free lan): in as Paid at once. ' +
            'A Pending, Denied or another lan’s ticket is a 409, an unknown code a 404. The ' +
            'code is the ticket’s long code or its short one (8 characters, looked up in this ' +
            'lan), read leniently (any case, spaces and dashes, a scanned ticket URL). Short ' +
            'codes that find no ticket are limited per administrator (30 in 10 minutes; 429 ' +
            'with Retry-After); one that finds its ticket does not count. ' +
            forLanAdministrators,
          params: lanParams,
          body: checkInInputSchema,
          response: {
            200: checkInResultSchema,
            ...problems,
            404: checkInProblemSchema,
            409: checkInProblemSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request) =>
        checkIn(deps, await requireViewer(request), request.params.id, request.body),
    );

    app.post(
      '/api/lans/:id/messages',
      {
        schema: {
          tags: ['organiser'],
          summary: 'Send a message to the participants of a lan',
          description:
            'By e-mail to each subscriber of the given statuses with a verified address (once ' +
            'each, through the outbox), and to the community’s chat when chat is true (409 ' +
            'when no chat is connected; the chat shows at most about 4,000 characters of it). unreachable names those without a verified address. ' +
            'Send an Idempotency-Key header: a retry or double click with the same key answers ' +
            'the first send again and sends nothing (409 when the key was used for another ' +
            `message). ${forLanAdministrators}`,
          params: lanParams,
          headers: z.object({ 'idempotency-key': idempotencyKeySchema }),
          body: lanMessageInputSchema,
          response: { 202: lanMessageReceiptSchema, ...problems },
        },
      },
      async (request, reply) => {
        const receipt = await sendLanMessage(
          deps,
          await requireViewer(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.code(202).send(receipt);
      },
    );

    app.get(
      '/api/lans/:id/messages',
      {
        config: { signedIn: true },
        schema: {
          tags: ['organiser'],
          summary: 'The messages sent to the participants of a lan, newest first',
          description: forLanAdministrators,
          params: lanParams,
          querystring: pagedQuerySchema,
          response: { 200: paged(lanMessageSchema), ...problems },
        },
      },
      async (request) =>
        listLanMessages(deps.db, await requireViewer(request), request.params.id, request.query),
    );
  };
