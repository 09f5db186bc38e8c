import type { UserProfile, UserProfileInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * PUT /api/users/me: saves the profile form. The whole user is sent back, as the spec's
 * body has it, with `roles` empty: roles are only ever sent by the admin form (spec §6).
 */
export function updateProfile(user: UserProfile, changes: UserProfileInput): Promise<UserProfile> {
  return apiRequest<UserProfile>('/api/users/me', {
    method: 'PUT',
    body: { ...user, ...changes, roles: [] },
  });
}

/** Saves the profile, then refreshes the signed-in user (spec §4, Profile saving). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, changes }: { user: UserProfile; changes: UserProfileInput }) =>
      updateProfile(user, changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(usersKeys.me(), saved);
      await queryClient.invalidateQueries({ queryKey: usersKeys.me() });
    },
  });
}
