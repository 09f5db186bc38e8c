import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defineBuildInfo } from './build-info.ts';

const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/oidc': apiServer };

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react()],
  define: defineBuildInfo(mode),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Keep images and fonts as their own hashed files: inlined they would count against
    // the first screen's JavaScript budget and could not be cached apart from it.
    assetsInlineLimit: 0,
  },
  server: { proxy },
  preview: { proxy },
}));
