import { requiredRoles } from '@lanparty/contract/rules';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { UpcomingLansRoute } from '../features/lans/routes/upcoming-lans-route.tsx';
import { hadAnyRole } from '../lib/auth/remembered-roles.ts';
import { RequireRoles } from '../lib/auth/require-roles.tsx';
import type { Prefetch } from '../lib/page-reads.ts';
import { createRouter, Navigate, type RouteObject, startScreen } from '../lib/router/index.tsx';
import { lanReads, upcomingLansReads } from './first-screen-reads.ts';
import { RouteErrorBoundary } from './route-error.tsx';

// The stats and admin sections are separate chunks: each is one dynamic import, shared by
// all of its routes, so the first screen never downloads them. The profile (forms, zod),
// the lanners (avatars), the clans and the archive are their own chunks for the same reason.
const loadStats = () => import('../features/stats/routes/stats-routes.ts');
/**
 * A lazy page's first reads, from its chunk, which the app is already downloading: the
 * first screen carries neither them nor the query options they share with the page.
 */
const chunkReads =
  <M extends Record<K, Prefetch>, K extends keyof M>(
    load: () => Promise<M>,
    name: K,
    allowed: () => boolean = () => true,
  ): Prefetch =>
  (params, queryClient) => {
    if (!allowed()) return;
    // In the next task: the reads the first screen starts beside it are sent first (each
    // in a microtask), and a phone's few connections are not taken by the chunk's files.
    setTimeout(() =>
      load().then(
        (chunk) => chunk[name](params, queryClient),
        () => undefined,
      ),
    );
  };
/** The stats pages' reads, only for a viewer who may see them as the last visit tells. */
const mayReadStats = () => hadAnyRole(requiredRoles.stats);
const loadAdmin = () => import('./admin-routes.ts');
const loadProfile = () => import('../features/profile/routes/profile-routes.ts');
const loadLanners = () => import('../features/lanners/routes/lanners-route.tsx');
const loadClans = () => import('../features/clans/routes/clans-routes.ts');
// The archive is a page of its own few visits start on: its chunk comes as it is opened (or
// with the app, when it is the page asked for), and the first screen is lighter by it.
const loadArchive = () => import('../features/lans/routes/lan-archive-route.tsx');
// Pages few visitors open (the changelog, the unauthorized page) wait until they are opened.
const loadChangelog = () => import('../features/changelog/routes/changelog-route.tsx');
const loadUnauthorized = () => import('../features/unauthorized/routes/unauthorized-route.tsx');
const loadNotices = () => import('../features/notices/routes/notices-route.tsx');
// Below a lan, its schedule and seat map (issues 34, 35): their own chunk, asked for once
// the lan's page opens.
// The lan's page: its chunk downloads beside its reads (lanReads, in the first screen's code)
// and its more's chunk as the app starts there (startScreen); the first screen, the upcoming
// lans, carries none of it.
const loadLan = () => import('../features/lans/routes/lan-route.tsx');
const loadLanMore = () => import('./lan-more-route.tsx');
const loadUnknownPath = () => import('./unknown-path-route.tsx');
const loadTournament = () => import('../features/tournaments/routes/tournament-route.tsx');

/** A lazy route's screen: the export `name` of the module `load` downloads. */
const screen =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  async () => ({ Component: (await load())[name] });

