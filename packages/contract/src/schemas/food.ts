import { z } from 'zod';
import { foodLimits, foodRoundStates } from '../rules/food-rules.ts';
import { formatValidationMessage } from '../validation-messages.ts';
import { dateTimeSchema, idSchema, moneySchema } from './common.ts';
import { boundedMoney, limitedText, requiredDateTime, requiredText } from './rules.ts';

/*
 * Food rounds (issue 54): lan administrators open a round (a supplier, a menu, a deadline);
 * the lan's participants order from it until the deadline by the server's clock; the
 * organiser reads the totals for the call and who pays what, and tells the orderers when the
 * food is here. Prices in euros, as everywhere in the API.
 */

const maximumPrice = foodLimits.maximumPrice;

export const foodChoiceInputSchema = z
  .object({
    id: idSchema
      .optional()
      .meta({ description: 'An existing choice to keep (PUT); none: a new one.' }),
    name: requiredText('name', foodLimits.choiceNameMaxLength),
    price: boundedMoney('price', 0, maximumPrice).default(0),
  })
  .meta({ id: 'FoodChoiceRequest', description: 'A choice of an item: a size, an extra topping.' });

export const foodItemInputSchema = z
  .object({
    id: idSchema
      .optional()
      .meta({ description: 'An existing item to keep (PUT); none: a new one.' }),
    name: requiredText('name', foodLimits.itemNameMaxLength),
    price: boundedMoney('price', 0, maximumPrice),
    choices: z
      .array(foodChoiceInputSchema)
      .max(foodLimits.choicesPerItem, `At most ${foodLimits.choicesPerItem} choices`)
      .default([]),
  })
  .meta({ id: 'FoodItemRequest', description: 'An item of the menu, with its choices.' });

export const foodRoundInputSchema = z
  .object({
    supplier: requiredText('supplier', foodLimits.supplierMaxLength),
    closesAt: requiredDateTime('closesAt'),
    items: z
      .array(foodItemInputSchema)
      .min(1, 'At least one item')
      .max(foodLimits.itemsPerRound, `At most ${foodLimits.itemsPerRound} items`),
    maxPerPerson: z
      .number()
      .int()
      .min(1, formatValidationMessage('greaterThanNumber', 'maxPerPerson', 1))
      .max(
        foodLimits.maximumPerPerson,
        formatValidationMessage('lessThanNumber', 'maxPerPerson', foodLimits.maximumPerPerson),
      )
      .nullable()
      .default(null),
  })
  .meta({
    id: 'FoodRoundRequest',
    description:
      'A food round: the supplier, the deadline (ISO with offset; on PUT, a deadline now or ' +
      'past closes the round now), the menu (items with their prices and choices; on PUT, ' +
      'items and choices with an id are kept, those without are new, and an item left out ' +
      'is removed unless someone ordered it), and how many items one person may order at ' +
      'most (null: no limit).',
  });

export type FoodRoundInput = z.infer<typeof foodRoundInputSchema>;

export const foodChoiceSchema = z
  .object({ id: idSchema, name: z.string(), price: moneySchema })
  .meta({ id: 'FoodChoice', description: 'A choice of an item and what it adds to its price.' });

export const foodItemSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    price: moneySchema,
    choices: z.array(foodChoiceSchema),
  })
  .meta({ id: 'FoodItem', description: 'An item of a round’s menu, with its choices.' });

export type FoodItem = z.infer<typeof foodItemSchema>;

export const foodOrderLineInputSchema = z.object({
  itemId: idSchema,
  quantity: z
    .number()
    .int()
    .min(1, formatValidationMessage('greaterThanNumber', 'quantity', 1))
    .max(
      foodLimits.maximumQuantity,
      formatValidationMessage('lessThanNumber', 'quantity', foodLimits.maximumQuantity),
    ),
  choiceIds: z.array(idSchema).max(foodLimits.choicesPerItem).default([]),
  note: limitedText('note', foodLimits.noteMaxLength).trim().default(''),
});

