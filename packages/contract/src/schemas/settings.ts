import { z } from 'zod';
import { formatValidationMessage } from '../validation-messages.ts';
import { moneySchema } from './common.ts';
import { lanLimits } from './lans.ts';
import { boundedMoney, haveValidFields } from './rules.ts';

export const lanDefaultsSchema = z
  .object({
    lanPrice: moneySchema,
    membersLanPrice: moneySchema,
  })
  .meta({ id: 'LanDefaults', description: 'The prices a new lan starts with.' });

export type LanDefaults = z.infer<typeof lanDefaultsSchema>;

export const lanDefaultsInputSchema = z
  .object({
    lanPrice: boundedMoney('lanPrice', 0, lanLimits.maximumPrice),
    membersLanPrice: boundedMoney('membersLanPrice', 0, lanLimits.maximumPrice),
  })
  .check(
    z.superRefine<LanDefaults>(
      (defaults, context) => {
        if (defaults.membersLanPrice > defaults.lanPrice) {
          context.addIssue({
            code: 'custom',
            path: ['membersLanPrice'],
            message: formatValidationMessage(
              'lessThanNumber',
              'membersLanPrice',
              defaults.lanPrice,
            ),
          });
        }
      },
      { when: haveValidFields('lanPrice', 'membersLanPrice') },
    ),
  )
  .meta({
    id: 'LanDefaultsChanges',
    description:
      'The body of PUT /api/settings/lan-defaults: prices from 0 to 10000 euros; the members ' +
      'price may not be above the lan price.',
  });

export type LanDefaultsInput = z.infer<typeof lanDefaultsInputSchema>;

export const identitySettingsSchema = z
  .object({
    issuer: z.url({ protocol: /^https?$/ }),
    clientId: z.string().min(1),
    audience: z.string().min(1),
    scope: z.string(),
  })
  .meta({
    id: 'IdentitySettings',
    description:
      'What the browser needs to sign in with the identity provider (OpenID Connect): the ' +
      'issuer URL (its /.well-known/openid-configuration describes it), the public client id, ' +
      'the audience the API expects in tokens, and the space-separated scopes to ask for.',
  });

export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

export const calendarFeedSchema = z
  .object({
    url: z.url().meta({
      description: 'The feed itself (text/calendar), on the site’s public address.',
      examples: ['https://lan.example.org/api/lans.ics'],
    }),
    subscriptionUrl: z.string().meta({
      description:
        'The same feed as a webcal:// address: opening it asks the visitor’s calendar app ' +
        'to subscribe, so new and changed lans appear there by themselves.',
      examples: ['webcal://lan.example.org/api/lans.ics'],
    }),
  })
  .meta({
    description:
      'Where calendar apps subscribe to every active lan, made from the site’s public address ' +
      '(PUBLIC_URL), never from the address a request came in on.',
  });

export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
