import { z } from 'zod';
import { formatValidationMessage } from '../validation-messages.ts';
import {
  assetVersionSchema,
  dateSchema,
  dateTimeSchema,
  idSchema,
  moneySchema,
  pagedQuerySchema,
} from './common.ts';
import {
  boundedInteger,
  boundedMoney,
  haveValidFields,
  limitedText,
  requiredDateTime,
  requiredText,
} from './rules.ts';
import { subscriberSchema } from './subscribers.ts';

/** Limits of the lan form; the specification leaves them open. */
export const lanLimits = {
  nameMaxLength: 100,
  descriptionMaxLength: 4000,
  maximumSubcribers: 1000,
  maximumPrice: 10_000,
  locationNameMaxLength: 100,
  locationAddressMaxLength: 300,
} as const;

export const lanSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    startDate: dateTimeSchema,
    endDate: dateTimeSchema,
    isActive: z.boolean(),
    maximumSubcribers: z.number().int().min(0),
    price: moneySchema,
    membersPrice: moneySchema,
    creationDate: dateTimeSchema,
    modificationDate: dateTimeSchema,
    subscribers: z.array(subscriberSchema),
    locationInvoiceNumber: z.string().nullable(),
    locationIsPayed: z.boolean(),
    location: z
      .object({ name: z.string(), address: z.string() })
      .nullable()
      .meta({
        description:
          'Where the lan is held: the venue’s name and its address (the one whose invoice ' +
          'locationInvoiceNumber is). null while the organiser has not given it.',
        examples: [{ name: 'Community hall De Brug', address: 'Kerkstraat 12, 3511 LK Utrecht' }],
      }),
    bannerVersion: assetVersionSchema.meta({
      description:
        'The version of the lan’s banner, new with every upload; null when there is none ' +
        '(show the placeholder: GET /api/assets/lan-{id} would answer 404). Ask for it as ' +
        '/api/assets/lan-{id}?v={bannerVersion}&w={400|720|1120|1600}: an address with the ' +
        'current version is kept by browsers for a year.',
      examples: ['Tn5wGk8sYd2LxQ0vRb7mHc3JfZa', null],
    }),
  })
  .meta({
    id: 'Lan',
    description:
      'A lan party. It is open while its end date is not in the past, and full when its ' +
      'Accepted plus Paid subscribers reach maximumSubcribers (spelt so). subscribers holds ' +
      'every subscriber, Denied ones too, ordered Paid, Accepted, Pending, Denied, then by ' +
      'nickname. startDate and endDate carry the offset of the community time zone, so ' +
      'their text is the date and time the organiser set. Only active lans are shown to ' +
      'non-administrators.',
  });

export type Lan = z.infer<typeof lanSchema>;

/**
 * A lan as a card of the archive shows it (spec: "the archive variant shows dates only"):
 * GET /api/lans?view=headline. The whole lan holds every subscriber, about 8 KB a lan at ten
 * times the demo: the archive's hundred cards were 812 KB of which they showed none.
 */
export const lanHeadlineSchema = lanSchema
  .pick({
    id: true,
    name: true,
    startDate: true,
    endDate: true,
    isActive: true,
    bannerVersion: true,
  })
  .meta({
    id: 'LanHeadline',
    description: 'A lan’s name, dates and banner, as an archive card shows it (view=headline).',
  });

export type LanHeadline = z.infer<typeof lanHeadlineSchema>;

/** Where a lan is held; its name and address are given together or not at all. */
export type LanLocation = NonNullable<Lan['location']>;

/**
 * A location as clients send it: both parts, each trimmed and not blank, so a location is
 * never half given. Its messages name `location.name` and `location.address`.
 */
const lanLocationInput = z
  .object({
    name: requiredText('location.name', lanLimits.locationNameMaxLength),
    address: requiredText('location.address', lanLimits.locationAddressMaxLength),
  })
  .nullable()
  .meta({
    description:
      `The venue’s name (at most ${lanLimits.locationNameMaxLength} characters) and its ` +
      `address (at most ${lanLimits.locationAddressMaxLength}), both required and trimmed; ` +
      'null for none.',
  });

const lanInputFields = {
  name: requiredText('name', lanLimits.nameMaxLength),
  description: limitedText('description', lanLimits.descriptionMaxLength).default(''),
  startDate: requiredDateTime('startDate'),
  endDate: requiredDateTime('endDate'),
  isActive: z.boolean().default(false),
  maximumSubcribers: boundedInteger('maximumSubcribers', 0, lanLimits.maximumSubcribers),
  price: boundedMoney('price', 0, lanLimits.maximumPrice),
  membersPrice: boundedMoney('membersPrice', 0, lanLimits.maximumPrice),
  location: lanLocationInput.default(null),
};

