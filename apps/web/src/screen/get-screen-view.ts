import type { ScreenView } from '@lanparty/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api-client.ts';

/** In the lans' key tree: every change of its lan (a check-in) reads it again. */
export const screenViewKey = (token: string) => ['lans', 'screen', token] as const;

/**
 * GET /api/screens/{token}: the screen's slides, its lan and who is here; read again on any
 * change of its lan (a check-in, a screen switched off). A 404 is final: switched off.
 */
export function useScreenView(token: string) {
  return useQuery({
    queryKey: screenViewKey(token),
    queryFn: () => apiRequest<ScreenView>(`/api/screens/${encodeURIComponent(token)}`),
    retry: (failures, error) => !isApiError(error, 404) && failures < 3,
    // Cannot reach the site: keep trying, a screen has nobody to press reload.
    refetchInterval: (query) =>
      query.state.status === 'error' && !isApiError(query.state.error, 404) ? 10_000 : false,
  });
}
