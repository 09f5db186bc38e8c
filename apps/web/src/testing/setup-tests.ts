import '@testing-library/jest-dom/vitest';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';

// The first test of a file loads a lazy section (admin, stats) through Vite's transform;
// on a busy 2-core machine that alone can take longer than Testing Library's 1 s default
// (5 s were passed in a CI run beside the end-to-end tests on a slow hour).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> but not its modal methods; these do what the tests rely on.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// The router's scroll restoration scrolls to the top of each new screen; jsdom does not
// scroll, and says so on the console unless told to do nothing.
window.scrollTo = () => {};

beforeEach(() => {
  // No test reaches a network: a call nobody stubbed fails at once.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      throw new Error(`No stubbed answer for ${String(input)}`);
    }),
  );
});

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
// The files of a worker share one jsdom and one module graph (vitest.shared.ts), so what a
// test may have changed goes back as it was: the next file starts as if it were the first.
afterEach(() => {
  cleanup();
  configureApiClient({});
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  window.history.replaceState(null, '', '/');
});
