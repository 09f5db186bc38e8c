import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { defineBuildInfo } from './build-info.ts';

const testFiles = readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true })
  .map(String)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/**
 * The test files that replace a module (`vi.mock`): they run each in a fresh module graph,
 * since a module another file loaded first would keep the real one. So do files marked
 * `@vitest-isolate`, which count every request the app makes: in a shared environment a
 * file before them may leave a window event or a timer that makes a query read again
 * (first-screen-reads counted six reads of four in a full run).
 */
export const filesReplacingModules = testFiles.filter((file) => {
  const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return text.includes('vi.mock(') || text.includes('@vitest-isolate');
});

/**
 * The web's tests in jsdom. Most share one environment and module graph per worker
 * (`isolate: false`: setting up jsdom and loading the app again for each of a hundred files
 * was two thirds of the project's time); the setup file resets what a test may change.
 */
export function webProject(name: string, { isolate }: { isolate: boolean }) {
  return defineProject({
    root: import.meta.dirname,
    plugins: [react()],
    define: defineBuildInfo('test'),
    test: {
      name,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      isolate,
      // Beside the end-to-end run's browser the machine is busy: a test that waits for a
      // retry gets longer than Vitest's 5 s (first-screen-reads failed so in CI), and on a
      // slow hour a test takes several times its quiet time. A guard against a hang.
      testTimeout: 60_000,
      include: isolate ? filesReplacingModules : ['src/**/*.test.{ts,tsx}'],
      exclude: isolate ? [] : filesReplacingModules,
    },
  });
}
