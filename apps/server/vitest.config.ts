import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per engine; each test site starts from a copy (test/database-templates.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Guards against a hang, not goals: beside the end-to-end run's browser and servers a
    // test takes up to seven times its quiet time (the CSV's 24 readings: 2.9 s alone, over
    // 20 s in CI on a slow hour).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
