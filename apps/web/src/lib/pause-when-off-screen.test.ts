import { afterEach, describe, expect, it, vi } from 'vitest';
import { pauseWhenOffScreen } from './pause-when-off-screen.ts';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

function stubIntersectionObserver() {
  const observers: Array<{ callback: Callback; disconnect: ReturnType<typeof vi.fn> }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      disconnect = vi.fn();
      constructor(callback: Callback) {
        observers.push({ callback, disconnect: this.disconnect });
      }
      observe() {}
    },
  );
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pauseWhenOffScreen', () => {
  it('marks the element off screen while it is scrolled out of view, and clears it back', () => {
    const observers = stubIntersectionObserver();
    const element = document.createElement('div');
    const stop = pauseWhenOffScreen(element);
    const observer = observers[0];
    expect(observer).toBeDefined();

    observer?.callback([{ isIntersecting: false }]);
    expect(element).toHaveAttribute('data-off-screen');
    observer?.callback([{ isIntersecting: true }]);
    expect(element).not.toHaveAttribute('data-off-screen');

    stop?.();
    expect(observer?.disconnect).toHaveBeenCalled();
  });

  it('leaves the animation running where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const element = document.createElement('div');
    expect(pauseWhenOffScreen(element)).toBeUndefined();
    expect(element).not.toHaveAttribute('data-off-screen');
  });
});
