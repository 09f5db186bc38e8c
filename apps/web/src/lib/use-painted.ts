import { startTransition, useEffect, useState } from 'react';

/**
 * True once the screen has been painted with `isShown` true (a frame, then a task): what a
 * page can show a moment later (a comparison, a lan's name far down) is read after its
 * first paint rather than beside it, so it never holds up what the visitor sees first.
 * What comes then renders as a transition, a few milliseconds at a time between the
 * visitor's own input, rather than as one long task.
 */
export function usePainted(isShown: boolean): boolean {
  const [isPainted, setIsPainted] = useState(false);
  useEffect(() => {
    if (!isShown || isPainted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setIsPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isShown, isPainted]);
  return isPainted;
}
