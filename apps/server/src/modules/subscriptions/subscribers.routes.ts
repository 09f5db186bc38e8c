import {
  idParamSchema,
  ownSubscriptionSchema,
  paged,
  pagedQuerySchema,
  problemDetailsSchema,
  subscribeInputSchema,
  subscriberSchema,
  subscriberStatusChangeSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type JsonBytes,
  type KeptReads,
  keyOfRead,
  sendJson,
  toJson,
} from '../../http/kept-answers.ts';
import { ProblemError } from '../../http/problems.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { authorizeFirst } from '../auth/authorize.ts';
import {
  listOwnSubscriptions,
  type SubscribersDeps,
  setSubscriberPresence,
  setSubscriberStatus,
  subscribe,
  withdraw,
} from './subscribers.service.ts';

/** What a read of a lan's or one's own subscribers may answer: it refuses nobody with a 403. */
const readProblems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  404: problemDetailsSchema,
};
const problems = { ...readProblems, 403: problemDetailsSchema, 409: problemDetailsSchema };

/** `status:accepted` or `present:true`: the last path segment of the admin calls. */
const subscriberActionSchema = z
  .enum([
    'status:pending',
    'status:accepted',
    'status:paid',
    'status:denied',
    'present:true',
    'present:false',
  ])
  .transform((action) => {
    const [kind, value] = action.split(':') as [string, string];
    if (kind === 'present') return { kind: 'present' as const, isPresent: value === 'true' };
    const status = `${value[0]?.toUpperCase()}${value.slice(1)}` as
      | 'Pending'
      | 'Accepted'
      | 'Paid'
      | 'Denied';
    return { kind: 'status' as const, status };
  });

// Checked before the input is validated, so strangers learn nothing about closed calls.
const onlySubscriberManagers = authorizeFirst('subscribers.manage');

const ownSubscriptionsPage = paged(ownSubscriptionSchema);

export type SubscribersRoutesDeps = SubscribersDeps & {
  /**
   * Where one's own subscriptions are kept: the lans' reads (the lans, subscribers and
   * users they show, until a lan ends), also until seats change (each shows its seat).
   */
  ownSubscriptions: KeptReads<{ json: JsonBytes; isInactive: boolean }>;
};

export const subscribersRoutes =
  (deps: SubscribersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users/me/subscriptions',
      {
        config: { signedIn: true },
        schema: {
          tags: ['subscribers'],
          summary: 'The signed-in user’s subscriptions, newest lan first',
          description:
            'Subscriptions to inactive lans are left out (except for lan administrators). Each ' +
            'carries the check-in code of its ticket while Accepted or Paid.',
          querystring: pagedQuerySchema,
          response: { 200: ownSubscriptionsPage, ...readProblems },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        // Kept per viewer (their roles decide which lans show) and validated query.
        const kept = await deps.ownSubscriptions.read(
          keyOfRead(request, viewer.user.id),
          async () => ({
            json: toJson(
              ownSubscriptionsPage,
              await listOwnSubscriptions(deps, viewer, request.query),
            ),
            isInactive: false,
          }),
          request,
        );
        return sendJson(reply, kept.json);
      },
    );

    app.post(
      '/api/subscribers',
      {
        preValidation: async (request) => {
          await requireViewer(request);
        },
        schema: {
          tags: ['subscribers'],
          summary: 'Subscribe to a lan (Pending), or join a full lan’s waitlist',
          description:
            'Lanners subscribe themselves; lan administrators anyone. 409 when the lan is not ' +
            'active, closed (its end date passed), full (unless waitlist is true: then the ' +
            'subscription joins the waitlist), or the user is already subscribed. While a lan ' +
            'is full its Pending subscriptions are its waitlist; when a place frees the first ' +
            'moves up to Accepted.',
          body: subscribeInputSchema,
          response: { 201: subscriberSchema, ...problems },
        },
      },
      async (request, reply) => {
        const subscriber = await subscribe(deps, await requireViewer(request), request.body);
        return reply.code(201).send(subscriber);
      },
    );

    app.delete(
      '/api/subscribers/:id',
      {
        schema: {
          tags: ['subscribers'],
          summary: 'Withdraw a subscription',
          description:
            'The owner withdraws while Pending or Accepted (409 otherwise); lan administrators ' +
            'withdraw any subscription. A place freed on a full lan goes to the first on its ' +
            'waitlist.',
          params: z.object({ id: idParamSchema }),
          response: { 204: z.undefined(), ...problems },
        },
        preValidation: async (request) => {
          await requireViewer(request);
        },
      },
      async (request, reply) => {
        await withdraw(deps, await requireViewer(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/subscribers/:id/:action',
      {
        preValidation: onlySubscriberManagers,
        schema: {
          tags: ['subscribers'],
          summary: 'Set a subscriber’s status or presence (lan administrators)',
          description:
            'The last segment is status:pending|accepted|paid|denied or present:true|false, with an ' +
            'empty body. Accepted or Paid is refused (409) when the lan is full; presence only on ' +
            'Paid subscribers (409); leaving Paid forgets the presence. Taking a place fixes what ' +
            'the subscriber owes; a place left on a full lan goes to the first on its waitlist. ' +
            'A status change mails the lanner (a verified address) a minute later: Accepted what ' +
            'they owe and how to pay, Paid a receipt, Denied that and the reason, Pending that ' +
            'it is pending again; a change made back within the minute mails nothing, and of ' +
            'changes within a minute only the last is told. status:denied may carry a body ' +
            '{ "reason": "…" } (plain text, at most 500 characters) for that mail; a reason ' +
            'with any other change is a 400.',
          params: z.object({ id: idParamSchema, action: subscriberActionSchema }),
          body: subscriberStatusChangeSchema.nullish(),
          response: { 200: subscriberSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        const { id, action } = request.params;
        const reason = request.body?.reason ?? null;
        if (action.kind === 'status')
          return setSubscriberStatus(deps, viewer, id, action.status, { reason });
        if (reason) {
          throw new ProblemError(400, 'A reason is given only when denying.', {
            errors: { reason: ['A reason is given only with status:denied'] },
          });
        }
        return setSubscriberPresence(deps, viewer, id, action.isPresent);
      },
    );
  };
