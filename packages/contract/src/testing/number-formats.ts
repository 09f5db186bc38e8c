import { onTestFinished, vi } from 'vitest';

/**
 * Imports a module afresh (`load`, a dynamic import) while counting the Intl.NumberFormats
 * made from then on: for the tests that a format is made on first use, not on import.
 * Intl.NumberFormat is put back when the test finishes.
 */
export async function importCountingNumberFormats<T>(load: () => Promise<T>) {
  const NumberFormat = Intl.NumberFormat;
  const made = vi.fn();
  Intl.NumberFormat = new Proxy(NumberFormat, {
    construct(target, args: Parameters<typeof NumberFormat>) {
      made();
      return new target(...args);
    },
  });
  onTestFinished(() => {
    Intl.NumberFormat = NumberFormat;
  });
  vi.resetModules();
  return { module: await load(), made };
}