export const foodOrderInputSchema = z
  .object({
    lines: z
      .array(foodOrderLineInputSchema)
      .min(1, 'At least one line: to order nothing, delete the order')
      .max(foodLimits.linesPerOrder, `At most ${foodLimits.linesPerOrder} lines`),
  })
  .meta({
    id: 'FoodOrderRequest',
    description:
      'Your whole order of a round, replacing what you ordered before: each line an item, ' +
      'how many (1–20), the choices of that item and a note for the kitchen (at most 140 ' +
      'characters).',
  });

export type FoodOrderInput = z.infer<typeof foodOrderInputSchema>;

export const foodOrderLineSchema = z
  .object({
    itemId: idSchema,
    name: z.string(),
    quantity: z.number().int(),
    choices: z.array(z.object({ id: idSchema, name: z.string() })),
    note: z.string(),
    unitPrice: moneySchema.meta({ description: 'The item with its choices, for one.' }),
    amount: moneySchema.meta({ description: 'unitPrice × quantity.' }),
  })
  .meta({ id: 'FoodOrderLine', description: 'A line of an order, named and priced as ordered.' });

export const foodOrderSchema = z
  .object({
    id: idSchema,
    lines: z.array(foodOrderLineSchema),
    total: moneySchema,
    paid: z.boolean(),
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'FoodOrder', description: 'A person’s order of a round, and its total.' });

export type FoodOrder = z.infer<typeof foodOrderSchema>;

export const foodRoundSchema = z
  .object({
    id: idSchema,
    lanId: idSchema,
    supplier: z.string(),
    closesAt: dateTimeSchema,
    state: z.enum(foodRoundStates).meta({
      description: 'open until closesAt by the server’s clock, then closed; or cancelled.',
    }),
    maxPerPerson: z.number().int().nullable(),
    arrivedAt: dateTimeSchema
      .nullable()
      .meta({ description: 'When the food was said to be here.' }),
    items: z.array(foodItemSchema),
    orderCount: z.number().int().min(0),
    myOrder: foodOrderSchema.nullable().meta({
      description: 'The viewer’s own order of this round; null without one (or signed out).',
    }),
  })
  .meta({ id: 'FoodRound', description: 'A food round of a lan, with its menu.' });

export type FoodRound = z.infer<typeof foodRoundSchema>;

export const foodRoundOrderSchema = z
  .object({
    orderId: idSchema,
    userId: idSchema.nullable(),
    nickname: z.string(),
    seat: z.string().nullable(),
    lines: z.array(foodOrderLineSchema),
    total: moneySchema,
    paid: z.boolean(),
  })
  .meta({ id: 'FoodRoundOrder', description: 'One person’s order, for the organiser.' });

export const foodRoundOrdersSchema = z
  .object({
    orders: z.array(foodRoundOrderSchema),
    totals: z.object({
      items: z.array(
        z.object({
          itemId: idSchema,
          name: z.string(),
          choices: z.array(z.string()),
          quantity: z.number().int(),
          amount: moneySchema,
        }),
      ),
      amount: moneySchema,
      paid: moneySchema,
      outstanding: moneySchema,
    }),
  })
  .meta({
    id: 'FoodRoundOrders',
    description:
      'Every order of a round and what to tell the supplier: each item with the same choices ' +
      'counted together, the whole amount, what was paid and what is still to pay.',
  });

export type FoodRoundOrders = z.infer<typeof foodRoundOrdersSchema>;

export const foodOrderPaidInputSchema = z.object({ paid: z.boolean() }).meta({
  id: 'FoodOrderPaidRequest',
  description: 'The body of PUT /api/food-rounds/{roundId}/orders/{orderId}/paid.',
});

export const foodArrivedInputSchema = z
  .object({
    toChat: z
      .boolean()
      .default(false)
      .meta({ description: 'Whether the community’s chat hears it too.' }),
  })
  .meta({
    id: 'FoodArrivedRequest',
    description: 'The body of POST /api/food-rounds/{roundId}/arrived (optional).',
  });
