import { defineProject } from 'vitest/config';
import { e2eWorkers } from './support/workers.ts';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Files run E2E_WORKERS at a time (default 2), each worker on a demo site of its own
    // (support/provided-context.ts), all in the run's one Chromium.
    maxWorkers: e2eWorkers,
    // A guard against a test that hangs, not a goal: a long test took 28 s on a quiet
    // machine and passed 30 s beside the other projects on a slow hour.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
