import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NotificationsProvider } from '../lib/notifications/notifications.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The app-wide providers that need no signed-in user: server state and notifications. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </QueryClientProvider>
  );
}
