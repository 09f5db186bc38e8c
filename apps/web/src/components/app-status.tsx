import type { ReactNode } from 'react';
import { artSources } from '../assets/raster-art.ts';
import './app-status.css';
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
 * or failing to start. Needs no router and no data, only the theme. index.html holds the
 * same markup for "Starting Lanparty…", shown before the app's script has downloaded.
 */
export function AppStatus({
  title,
  children,
  isProblem = false,
  isBusy = false,
  action,
}: AppStatusProps) {
  return (
    <main className="app-status" aria-busy={isBusy || undefined}>
      <div className="app-status-card" role={isProblem ? 'alert' : 'status'}>
        <img
          {...artSources('logo-mark')}
          sizes="48px"
          alt="Lanparty"
          width="48"
          height="48"
          className="app-status-logo"
        />
        {isBusy ? <Spinner size="large" /> : null}
        <h1 className="app-status-title">{title}</h1>
        {children ? <div className="app-status-text">{children}</div> : null}
        {action ? (
          <button type="button" className="app-status-action" onClick={action.onClick}>
            {action.label}
          </button>
        ) : null}
      </div>
    </main>
  );
}
