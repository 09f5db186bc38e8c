import type { Lan, ParticipantList, Seating } from '@lanparty/contract';
import {
  buildLan,
  buildLanDraft,
  buildPage,
  buildParticipantList,
  buildSeating,
} from '@lanparty/contract/testing';
import { jsonResponse, problemResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../../testing/render-app.tsx';

/** A saved plan as the editor opens it: a draft on a 24 × 12 grid, no times, no seats. */
export function buildDraftSeating(overrides: Partial<Seating> = {}): Seating {
  return buildSeating({ seats: [], ...overrides }, { published: false, width: 24, height: 12 });
}

type OpenSeatEditorOptions = {
  lan?: Lan;
  /** The lan's plan; null: it has none yet (404). */
  seating?: Seating | null;
  participants?: ParticipantList;
  /** More answers, or other answers for the same calls. */
  answers?: Parameters<typeof stubFetch>[0];
};

/** Opens admin/lans/{id}/seats as a lan administrator, with the lan and its plan answered. */
export function openSeatEditor({
  lan = buildLan(),
  seating = null,
  participants = buildParticipantList(),
  answers = {},
}: OpenSeatEditorOptions = {}) {
  const stub = stubFetch({
    [`GET /api/lans/${lan.id}`]: () => jsonResponse(lan),
    [`GET /api/lans/${lan.id}/seating`]: () =>
      seating
        ? jsonResponse(seating)
        : problemResponse(404, { detail: 'This lan has no seat plan yet.' }),
    [`GET /api/lans/${lan.id}/participants`]: () => jsonResponse(participants),
    // The community's time zone, on whose clocks the plan's times are typed.
    'GET /api/lans/defaults': () => jsonResponse(buildLanDraft()),
    'GET /api/clans': () => jsonResponse(buildPage([])),
    ...answers,
  });
  const viewer = buildViewer({ roles: ['LanAdministrator'] });
  return { ...stub, ...renderApp(`/admin/lans/${lan.id}/seats`, { viewer }) };
}

/** The body of the last PUT of the plan. */
export function lastPlanPut(requests: { method: string; url: URL; body: unknown }[]) {
  const put = requests.findLast(
    (request) => request.method === 'PUT' && request.url.pathname.endsWith('/seating'),
  );
  return put ? JSON.parse(String(put.body)) : undefined;
}
