import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defineBuildInfo } from './build-info.ts';
import { compressBuild } from './compress-build.ts';

const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/oidc': apiServer };

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react(), compressBuild()],
  define: defineBuildInfo(mode),
  resolve: {
    alias: {
      // wouter's fallback for React before 18, in CommonJS: React 19 exports the hook itself.
      'use-sync-external-store/shim/index.js': 'react',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Keep images and fonts as their own hashed files: inlined they would count against
    // the first screen's JavaScript budget and could not be cached apart from it.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically goes into one chunk. Left alone,
        // Rolldown moves the modules the lazy sections share with it (React, TanStack
        // Query, the API client) into extra chunks the first screen must also load, and
        // each file compresses on its own: about 2 KB more gzip for the same code.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
