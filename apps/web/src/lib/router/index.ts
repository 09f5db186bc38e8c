// The app's router: React Router's API where the app uses it, in a fraction of the bytes
// (decision 025).
export {
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useMatch,
  useNavigate,
  useNavigation,
  useNavigationType,
  useParams,
  useRetryScreen,
  useRouteError,
  useSearchParams,
} from './components.tsx';
export type { Location, NavigationType } from './history.ts';
export {
  idParam,
  matchPath,
  matchRoutes,
  type Params,
  type RouteObject,
} from './match-routes.ts';
export {
  createBrowserRouter,
  createMemoryRouter,
  prefetchReads,
  preloadScreens,
  type Router,
  type To,
} from './router.ts';
