import { type CalendarFeed, calendarFeedSchema } from '@lanparty/contract';
import { scheduleKindLabels } from '@lanparty/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import { lanPageUrl } from '../chat/chat-messages.ts';
import { presentLocation } from '../lans/lans.presenter.ts';
import { listActiveLansForCalendar, listScheduleItemsForCalendar } from './calendar.repository.ts';
import { type CalendarEvent, formatCalendar } from './icalendar.ts';

export const calendarName = 'Lanparty';
export const calendarProductId = '-//Lanparty//Lans calendar//EN';

/**
 * Every active lan as an event; the UID stays the same for a lan forever. Its location is
 * "venue, address", the one line calendar apps show and hand to their maps.
 */
export async function buildLansCalendar(db: AppDatabase, publicUrl: URL): Promise<string> {
  const lans = await listActiveLansForCalendar(db);
  const events: CalendarEvent[] = lans.map((lan) => {
    const location = presentLocation(lan);
    return {
      uid: `lan-${lan.id}@${publicUrl.hostname}`,
      start: new Date(toIsoTimestamp(lan.start_date)),
      end: new Date(toIsoTimestamp(lan.end_date)),
      summary: lan.name,
      description: lan.description,
      location: location ? `${location.name}, ${location.address}` : null,
      url: lanPageUrl(publicUrl, lan.id),
      lastModified: new Date(toIsoTimestamp(lan.modification_date)),
    };
  });
  // Each item of a lan's schedule as an event of its own, named with its lan; an item
  // without an end is a moment (it ends as it starts).
  for (const item of await listScheduleItemsForCalendar(db)) {
    const start = new Date(toIsoTimestamp(item.start_date));
    events.push({
      uid: `schedule-${item.id}@${publicUrl.hostname}`,
      start,
      end: item.end_date === null ? start : new Date(toIsoTimestamp(item.end_date)),
      summary: `${item.title} · ${item.lan_name}`,
      description: scheduleKindLabels[item.kind],
      location: item.place,
      url: lanPageUrl(publicUrl, item.lan_id),
      lastModified: new Date(toIsoTimestamp(item.modification_date)),
    });
  }
  return formatCalendar(events, { name: calendarName, productId: calendarProductId });
}

/**
 * The feed's addresses, made from the site's public address: a subscription made from a
 * page reached through another name (a proxy's, a LAN address) still works for the people
 * it is shared with, and a forged Host header cannot point anyone's calendar elsewhere.
 */
export function calendarFeedOf(publicUrl: URL): CalendarFeed {
  const url = new URL('api/lans.ics', publicUrl);
  // webcal: is the feed's http(s) address with the scheme calendar apps answer to.
  return { url: url.href, subscriptionUrl: `webcal://${url.host}${url.pathname}` };
}

export const calendarRoutes =
  (deps: { db: AppDatabase; publicUrl: URL }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/calendar-feed',
      {
        schema: {
          tags: ['settings'],
          summary: 'Where calendar apps subscribe to the lans',
          description:
            'The address of GET /api/lans.ics and the same as webcal:// for a subscription, ' +
            'both on the public address of the site (PUBLIC_URL).',
          response: { 200: calendarFeedSchema },
        },
      },
      async (_request, reply) =>
        // The public address changes only with a restart.
        reply.header('cache-control', 'public, max-age=3600').send(calendarFeedOf(deps.publicUrl)),
    );

    app.get(
      '/api/lans.ics',
      {
        schema: {
          tags: ['lans'],
          summary: 'Every active lan as an iCalendar feed',
          description:
            'text/calendar (RFC 5545): one VEVENT per active lan, upcoming and past, linking to its page, ' +
            'and one per item of its schedule ("title · lan", LOCATION its place), ' +
            'with LOCATION "venue, address" when the lan has a location. ' +
            'Anonymous, so calendar apps can subscribe to it.',
          produces: ['text/calendar'],
          response: { 200: z.string() },
        },
      },
      async (_request, reply) => {
        const calendar = await buildLansCalendar(deps.db, deps.publicUrl);
        return (
          reply
            .type('text/calendar; charset=utf-8')
            .header('content-disposition', 'inline; filename="lanparty.ics"')
            // Calendar apps poll; a few minutes of staleness is fine and spares the database.
            .header('cache-control', 'public, max-age=300')
            .send(calendar)
        );
      },
    );
  };
