import type { ScheduleItem } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}/schedule: the lan's schedule by start (issue 35). One query for the
 * lan page and the admin's editor; a `schedule` live event reads it again.
 */
export function getSchedule(lanId: number): Promise<ScheduleItem[]> {
  return apiRequest<ScheduleItem[]>(`/api/lans/${lanId}/schedule`);
}

export function scheduleQueryOptions(lanId: number) {
  return queryOptions({ queryKey: lansKeys.schedule(lanId), queryFn: () => getSchedule(lanId) });
}

export function useSchedule(lanId: number) {
  return useQuery(scheduleQueryOptions(lanId));
}
