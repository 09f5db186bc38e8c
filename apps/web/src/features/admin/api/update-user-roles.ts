import type { Role, UserProfile, UserUpdate } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * PUT /api/users/{id} with only the roles: the profile fields are left out, so they stay
 * as they are (the admin form sets roles; spec §6).
 */
export function updateUserRoles({
  id,
  roles,
}: {
  id: number;
  roles: Role[];
}): Promise<UserProfile> {
  const body: UserUpdate = { roles };
  return apiRequest<UserProfile>(`/api/users/${id}`, { method: 'PUT', body });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: async (saved) => {
      queryClient.setQueryData(usersKeys.detail(saved.id), saved);
      // Lists filter by role, and the admin may have changed their own roles.
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: usersKeys.me() });
    },
  });
}
