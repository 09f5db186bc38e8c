import { z } from 'zod';
import { seatKey, seatKinds, seatLimits } from '../rules/seat-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';
import { dateTimeSchema, idSchema } from './common.ts';
import { boundedInteger, requiredDateTime, requiredText } from './rules.ts';

/*
 * Seat plans (issue 34): GET /api/lans/{id}/seating answers { plan, seats, blocks }, and
 * PUT takes the same shape back.
 */

export const seatKindSchema = z.enum(seatKinds).meta({
  id: 'SeatKind',
  description:
    '`standard`; `accessible` (reachable without steps, room for a wheelchair); `crew` (for ' +
    'lan administrators); `blocked` (nobody sits there: a pillar, a gangway).',
});

export const seatOccupantSchema = z
  .object({
    userId: idSchema,
    nickname: z.string(),
    clanId: idSchema.nullable(),
    clanTag: z.string().nullable(),
    clanColour: z.string().nullable(),
  })
  .meta({ id: 'SeatOccupant', description: 'Who sits on a seat: no personal fields.' });

export type SeatOccupant = z.infer<typeof seatOccupantSchema>;

export const seatSchema = z
  .object({
    id: idSchema,
    label: z.string(),
    x: z.number().int(),
    y: z.number().int(),
    kind: seatKindSchema,
    blockId: idSchema.nullable(),
    occupant: seatOccupantSchema.nullable(),
  })
  .meta({ id: 'Seat', description: 'A seat: its label (unique in the lan), grid cell and kind.' });

export type Seat = z.infer<typeof seatSchema>;

export const seatBlockSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    clanId: idSchema
      .nullable()
      .meta({ description: 'The clan the block is kept for; null: none.' }),
  })
  .meta({ id: 'SeatBlock', description: 'A row or table of seats.' });

export type SeatBlock = z.infer<typeof seatBlockSchema>;

export const seatPlanSchema = z
  .object({
    opensAt: dateTimeSchema.nullable(),
    locksAt: dateTimeSchema.nullable(),
    published: z.boolean(),
    width: z.number().int(),
    height: z.number().int(),
    hallVersion: z
      .string()
      .nullable()
      .meta({
        description:
          'The version of the picture of the hall the plan is drawn over (PUT ' +
          '/api/assets/hall-{lanId}); null: none. Shown stretched over the grid, as ' +
          '/api/assets/hall-{lanId}?v={hallVersion}&w={720|1120|1600|2400}.',
      }),
    modificationDate: dateTimeSchema,
  })
  .meta({
    id: 'SeatPlan',
    description:
      'opensAt: picks before it are refused (null: open once published); locksAt: after it ' +
      'only lan administrators seat people (null: never). A draft until published.',
  });

const seatingVersionSchema = z
  .number()
  .int()
  .min(0)
  .meta({
    description:
      'The map as of this version: GET /api/lans/{id}/seating/changes?since={version} ' +
      'answers what changed after it.',
  });

export const seatingSchema = z
  .object({
    plan: seatPlanSchema,
    seats: z.array(seatSchema),
    blocks: z.array(seatBlockSchema),
    people: z.array(seatOccupantSchema).meta({
      description:
        'The lan’s participants (Accepted or Paid), each as a seat shows its occupant: the ' +
        'people who may sit here, so an open map names whoever a `seat` event seats ' +
        '(its occupantId) without asking, and "Find a lanner" knows who has no seat yet.',
    }),
    version: seatingVersionSchema,
  })
  .meta({ id: 'Seating', description: 'A lan’s seat plan, its seats (by label) and blocks.' });

export type Seating = z.infer<typeof seatingSchema>;

const notAVersion = 'since must be a version: the version of the map you hold';

export const seatChangesQuerySchema = z.object({
  since: z
    .string({ error: notAVersion })
    .regex(/^\d{1,15}$/, { error: notAVersion })
    .transform(Number)
    .meta({ description: 'The `version` of the map held.' }),
});

export const seatChangesSchema = z
  .object({
    version: seatingVersionSchema,
    planChanged: z.boolean().meta({
      description:
        'The plan was saved after `since` (seats made, moved or removed): read the whole ' +
        'map again (GET /api/lans/{id}/seating); `seats` is then empty.',
    }),
    seats: z.array(seatSchema).meta({
      description: 'The seats whose occupant changed after `since`, as they are now.',
    }),
  })
  .meta({
    id: 'SeatChanges',
    description:
      'What changed on a seat map since a version: an open map applies these seats to the ' +
      'map it holds and keeps the new version.',
  });

export type SeatChanges = z.infer<typeof seatChangesSchema>;

const gridPosition = (fieldName: string) => boundedInteger(fieldName, 0, seatLimits.maxGrid - 1);
const gridSize = (fieldName: string) => boundedInteger(fieldName, 1, seatLimits.maxGrid);

/** A block in a plan being saved: `id` of a block kept, or a negative number for a new one. */
const seatBlockInputSchema = z.object({
  id: z
    .number()
    .int()
    .refine((id) => id !== 0, 'Block id must not be 0'),
  name: requiredText('name', seatLimits.blockNameMaxLength),
  clanId: idSchema.nullable().default(null),
});

const seatInputSchema = z.object({
  id: idSchema.optional(),
  label: requiredText('label', seatLimits.labelMaxLength).regex(/^[^\s\p{Cc}]+$/u, {
    error: 'Label cannot contain spaces',
  }),
  x: gridPosition('x'),
  y: gridPosition('y'),
  kind: seatKindSchema.default('standard'),
  blockId: z.number().int().nullable().default(null),
});

export type SeatInput = z.infer<typeof seatInputSchema>;

/** Duplicates in a list by a key: each value met a second time. */
function repeated<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

