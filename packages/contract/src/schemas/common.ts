import { z } from 'zod';
import { parseCalVer } from '../calver.ts';
import { centsFromEuros, eurosFromCents } from '../rules/money.ts';
import { isValidDuration, parseTimeSpan } from '../time-span.ts';

// Ids are database integers; capping at the int4 maximum turns an absurd id into a 400
// instead of a database error.
const MAX_ID = 2_147_483_647;

/** An entity id: a positive integer. */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/**
 * A whole number as it arrives in a path or query string: plain decimal digits only, so
 * `+1`, `0x1F`, `1.0`, `1e3` or ` 1` are not read as numbers (Number() would take them).
 */
export function wholeNumberParam(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'Must be a whole number written in plain digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** An entity id as it arrives in a path or query string: a plain positive decimal integer. */
export const idParamSchema = wholeNumberParam(1, MAX_ID);

/** The years a date may have: any real lan or birth date; beyond them a database may fail. */
export const supportedYears = { first: 1900, last: 2199 } as const;

/** True when an ISO-8601 date or date-time (already valid) falls in `supportedYears`. */
export function isInSupportedYears(isoText: string): boolean {
  const year = Number(isoText.slice(0, 4));
  return year >= supportedYears.first && year <= supportedYears.last;
}

export const unsupportedYearMessage = `Must be between the years ${supportedYears.first} and ${supportedYears.last}`;

/** The year check of a date schema: asked only of a date that is otherwise valid. */
export function supportedYearsCheck(message = unsupportedYearMessage) {
  return {
    error: message,
    when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
  };
}

/** A moment: ISO-8601 date and time that carries its UTC offset (`Z` or `+01:00`). */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(isInSupportedYears, supportedYearsCheck())
  .meta({
    description: 'ISO-8601 date and time with a UTC offset.',
    examples: ['2025-03-14T18:00:00+01:00'],
  });

/** A calendar day, `yyyy-MM-dd`: birth dates and play days. */
export const dateSchema = z.iso
  .date()
  .refine(isInSupportedYears, supportedYearsCheck())
  .meta({
    description: 'A calendar day, yyyy-MM-dd.',
    examples: ['1990-05-17'],
  });

/** A month, written as the date of its first day, `yyyy-MM-01`. */
export const monthDateSchema = z.iso
  .date()
  .refine((date) => date.endsWith('-01'), 'Must be the first day of a month')
  .meta({
    description: 'A month, as the date of its first day (yyyy-MM-01).',
    examples: ['2025-02-01'],
  });

/**
 * True when an amount of euros has no fraction of a cent. Here with the schemas, not in the
 * money module, so the first screen (which formats money, never checks it) does not carry it.
 */
export function hasWholeCents(euros: number): boolean {
  return eurosFromCents(centsFromEuros(euros)) === euros;
}

/** Money: a non-negative decimal number of euros with at most two decimals (stored as cents). */
export const moneySchema = z
  .number()
  .min(0)
  .refine(hasWholeCents, 'Must have at most 2 decimals')
  .meta({ description: 'An amount in euros, at most 2 decimals.', examples: [27.5] });

/** A playtime as time-span text `[-][d.]hh:mm:ss[.fffffff]`; read it with parseTimeSpan. */
export const timeSpanSchema = z
  .string()
  .refine((text) => isValidDuration(parseTimeSpan(text, ignoreError)), {
    message: 'Must be a time span [-][d.]hh:mm:ss[.fffffff]',
  })
  .meta({
    id: 'TimeSpan',
    description:
      'A duration as .NET TimeSpan text [-][d.]hh:mm:ss[.fffffff]: days only from one day up, ' +
      'the 7-digit fraction only when not zero.',
    examples: ['1.02:03:04.5000000', '00:05:00'],
  });

/**
 * The version of an uploaded image (an avatar, a banner): changes with every upload, null
 * when there is none. It goes in the image's address (`?v=`), so a new one is fetched at once.
 */
export const assetVersionSchema = z.string().min(1).nullable();

/** Paging of a list, from the query string: `offset` from 0 (default 0), `limit` 1–100 (default 20). */
/** A list in a query string: `1,2,3` or `?ids=1&ids=2` are both a list. */
export function listParameter<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => String(part).split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    z.array(item),
  );
}

export const pagedQuerySchema = z.object({
  offset: wholeNumberParam(0, MAX_ID).default(0),
  limit: wholeNumberParam(1, 100).default(20),
});

export type PagedQuery = z.infer<typeof pagedQuerySchema>;

function pagedSchemaOf<Item extends z.ZodType>(itemSchema: Item) {
  return z.object({
    items: z.array(itemSchema),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(100),
    total: z.number().int().min(0),
  });
}

// One page schema per item schema: a zod schema compiles its checks on its first use, so a
// page schema made anew for every answer (a route's handler) paid that compiling each time.
const pagedSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** One page of a list: the items from `offset`, at most `limit`, out of `total`. */
export function paged<Item extends z.ZodType>(
  itemSchema: Item,
): ReturnType<typeof pagedSchemaOf<Item>> {
  let schema = pagedSchemas.get(itemSchema);
  if (!schema) {
    schema = pagedSchemaOf(itemSchema);
    pagedSchemas.set(itemSchema, schema);
  }
  return schema as ReturnType<typeof pagedSchemaOf<Item>>;
}

export type Paged<Item> = { items: Item[]; offset: number; limit: number; total: number };

/** An error answer (RFC 9457); `errors` holds the messages per field of a 400. */
export const problemDetailsSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: 'ProblemDetails',
    description: 'An error (RFC 9457). On a 400, `errors` maps each invalid field to its messages.',
  });

export type ProblemDetails = z.infer<typeof problemDetailsSchema>;

/** The answer of the health check. */
export const healthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string().refine(isCalVer, 'Must be a calendar version'),
  })
  .meta({ id: 'Health', description: 'The server and its database are up; the running version.' });

export type Health = z.infer<typeof healthSchema>;

function isCalVer(text: string): boolean {
  try {
    parseCalVer(text);
    return true;
  } catch {
    return false;
  }
}

function ignoreError(): void {}
