import type { Announcement, AnnouncementInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

/** POST /api/lans/{id}/announcements; the announcements are read again. */
export function usePostAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, announcement }: { lanId: number; announcement: AnnouncementInput }) =>
      apiRequest<Announcement>(`/api/lans/${lanId}/announcements`, {
        method: 'POST',
        body: announcement,
      }),
    onSuccess: (_made, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: lansKeys.announcements(lanId) }),
  });
}

/** DELETE an announcement; the announcements are read again. */
export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lanId, announcementId }: { lanId: number; announcementId: number }) =>
      apiRequest<void>(`/api/lans/${lanId}/announcements/${announcementId}`, { method: 'DELETE' }),
    onSuccess: (_answer, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: lansKeys.announcements(lanId) }),
  });
}