type LanDates = { startDate: string; endDate: string };
type LanPrices = { price: number; membersPrice: number };

const endsAfterStart = z.superRefine<LanDates>(
  (lan, context) => {
    if (Date.parse(lan.endDate) <= Date.parse(lan.startDate)) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: formatValidationMessage('greaterThanDate', 'endDate', 'startDate'),
      });
    }
  },
  { when: haveValidFields('startDate', 'endDate') },
);

// Members pay less, never more; the same price for both is allowed.
const membersPriceNotAbovePrice = z.superRefine<LanPrices>(
  (lan, context) => {
    if (lan.membersPrice > lan.price) {
      context.addIssue({
        code: 'custom',
        path: ['membersPrice'],
        message: formatValidationMessage('lessThanNumber', 'membersPrice', lan.price),
      });
    }
  },
  { when: haveValidFields('price', 'membersPrice') },
);

export const lanInputSchema = z
  .object(lanInputFields)
  .check(endsAfterStart, membersPriceNotAbovePrice)
  .meta({
    id: 'NewLan',
    description:
      'The body of POST /api/lans. The end date must be after the start date; the members ' +
      'price may not be above the price. description defaults to empty, isActive to false, ' +
      'location to none (null).',
  });

export type LanInput = z.infer<typeof lanInputSchema>;

export const lanUpdateSchema = z
  .object({
    ...lanInputFields,
    id: idSchema,
    locationInvoiceNumber: limitedText('locationInvoiceNumber', 100).nullable().default(null),
    locationIsPayed: z.boolean().default(false),
    // Missing keeps the lan's location: a client written before it existed loses nothing.
    location: lanLocationInput.optional(),
  })
  .check(endsAfterStart, membersPriceNotAbovePrice)
  .meta({
    id: 'LanUpdate',
    description:
      'The body of PUT /api/lans/{id}: the fields of LanInput with the same rules, plus the ' +
      'id (which must match the path) and the invoice of the location. A missing location ' +
      'leaves the lan’s location as it is; null clears it; an object sets it.',
  });

export type LanUpdate = z.infer<typeof lanUpdateSchema>;

/** A moment, or a calendar day (read as its start in the community's time zone). */
const dateOrDateTimeSchema = z.union([dateTimeSchema, dateSchema]);

/**
 * The query of GET /api/lans. sinceDate keeps lans whose END is on or after it (a running
 * lan is still upcoming); untilDate keeps lans that ENDED before it. include=all adds
 * inactive lans (lan administrators only).
 */
export const lanListQuerySchema = pagedQuerySchema.extend({
  sinceDate: dateOrDateTimeSchema.optional(),
  untilDate: dateOrDateTimeSchema.optional(),
  sort: z.enum(['start-date', '-start-date']).default('start-date'),
  include: z.enum(['active', 'all']).default('active'),
  view: z
    .enum(['full', 'headline'])
    .default('full')
    .meta({
      description:
        'full (default): each lan whole, with its subscribers; headline: its id, name, dates, ' +
        'isActive and bannerVersion only (LanHeadline), what an archive card shows.',
    }),
});

export type LanListQuery = z.infer<typeof lanListQuerySchema>;

/** What the admin form starts a new lan with (GET /api/lans/defaults). */
export const lanDraftSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    startDate: dateTimeSchema,
    endDate: dateTimeSchema,
    isActive: z.boolean(),
    maximumSubcribers: z.number().int().min(0),
    price: moneySchema,
    membersPrice: moneySchema,
    timeZone: z
      .string()
      .min(1)
      .meta({
        description:
          'The community time zone (TZ_COMMUNITY, an IANA name): the admin form reads and ' +
          'writes a lan’s start and end on its clocks, whatever zone the browser is in.',
        examples: ['Europe/Amsterdam'],
      }),
  })
  .meta({
    id: 'LanDraft',
    description:
      'A new lan as the admin form starts it: the next Friday 18:00 to the following Sunday ' +
      '18:00 in the community time zone, inactive, 24 places (a usual hall; at 0 it would be ' +
      'full at once), prices from the lan defaults, and the community time zone itself.',
  });

export type LanDraft = z.infer<typeof lanDraftSchema>;
