import {
  idParamSchema,
  lanPaymentDetailsInputSchema,
  lanPaymentDetailsSchema,
  paymentDetailsInputSchema,
  paymentDetailsSchema,
  problemDetailsSchema,
} from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { authorizeFirst } from '../auth/authorize.ts';
import {
  getDefaultPaymentDetails,
  getLanPaymentDetails,
  setDefaultPaymentDetails,
  setLanPaymentDetails,
} from './payment-details.service.ts';

const problems = {
  400: problemDetailsSchema,
  401: problemDetailsSchema,
  403: problemDetailsSchema,
  404: problemDetailsSchema,
};
const lanParams = z.object({ id: idParamSchema });
const forLanAdministrators =
  'For lan administrators (403 otherwise). Lanners holding a place read their lan’s, their ' +
  'reference filled in, in GET /api/users/me/subscriptions (payment).';

/**
 * How lanners pay and whom they ask about money (decision 034): the defaults, and a lan's
 * own payment details. Never on the public lan: an IBAN and an address are for the people
 * who owe.
 */
export const paymentDetailsRoutes =
  (deps: { db: AppDatabase }): FastifyPluginAsyncZod =>
  async (app) => {
    // Checked before the input is validated, so strangers learn nothing about closed calls.
    const requireLanManager = authorizeFirst('paymentDetails.manage');

    app.get(
      '/api/settings/payment-details',
      {
        preValidation: requireLanManager,
        schema: {
          tags: ['settings'],
          summary: 'The default payment details',
          description: `What every lan without payment details of its own uses. ${forLanAdministrators}`,
          response: { 200: paymentDetailsSchema, ...problems },
        },
      },
      async (request) => getDefaultPaymentDetails(deps.db, await request.viewer()),
    );

    app.put(
      '/api/settings/payment-details',
      {
        preValidation: requireLanManager,
        schema: {
          tags: ['settings'],
          summary: 'Set the default payment details',
          description: `Replaces them whole; each part may be left out or blank. ${forLanAdministrators}`,
          body: paymentDetailsInputSchema,
          response: { 200: paymentDetailsSchema, ...problems },
        },
      },
      async (request) => setDefaultPaymentDetails(deps.db, await request.viewer(), request.body),
    );

    app.get(
      '/api/lans/:id/payment-details',
      {
        preValidation: requireLanManager,
        schema: {
          tags: ['settings'],
          summary: 'How a lan is paid for: its own payment details and the defaults',
          description: `An unknown lan is a 404. ${forLanAdministrators}`,
          params: lanParams,
          response: { 200: lanPaymentDetailsSchema, ...problems },
        },
      },
      async (request) => getLanPaymentDetails(deps.db, await request.viewer(), request.params.id),
    );

    app.put(
      '/api/lans/:id/payment-details',
      {
        preValidation: requireLanManager,
        schema: {
          tags: ['settings'],
          summary: 'Give a lan its own payment details, or let the defaults apply',
          description:
            'details: the lan’s own, used whole (an empty part stays empty; the defaults do ' +
            `not fill it in); null: the defaults apply. An unknown lan is a 404. ${forLanAdministrators}`,
          params: lanParams,
          body: lanPaymentDetailsInputSchema,
          response: { 200: lanPaymentDetailsSchema, ...problems },
        },
      },
      async (request) =>
        setLanPaymentDetails(
          deps.db,
          await request.viewer(),
          request.params.id,
          request.body.details,
        ),
    );
  };
