import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { defineBuildInfo } from './build-info.ts';

export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  define: defineBuildInfo('test'),
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
