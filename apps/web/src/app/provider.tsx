import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { anonymousViewer, type Viewer, ViewerProvider } from '../lib/viewer.tsx';

/** The app-wide providers: server state and who is looking. */
export function AppProvider({
  viewer = anonymousViewer,
  children,
}: {
  viewer?: Viewer;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
    </QueryClientProvider>
  );
}
