import { NotFound } from '../components/not-found.tsx';
import { useLocation } from '../lib/router/index.tsx';

/**
 * Any address the app has no screen at: says so and leads on (the server answers such an
 * address 404, with the app, so this page shows).
 */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <NotFound title="Page not found">
      <p>
        There is no page at <code>{pathname}</code>. The link may be old or mistyped; one of these
        may be what you were looking for.
      </p>
    </NotFound>
  );
}
