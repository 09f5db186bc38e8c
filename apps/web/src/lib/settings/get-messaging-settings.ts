import type { MessagingSettings } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/**
 * GET /api/settings/messaging: whether the chat is connected, and the Reply-To of the
 * signed-in administrator's messages (their verified address, or null).
 */
export function getMessagingSettings(): Promise<MessagingSettings> {
  return apiRequest<MessagingSettings>('/api/settings/messaging');
}

export function useMessagingSettings() {
  return useQuery(queryOptions({ queryKey: ['admin-messaging'], queryFn: getMessagingSettings }));
}
