import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiClient } from '../lib/api-client.ts';

// The first test of a file loads a lazy section (admin, stats) through Vite's transform;
// on a busy 2-core machine that alone can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

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
afterEach(() => {
  cleanup();
  configureApiClient({});
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
