import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../router/index.tsx';
import { type NotifyInput, useNotify } from './notifications.tsx';

/** What the visitor is told on the way elsewhere: it stays through that one navigation. */
export type LeavingNotice = Pick<NotifyInput, 'severity' | 'message'>;

/**
 * Where the root leads (its index route redirects here). Going there directly is one
 * navigation, which the notice survives; via '/' it would be two, and the notice would be
 * gone before the visitor could read it.
 */
export const rootDestination = '/lans/upcoming';

/**
 * Spec §2's way with an address that shows nothing (a lan that does not exist, an unknown
 * path, a month that cannot be): notify why, then go to `to` in place of the address. Once
 * per visit of the address: strict mode runs an effect twice, and the page may render again
 * before the navigation lands, and the visitor would read the notice twice.
 */
export function useLeaveWithNotice(notice: LeavingNotice | null, to: string): void {
  const navigate = useNavigate();
  const notify = useNotify();
  const { key } = useLocation();
  const leftFrom = useRef<string | null>(null);
  const severity = notice?.severity;
  const message = notice?.message;
  useEffect(() => {
    if (severity === undefined || message === undefined || leftFrom.current === key) return;
    leftFrom.current = key;
    notify({ severity, message, keepOnNextNavigation: true });
    navigate(to, { replace: true });
  }, [severity, message, key, to, navigate, notify]);
}
