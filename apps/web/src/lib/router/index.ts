// The app's routing: wouter, with what the app adds on top of it (decision 025).
export { Link, Redirect as Navigate, useParams, useRoute, useSearchParams } from 'wouter';
export {
  createBrowserRouter,
  createMemoryRouter,
  idParam,
  type Location,
  matchRoutes,
  type NavigationType,
  NavLink,
  Outlet,
  type Params,
  prefetchReads,
  preloadScreens,
  type RouteObject,
  RouterProvider,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useRetryScreen,
  useRouteError,
} from './router.tsx';
