import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Route tests open real databases; give PostgreSQL a moment on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
