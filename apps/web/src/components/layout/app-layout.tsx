import type { MouseEvent } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { NotificationRegion } from '../notifications/notification-region.tsx';
import styles from './app-layout.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

const MAIN_ID = 'main';

/** The frame of every screen: skip link, header, notifications, main content, footer. */
export function AppLayout() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';

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
    </div>
  );
}

// Focus the main landmark ourselves: following the #main fragment would count as a
// navigation for the router and leave a hash in the address.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}
