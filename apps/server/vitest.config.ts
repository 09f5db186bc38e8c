import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per engine; each test site starts from a copy (test/database-templates.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Route tests open real databases; give PostgreSQL a moment on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
