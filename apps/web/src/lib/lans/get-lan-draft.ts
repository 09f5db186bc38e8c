import type { LanDraft } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** The draft's key: removed when the lan defaults change (the admin's settings). */
export const lanDraftKey = ['admin-lans', 'draft'] as const;

/** GET /api/lans/defaults: a new lan as the form starts it (next Friday to Sunday, prices). */
export function getLanDraft(): Promise<LanDraft> {
  return apiRequest<LanDraft>('/api/lans/defaults');
}

/**
 * The new lan's draft, and with it the community's time zone: the lan administrators'
 * forms read and write times on its clocks (the lan, the seat plan, the schedule, a
 * tournament's sign-up).
 */
export function useLanDraft() {
  // Fresh each time the form opens: the dates depend on today, the prices on the settings.
  return useQuery(queryOptions({ queryKey: lanDraftKey, queryFn: getLanDraft, gcTime: 0 }));
}
