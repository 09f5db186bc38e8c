import { scheduleItemInputSchema, scheduleItemSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lanItemRoutes } from '../lans/lan-item-routes.ts';
import {
  addScheduleItem,
  changeScheduleItem,
  readSchedule,
  removeScheduleItem,
  type ScheduleDeps,
} from './schedule.service.ts';

const forAdministrators =
  'For lan administrators. The item must lie within the lan: it starts at or after the ' +
  'lan’s start and before its end, and ends (if it has an end) no later than the lan and ' +
  'not before it starts (400 naming the field otherwise). Open pages hear of it (a ' +
  '`schedule` event).';

/** A lan's schedule (issue 35): anyone who may see the lan reads it; lan administrators keep it. */
export const scheduleRoutes = (deps: ScheduleDeps): FastifyPluginAsyncZod =>
  lanItemRoutes({
    path: 'schedule',
    tag: 'schedule',
    itemParam: 'itemId',
    itemSchema: scheduleItemSchema,
    inputSchema: scheduleItemInputSchema,
    read: {
      summary: 'A lan’s schedule, by start',
      read: (viewer, lanId, scope) => readSchedule(deps, viewer, lanId, scope),
    },
    add: {
      summary: 'Add an item to a lan’s schedule',
      description: `${forAdministrators} A lan holds at most 200 items (409).`,
      add: (viewer, lanId, input) => addScheduleItem(deps, viewer, lanId, input),
    },
    change: {
      summary: 'Change an item of a lan’s schedule',
      description: forAdministrators,
      change: (viewer, lanId, id, input) => changeScheduleItem(deps, viewer, lanId, id, input),
    },
    remove: {
      summary: 'Remove an item from a lan’s schedule',
      description: 'For lan administrators. Open pages hear of it (a `schedule` event).',
      remove: (viewer, lanId, id) => removeScheduleItem(deps, viewer, lanId, id),
    },
  });
