import { type MouseEvent, useEffect } from 'react';
import {
  Outlet,
  useIsNavigating,
  useLocation,
  useNavigationType,
} from '../../lib/router/index.tsx';
import { NotificationRegion } from '../notifications/notification-region.tsx';
import styles from './app-layout.module.css';
import { OfflineNotice } from './offline-notice.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

const MAIN_ID = 'main';

/**
 * The frame of every screen: skip link, header, notifications, main content, footer, and
 * the notice while the site cannot be reached.
 */
export function AppLayout() {
  const isNavigating = useIsNavigating();
  useScrollToTopOfNewScreen();

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to content
      </a>
      <SiteHeader />
      {isNavigating ? <div className={styles.progress} aria-hidden="true" /> : null}
      <NotificationRegion />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
      <OfflineNotice />
    </div>
  );
}

/**
 * A new screen opens at its top, where its heading and the notifications are (a lan just
 * created from the foot of its form, one just deleted); back and forward are left to the
 * browser. The router's ScrollRestoration would do both, for about 1 KB more of the first
 * screen's budget.
 */
function useScrollToTopOfNewScreen() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is a new screen
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
}

// Focus the main landmark ourselves: following the #main fragment would count as a
// navigation for the router and leave a hash in the address.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}
