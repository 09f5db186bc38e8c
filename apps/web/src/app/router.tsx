import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { ChangelogRoute } from '../features/changelog/routes/changelog-route.tsx';
import { LannersRoute } from '../features/lanners/routes/lanners-route.tsx';
import { LanArchiveRoute } from '../features/lans/routes/lan-archive-route.tsx';
import { LanRoute } from '../features/lans/routes/lan-route.tsx';
import { UpcomingLansRoute } from '../features/lans/routes/upcoming-lans-route.tsx';
import { PersonalProfileRoute } from '../features/profile/routes/personal-profile-route.tsx';
import { ProfileRoute } from '../features/profile/routes/profile-route.tsx';
import { UnauthorizedRoute } from '../features/unauthorized/routes/unauthorized-route.tsx';
import { RouteError } from './route-error.tsx';

// The stats and admin sections are separate chunks: each is one dynamic import, shared by
// all of its routes, so the first screen never downloads them.
const loadStats = () => import('../features/stats/routes/stats-routes.ts');
const loadAdmin = () => import('../features/admin/routes/admin-routes.ts');

/** Every route of spec §2's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageLoader,
    children: [
      {
        // Errors render inside the layout, so the header and navigation stay usable.
        ErrorBoundary: RouteError,
        children: [
          { index: true, element: <Navigate to="/lans/upcoming" replace /> },
          { path: 'changelog', Component: ChangelogRoute },
          { path: 'lans/upcoming', Component: UpcomingLansRoute },
          { path: 'lans/archive', Component: LanArchiveRoute },
          { path: 'lans/:id', Component: LanRoute },
          { path: 'lanners', Component: LannersRoute },
          {
            path: 'profile',
            Component: ProfileRoute,
            children: [
              { index: true, Component: PersonalProfileRoute },
              { path: 'personal', Component: PersonalProfileRoute },
              { path: 'email-verification/:code', Component: PersonalProfileRoute },
            ],
          },
          { path: 'unauthorized', Component: UnauthorizedRoute },
          {
            path: 'stats',
            lazy: async () => ({ Component: (await loadStats()).StatsLayout }),
            children: [
              { index: true, element: <Navigate to="/stats/leader-board" replace /> },
              {
                path: 'leader-board',
                lazy: async () => ({ Component: (await loadStats()).LeaderBoardRoute }),
              },
              {
                path: 'leader-board/:year/:month',
                lazy: async () => ({ Component: (await loadStats()).LeaderBoardRoute }),
              },
              {
                path: 'leader-board/archive',
                lazy: async () => ({ Component: (await loadStats()).LeaderBoardArchiveRoute }),
              },
              {
                path: 'rewinds/:year',
                lazy: async () => ({ Component: (await loadStats()).RewindRoute }),
              },
            ],
          },
          {
            path: 'admin',
            lazy: async () => ({ Component: (await loadAdmin()).AdminLayout }),
            children: [
              { index: true, element: <Navigate to="/admin/lans" replace /> },
              {
                path: 'lans',
                lazy: async () => ({ Component: (await loadAdmin()).AdminLansRoute }),
              },
            ],
          },
          { path: '*', element: <Navigate to="/lans/upcoming" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
