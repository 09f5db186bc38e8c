import type { Role } from '@lanparty/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { anonymousViewer, createViewer, type Viewer } from '../lib/viewer.tsx';

/** A signed-in viewer with the given roles. */
export function buildViewer({
  roles = [],
  nickname = 'pixelpete',
}: {
  roles?: Role[];
  nickname?: string;
} = {}): Viewer {
  return createViewer({ id: 'user-1', nickname, roles });
}

/** Renders the whole app at `path` with the real routes, in memory. */
export function renderApp(path: string, { viewer = anonymousViewer }: { viewer?: Viewer } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider viewer={viewer}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}
