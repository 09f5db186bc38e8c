import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether the tab's live update stream can reach the server: false from a failed attempt to
 * open it until it opens again. The live updates set it; the layout's OfflineNotice reads it.
 */
export type LiveConnection = {
  isUnreachable: () => boolean;
  setUnreachable: (isUnreachable: boolean) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createLiveConnection(): LiveConnection {
  let isUnreachable = false;
  const listeners = new Set<() => void>();
  return {
    isUnreachable: () => isUnreachable,
    setUnreachable(next) {
      if (next === isUnreachable) return;
      isUnreachable = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Without live updates (a test rendering part of the app) the server counts as reachable. */
export const LiveConnectionContext = createContext<LiveConnection>(createLiveConnection());

/** Whether the live update stream cannot reach the server now. */
export function useIsLiveStreamUnreachable(): boolean {
  const connection = useContext(LiveConnectionContext);
  return useSyncExternalStore(connection.subscribe, connection.isUnreachable);
}
