import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers every workspace, so `npm test` ends with one summary and the
 * totals reporter can print the plain `N passed, N failed` line CI reads.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'e2e',
    ],
    reporters: ['default', './scripts/totals-reporter.ts'],
  },
});
