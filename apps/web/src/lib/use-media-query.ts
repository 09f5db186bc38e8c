import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, updated when it changes. For markup that differs
 * by screen size, not only its look (participants as cards on a phone, a table elsewhere).
 * False where the browser cannot tell (tests, server rendering).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * A phone or any touch screen: what a finger presses there wants 44 px at least (the seat
 * map and the seat plan editor size their seats by it).
 */
export const touchScreenQuery = '(max-width: 40rem), (pointer: coarse)';