export const seatingInputSchema = z
  .object({
    plan: z.object({
      opensAt: requiredDateTime('opensAt').nullable().default(null),
      locksAt: requiredDateTime('locksAt').nullable().default(null),
      published: z.boolean().default(false),
      width: gridSize('width'),
      height: gridSize('height'),
    }),
    seats: z
      .array(seatInputSchema)
      .max(seatLimits.maxSeats, `A plan has at most ${seatLimits.maxSeats} seats`),
    blocks: z.array(seatBlockInputSchema).max(seatLimits.maxSeats).default([]),
  })
  .superRefine((input, context) => {
    const { plan, seats, blocks } = input;
    if (plan.opensAt && plan.locksAt && Date.parse(plan.locksAt) <= Date.parse(plan.opensAt))
      context.addIssue({
        code: 'custom',
        path: ['plan', 'locksAt'],
        message: formatValidationMessage('greaterThanDate', 'locksAt', 'opensAt'),
      });
    for (const seat of repeated(seats, (each) => seatKey(each.label)))
      context.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `Two seats are labelled ${seat.label}: each label names one seat`,
      });
    for (const seat of repeated(seats, (each) => `${each.x},${each.y}`))
      context.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `Seat ${seat.label} stands where another seat stands (${seat.x}, ${seat.y})`,
      });
    for (const seat of seats.filter((each) => each.x >= plan.width || each.y >= plan.height))
      context.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `Seat ${seat.label} stands outside the plan of ${plan.width} × ${plan.height}`,
      });
    for (const seat of repeated(
      seats.filter((each) => each.id !== undefined),
      (each) => String(each.id),
    ))
      context.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `Seat ${seat.id} is sent twice`,
      });
    for (const block of repeated(blocks, (each) => seatKey(each.name)))
      context.addIssue({
        code: 'custom',
        path: ['blocks'],
        message: `Two blocks are named ${block.name}: each name names one block`,
      });
    const blockIds = new Set(blocks.map((block) => block.id));
    for (const seat of seats.filter((each) => each.blockId !== null && !blockIds.has(each.blockId)))
      context.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `Seat ${seat.label} is in block ${seat.blockId}, which is not in the plan`,
      });
  })
  .meta({
    id: 'SeatingChanges',
    description:
      'The whole plan, in the shape GET answers: a seat without an `id` is new (its label ' +
      'names it), a seat left out is removed; a block with a negative `id` is new, and seats ' +
      'name it by that id. A seat someone holds cannot be removed or blocked (409 naming ' +
      'them): move them first.',
  });

export type SeatingInput = z.infer<typeof seatingInputSchema>;

export const seatOccupantInputSchema = z
  .object({ userId: idSchema })
  .meta({ id: 'SeatOccupantChange', description: 'Who is to sit on the seat.' });

const clanSeatingFields = {
  clanId: idSchema,
  everyone: z
    .boolean()
    .default(false)
    .meta({
      description:
        'false: the clan’s participants without a seat, beside those seated when there is room; ' +
        'true: all of them, those seated moved too where it takes that.',
    }),
};

export const clanSeatingQuestionSchema = z.object(clanSeatingFields).meta({
  id: 'ClanSeatingQuestion',
  description: 'Whom to seat together: the plan answers who would move where.',
});

export const clanSeatMoveSchema = z
  .object({
    userId: idSchema,
    nickname: z.string(),
    from: z.string().nullable().meta({ description: 'Their seat now; null: they have none.' }),
    to: z.string().meta({ description: 'The seat they would sit on.' }),
    seatId: idSchema.meta({ description: 'The id of the seat they would sit on.' }),
  })
  .meta({ id: 'ClanSeatMove', description: 'Someone of the clan who would move.' });

export type ClanSeatMove = z.infer<typeof clanSeatMoveSchema>;

export const clanSeatingPlanSchema = z
  .object({
    clanId: idSchema,
    everyone: z.boolean(),
    where: z.string().meta({ description: 'The row or table: “Row B”, “the row at line 3”.' }),
    isTogether: z.boolean().meta({
      description: 'Everyone of the clan sits side by side already: nobody moves.',
    }),
    moves: z.array(clanSeatMoveSchema),
  })
  .meta({
    id: 'ClanSeatingPlan',
    description:
      'Who of the clan would move where to sit together; nothing moves until the same moves ' +
      'are sent to POST …/seating/clan-blocks.',
  });

export type ClanSeatingPlan = z.infer<typeof clanSeatingPlanSchema>;

export const clanBlockInputSchema = z
  .object({
    ...clanSeatingFields,
    moves: z
      .array(z.object({ userId: idSchema, seatId: idSchema }))
      .min(1)
      .max(seatLimits.maxSeats)
      .meta({
        description:
          'The moves of the plan the asker confirmed; when the plan is another by now, 409 ' +
          'and nobody moves.',
      }),
  })
  .meta({ id: 'ClanSeatingRequest', description: 'Seat a clan together, as planned.' });

export type ClanSeatingRequest = z.input<typeof clanBlockInputSchema>;

const swapSideSchema = z.object({
  userId: idSchema,
  nickname: z.string(),
  seat: z.string().nullable().meta({ description: 'Their seat now; null: they have none.' }),
});

export const seatSwapSchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    from: swapSideSchema,
    to: swapSideSchema,
    creationDate: dateTimeSchema,
  })
  .meta({
    id: 'SeatSwap',
    description:
      'A seated participant (from) asks another (to) to swap seats; when `to` accepts, both ' +
      'move in one step.',
  });

export type SeatSwap = z.infer<typeof seatSwapSchema>;

export const seatSwapInputSchema = z
  .object({ userId: idSchema })
  .meta({ id: 'SeatSwapRequest', description: 'Whom to ask to swap seats with.' });
