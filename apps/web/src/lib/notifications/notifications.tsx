import type { Notification, Severity } from '@lanparty/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** A Generic notification: shown once (until the next navigation) or until dismissed. */
export type GenericNotification = Notification & {
  id: number;
  isPermanent: boolean;
  /** The location key it is shown at; a once-notification goes when that changes. */
  shownAt?: string;
  /** Location changes it still stays through (the redirect that follows an action). */
  navigationsToSurvive: number;
};

export type NotifyInput = {
  severity: Severity;
  message: string;
  title?: string;
  /** Stay until dismissed instead of until the next navigation. */
  isPermanent?: boolean;
  /**
   * For a notification about where the app is about to send the user: notify, then
   * navigate, and it stays through that one navigation and goes with the next.
   */
  keepOnNextNavigation?: boolean;
};

type NotificationsState = {
  notifications: readonly GenericNotification[];
  notify: (input: NotifyInput) => void;
  dismiss: (id: number) => void;
  /** Marks once-notifications shown at `locationKey` and drops those shown before it. */
  settle: (locationKey: string) => void;
};

const NotificationsContext = createContext<NotificationsState | null>(null);

let nextId = 1;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<readonly GenericNotification[]>([]);

  const notify = useCallback((input: NotifyInput) => {
    const { isPermanent = false, keepOnNextNavigation = false, ...notification } = input;
    const navigationsToSurvive = keepOnNextNavigation ? 1 : 0;
    setNotifications((current) => [
      ...current,
      { ...notification, type: 'Generic', id: nextId++, isPermanent, navigationsToSurvive },
    ]);
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotifications((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const settle = useCallback((locationKey: string) => {
    setNotifications((current) => {
      const settled = current.flatMap((notification) => {
        if (notification.isPermanent) return [notification];
        if (notification.shownAt === undefined) return [{ ...notification, shownAt: locationKey }];
        if (notification.shownAt === locationKey) return [notification];
        if (notification.navigationsToSurvive === 0) return [];
        const navigationsToSurvive = notification.navigationsToSurvive - 1;
        return [{ ...notification, shownAt: locationKey, navigationsToSurvive }];
      });
      const isUnchanged =
        settled.length === current.length &&
        settled.every((notification, index) => notification === current[index]);
      return isUnchanged ? current : settled;
    });
  }, []);

  const value = useMemo(
    () => ({ notifications, notify, dismiss, settle }),
    [notifications, notify, dismiss, settle],
  );
  return <NotificationsContext value={value}>{children}</NotificationsContext>;
}

function useNotificationsState(): NotificationsState {
  const state = useContext(NotificationsContext);
  if (!state) throw new Error('useNotify needs a NotificationsProvider above it.');
  return state;
}

/** Shows a Generic notification to the signed-in user. */
export function useNotify(): NotificationsState['notify'] {
  return useNotificationsState().notify;
}

export function useGenericNotifications() {
  const { notifications, dismiss, settle } = useNotificationsState();
  return { notifications, dismiss, settle };
}
