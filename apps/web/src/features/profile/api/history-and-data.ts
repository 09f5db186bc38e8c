import type {
  ConsentState,
  Consents,
  HistoryVisibility,
  OwnAccount,
  UserHistory,
} from '@lanparty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiDownload } from '../../../lib/api-download.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** The profile's own reads of issue 36: under ['users', …], so a user's change refreshes them. */
export const historyKeys = {
  history: (userId: number) => ['users', 'history', userId] as const,
  consents: () => ['users', 'me', 'consents'] as const,
  account: () => ['users', 'me', 'account'] as const,
};

/** GET /api/users/{id}/history: the lans attended, the streaks and the badges. */
export function useHistory(userId: number | undefined) {
  return useQuery({
    queryKey: historyKeys.history(userId ?? 0),
    queryFn: () => apiRequest<UserHistory>(`/api/users/${userId}/history`),
    enabled: userId !== undefined,
  });
}

/** PUT /api/users/me/history-visibility, then the profile and history read again. */
export function useHistoryVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HistoryVisibility) =>
      apiRequest<HistoryVisibility>('/api/users/me/history-visibility', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.me() }),
  });
}

/** PUT /api/users/me/badges/seen: the notice of new badges goes. */
export function useMarkBadgesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/users/me/badges/seen', { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.me() }),
  });
}

export function useConsents({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: historyKeys.consents(),
    queryFn: () => apiRequest<Consents>('/api/users/me/consents'),
    enabled: isEnabled,
  });
}

/** PUT /api/users/me/consents/steam-playtime, kept at once in the consents read. */
export function useAnswerSteamPlaytime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (given: boolean) =>
      apiRequest<ConsentState>('/api/users/me/consents/steam-playtime', {
        method: 'PUT',
        body: { given },
      }),
    onSuccess: async (steamPlaytime) => {
      queryClient.setQueryData<Consents>(historyKeys.consents(), { steamPlaytime });
      await queryClient.invalidateQueries({ queryKey: usersKeys.me() });
    },
  });
}

/** DELETE /api/users/me/playtime: what was collected goes, from past boards too. */
export function useDeletePlaytime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/users/me/playtime', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stats'] }),
  });
}

export function useOwnAccount({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: historyKeys.account(),
    queryFn: () => apiRequest<OwnAccount>('/api/users/me/account'),
    enabled: isEnabled,
  });
}

/** GET /api/users/me/export, saved as the JSON file the server names. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (userId: number) => {
      const { blob, fileName } = await apiDownload('/api/users/me/export');
      saveFile(blob, fileName ?? `lanparty-data-${userId}.json`);
    },
  });
}

/** DELETE /api/users/me with the password, or a fresh sign-in's ID token. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (proof: { password: string } | { idToken: string }) =>
      apiRequest<void>('/api/users/me', { method: 'DELETE', body: proof }),
  });
}
