import type { ReactNode } from 'react';
import { artSources } from '../assets/raster-art.ts';
import styles from './app-status.module.css';
import { Spinner } from './spinner.tsx';

type AppStatusProps = {
  title: string;
  children?: ReactNode;
  /** A problem is announced at once (role alert); progress politely (role status). */
  isProblem?: boolean;
  isBusy?: boolean;
  action?: { label: string; onClick: () => void };
};

/**
 * The whole page while the app itself cannot show a screen yet: starting, signing in,
 * or failing to start. Needs no router and no data, only the theme.
 */
export function AppStatus({
  title,
  children,
  isProblem = false,
  isBusy = false,
  action,
}: AppStatusProps) {
  return (
    <main className={styles.page} aria-busy={isBusy || undefined}>
      <div className={styles.card} role={isProblem ? 'alert' : 'status'}>
        <img
          {...artSources('logo-mark')}
          sizes="48px"
          alt="Lanparty"
          width="48"
          height="48"
          className={styles.logo}
        />
        {isBusy ? <Spinner size="large" /> : null}
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.text}>{children}</div> : null}
        {action ? (
          <button type="button" className={styles.action} onClick={action.onClick}>
            {action.label}
          </button>
        ) : null}
      </div>
    </main>
  );
}
