import type { Role } from '@lanparty/contract';
import { buildUserProfile } from '@lanparty/contract/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildViewer, renderApp } from '../../testing/render-app.tsx';
import { createRouter, RouterProvider } from '../router/index.tsx';
import { anonymousViewer, createViewer, type Viewer, ViewerProvider } from '../viewer.tsx';
import { RequireRoles } from './require-roles.tsx';

function renderGuard(viewer: Viewer, guard: { roles: Role[]; every?: boolean }) {
  const router = createRouter(
    [
      {
        path: '/section',
        element: <RequireRoles {...guard} />,
        children: [{ index: true, element: <h1>Inside</h1> }],
      },
      { path: '/unauthorized', element: <h1>Unauthorized</h1> },
    ],
    '/section',
  );
  render(
    <ViewerProvider viewer={viewer}>
      <RouterProvider router={router} />
    </ViewerProvider>,
  );
  return router;
}

const withRoles = (...roles: Role[]) => createViewer(buildUserProfile({ roles }));

describe('RequireRoles', () => {
  it('lets a viewer with any one of the roles in', async () => {
    renderGuard(withRoles('Member'), { roles: ['Lanner', 'Member'] });
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
  });

  it('sends a viewer with none of the roles to /unauthorized, replacing the entry', async () => {
    const router = renderGuard(withRoles('LanAdministrator'), { roles: ['Lanner', 'Member'] });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor who is not signed in to /unauthorized', async () => {
    renderGuard(anonymousViewer, { roles: ['Lanner'] });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('with every, needs all of the roles', async () => {
    renderGuard(withRoles('Lanner', 'Member'), { roles: ['Lanner', 'Member'], every: true });
    expect(await screen.findByRole('heading', { name: 'Inside' })).toBeInTheDocument();
  });

  it('with every, refuses a viewer who has only some of the roles', async () => {
    renderGuard(withRoles('Lanner'), { roles: ['Lanner', 'Member'], every: true });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });
});

describe('the guarded sections', () => {
  it('keeps the stats section from a signed-in user without Lanner or Member', async () => {
    const { router } = renderApp('/stats/leader-board', {
      viewer: buildViewer({ roles: ['LanAdministrator'] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('keeps the admin section from a lanner', async () => {
    const { router } = renderApp('/admin/lans', { viewer: buildViewer({ roles: ['Lanner'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('keeps the users screen from a lan administrator', async () => {
    const { router } = renderApp('/admin/users', {
      viewer: buildViewer({ roles: ['LanAdministrator'] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
