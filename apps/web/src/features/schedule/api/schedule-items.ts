import type { ScheduleItem, ScheduleItemInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

type ItemChange =
  | { lanId: number; itemId?: undefined; item: ScheduleItemInput }
  | { lanId: number; itemId: number; item: ScheduleItemInput };

/** POST (a new item) or PUT (an item changed) of a lan's schedule; the schedule is read again. */
export function useSaveScheduleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, itemId, item }: ItemChange) =>
      apiRequest<ScheduleItem>(
        itemId === undefined
          ? `/api/lans/${lanId}/schedule`
          : `/api/lans/${lanId}/schedule/${itemId}`,
        { method: itemId === undefined ? 'POST' : 'PUT', body: item },
      ),
    onSuccess: (_item, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: lansKeys.schedule(lanId) }),
  });
}

/** DELETE an item of a lan's schedule; the schedule is read again. */
export function useRemoveScheduleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, itemId }: { lanId: number; itemId: number }) =>
      apiRequest<void>(`/api/lans/${lanId}/schedule/${itemId}`, { method: 'DELETE' }),
    onSuccess: (_answer, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: lansKeys.schedule(lanId) }),
  });
}
