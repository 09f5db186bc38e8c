import type { FoodRound, Lan, LanMessage, ParticipantList, ScheduleItem } from '@lanparty/contract';
import {
  buildLan,
  buildLanDraft,
  buildPage,
  buildParticipantList,
  buildPaymentDetails,
} from '@lanparty/contract/testing';
import { jsonResponse, stubFetch } from './fetch-stub.ts';
import { buildViewer, renderApp } from './render-app.tsx';

type OpenAdminLanOptions = {
  lan?: Lan;
  participants?: ParticipantList;
  messages?: LanMessage[];
  schedule?: ScheduleItem[];
  foodRounds?: FoodRound[];
  /** More answers, or other answers for the same calls. */
  answers?: Parameters<typeof stubFetch>[0];
};

/**
 * Opens admin/lans/{id} as a lan administrator, with the lan, its participants, its
 * messages, its schedule and its food rounds answered (none unless given).
 */
export function openAdminLan({
  lan = buildLan(),
  participants = buildParticipantList(),
  messages = [],
  schedule = [],
  foodRounds = [],
  answers = {},
}: OpenAdminLanOptions = {}) {
  const stub = stubFetch({
    [`GET /api/lans/${lan.id}`]: () => jsonResponse(lan),
    [`GET /api/lans/${lan.id}/participants`]: () => jsonResponse(participants),
    [`GET /api/lans/${lan.id}/messages`]: () => jsonResponse(buildPage(messages)),
    [`GET /api/lans/${lan.id}/schedule`]: () => jsonResponse(schedule),
    [`GET /api/lans/${lan.id}/announcements`]: () => jsonResponse([]),
    [`GET /api/lans/${lan.id}/food-rounds`]: () => jsonResponse(foodRounds),
    [`GET /api/lans/${lan.id}/screens`]: () => jsonResponse([]),
    'GET /api/lans': () => jsonResponse(buildPage([lan])),
    'GET /api/settings/lan-defaults': () => jsonResponse({ lanPrice: 30, membersLanPrice: 25 }),
    // The community's time zone, which the details form reads and writes times on.
    'GET /api/lans/defaults': () => jsonResponse(buildLanDraft()),
    'GET /api/settings/messaging': () =>
      jsonResponse({ isChatConnected: true, replyTo: 'pixelpete@example.org' }),
    [`GET /api/lans/${lan.id}/payment-details`]: () =>
      jsonResponse({ details: null, defaults: buildPaymentDetails() }),
    ...answers,
  });
  const viewer = buildViewer({ roles: ['LanAdministrator'] });
  return { ...stub, ...renderApp(`/admin/lans/${lan.id}`, { viewer }) };
}