/** Every route of spec §2's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    children: [
      {
        // Errors render inside the layout, so the header and navigation stay usable.
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <Navigate to="/lans/upcoming" replace /> },
          {
            path: 'changelog',
            lazy: screen(loadChangelog, 'ChangelogRoute'),
          },
          { path: 'lans/upcoming', Component: UpcomingLansRoute, prefetch: upcomingLansReads },
          {
            path: 'lans/archive',
            prefetch: chunkReads(loadArchive, 'lanArchiveReads'),
            lazy: screen(loadArchive, 'LanArchiveRoute'),
          },
          {
            path: 'lans/:id',
            lazy: screen(loadLan, 'LanRoute'),
            prefetch: lanReads,
            children: [
              {
                index: true,
                prefetch: chunkReads(loadLanMore, 'lanMoreReads'),
                lazy: screen(loadLanMore, 'LanMoreRoute'),
              },
            ],
          },
          {
            path: 'tournaments/:id',
            prefetch: chunkReads(loadTournament, 'tournamentReads'),
            lazy: screen(loadTournament, 'TournamentRoute'),
          },
          {
            path: 'lanners',
            prefetch: chunkReads(loadLanners, 'lannersReads'),
            lazy: screen(loadLanners, 'LannersRoute'),
          },
          {
            path: 'clans',
            children: [
              { index: true, lazy: screen(loadClans, 'ClansRoute') },
              { path: ':id', lazy: screen(loadClans, 'ClanRoute') },
              // An invite link: its page asks before joining (signed in, as every page).
              { path: ':id/join/:code', lazy: screen(loadClans, 'ClanJoinRoute') },
            ],
          },
          {
            path: 'profile',
            lazy: screen(loadProfile, 'ProfileRoute'),
            children: [
              {
                index: true,
                lazy: screen(loadProfile, 'PersonalProfileRoute'),
              },
              {
                path: 'personal',
                lazy: screen(loadProfile, 'PersonalProfileRoute'),
              },
              {
                path: 'email-verification/:code',
                lazy: screen(loadProfile, 'EmailVerificationRoute'),
              },
            ],
          },
          {
            path: 'unauthorized',
            lazy: screen(loadUnauthorized, 'UnauthorizedRoute'),
          },
          { path: 'notices', lazy: screen(loadNotices, 'NoticesRoute') },
          {
            // Spec §6: the stats section needs Lanner or Member.
            path: 'stats',
            element: <RequireRoles roles={requiredRoles.stats} />,
            children: [
              {
                lazy: screen(loadStats, 'StatsLayout'),
                children: [
                  { index: true, element: <Navigate to="/stats/leader-board" replace /> },
                  {
                    path: 'leader-board',
                    prefetch: chunkReads(loadStats, 'leaderboardReads', mayReadStats),
                    lazy: screen(loadStats, 'LeaderBoardRoute'),
                  },
                  {
                    path: 'leader-board/:year/:month',
                    prefetch: chunkReads(loadStats, 'leaderboardReads', mayReadStats),
                    lazy: screen(loadStats, 'LeaderBoardRoute'),
                  },
                  {
                    path: 'leader-board/archive',
                    lazy: screen(loadStats, 'LeaderBoardArchiveRoute'),
                  },
                  {
                    path: 'rewinds/:year',
                    prefetch: chunkReads(loadStats, 'rewindReads', mayReadStats),
                    lazy: screen(loadStats, 'RewindRoute'),
                  },
                ],
              },
            ],
          },
          {
            // The admin section is for the three administrator roles.
            path: 'admin',
            element: <RequireRoles roles={requiredRoles.administration} />,
            children: [
              {
                lazy: screen(loadAdmin, 'AdminLayout'),
                children: [
                  { index: true, element: <Navigate to="/admin/lans" replace /> },
                  {
                    // Lans are managed by lan and system administrators; a member
                    // administrator following the Admin link lands on the users instead.
                    element: (
                      <RequireRoles roles={requiredRoles.lanManagement} redirectTo="/admin/users" />
                    ),
                    children: [
                      {
                        path: 'lans',
                        lazy: screen(loadAdmin, 'AdminLansRoute'),
                      },
                      {
                        path: 'lans/new',
                        lazy: screen(loadAdmin, 'AdminNewLanRoute'),
                      },
                      {
                        path: 'lans/:id',
                        lazy: screen(loadAdmin, 'AdminLanRoute'),
                      },
                      {
                        // The door: a phone checks tickets in by QR code, code or name.
                        path: 'lans/:id/check-in',
                        lazy: screen(loadAdmin, 'AdminCheckInRoute'),
                      },
                      {
                        // The seat plan editor (issue 34).
                        path: 'lans/:id/seats',
                        lazy: screen(loadAdmin, 'AdminSeatsRoute'),
                      },
                    ],
                  },
                  {
                    // Users are managed by member and system administrators.
                    element: <RequireRoles roles={requiredRoles.userManagement} />,
                    children: [
                      {
                        path: 'users',
                        lazy: screen(loadAdmin, 'AdminUsersRoute'),
                      },
                      {
                        path: 'users/:id',
                        lazy: screen(loadAdmin, 'AdminUserRoute'),
                      },
                      {
                        // Sign-ups awaiting verification as lanners.
                        path: 'sign-ups',
                        lazy: screen(loadAdmin, 'AdminSignUpsRoute'),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            // Any other address redirects to lans/upcoming (spec §2); the server answers it
            // 404, with the app (app-paths.ts).
            path: '*',
            lazy: screen(loadUnknownPath, 'UnknownPathRoute'),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createRouter(routes);
}

/** Starts downloading the screen the visitor asked for (its section's chunk) right away. */
export function preloadRequestedScreen(): void {
  startScreen(routes, window.location.pathname);
}

/** Starts the reads of the page the visitor asked for, once signed in. */
export function prefetchRequestedReads(queryClient: QueryClient): void {
  startScreen(routes, window.location.pathname, queryClient);
}
