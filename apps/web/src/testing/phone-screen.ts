import { vi } from 'vitest';

/**
 * A screen as narrow as a phone's for the rest of the test: `matchMedia` matches the admin
 * screens' phone query (40rem wide or less) and nothing else. jsdom has no `matchMedia`;
 * the setup's `vi.unstubAllGlobals` takes it away again after the test.
 */
export function stubPhoneScreen(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(max-width: 40rem)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
