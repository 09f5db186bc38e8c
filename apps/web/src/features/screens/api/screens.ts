import type { NewScreen, Screen, ScreenInput } from '@lanparty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A lan's screens listed, by its id; a screen's own view is keyed by its token
 * (screenViewKey): a `screen` event (a screen made or switched off) reads both again.
 */
export const screensKey = (lanId: number) => ['lans', 'screen', lanId] as const;

/** GET /api/lans/{id}/screens (lan administrators). */
export function useScreens(lanId: number) {
  return useQuery({
    queryKey: screensKey(lanId),
    queryFn: () => apiRequest<Screen[]>(`/api/lans/${lanId}/screens`),
  });
}

/** POST /api/lans/{id}/screens: the answer holds the link, this once. */
export function useMakeScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, screen }: { lanId: number; screen: ScreenInput }) =>
      apiRequest<NewScreen>(`/api/lans/${lanId}/screens`, { method: 'POST', body: screen }),
    onSuccess: (_made, { lanId }) => queryClient.invalidateQueries({ queryKey: screensKey(lanId) }),
  });
}

/** DELETE a screen: it goes blank. */
export function useSwitchOffScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, screenId }: { lanId: number; screenId: number }) =>
      apiRequest<void>(`/api/lans/${lanId}/screens/${screenId}`, { method: 'DELETE' }),
    onSuccess: (_answer, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: screensKey(lanId) }),
  });
}
