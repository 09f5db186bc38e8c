import { createHash } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defineBuildInfo } from './build-info.ts';
import { compressBuild } from './compress-build.ts';
import { pwaBuild } from './pwa-build.ts';
import { screenBuild } from './screen-build.ts';
import { signInFirstBuild } from './sign-in-first-build.ts';

const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/oidc': apiServer };

export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react(), signInFirstBuild(), screenBuild(), pwaBuild(), compressBuild()],
  define: defineBuildInfo(mode),
  // A CSS module's class names are in the first screen twice (its stylesheet and the map in
  // its script): in a build, a letter and three of a hash of the file and the name, not
  // `_banner_148ed_1`.
  css: mode === 'production' ? { modules: { generateScopedName: shortClassName } } : {},
  resolve: {
    alias: {
      // wouter's fallback for React before 18, in CommonJS: React 19 exports the hook itself.
      'use-sync-external-store/shim/index.js': 'react',
    },
  },
  build: {
    outDir: 'dist',
    // Served beside each script: errors name our own files and lines, and Lighthouse tells
    // which module a byte of unused JavaScript belongs to (decision 041).
    sourcemap: true,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Keep images and fonts as their own hashed files: inlined they would count against
    // the first screen's JavaScript budget and could not be cached apart from it.
    assetsInlineLimit: 0,
    // Browsers with modules have modulepreload but Safari before 17, which still runs the
    // site, fetching a section's modules as it opens: the polyfill is 0.2 KB of every
    // first screen for them alone.
    modulePreload: { polyfill: false },
    // Terser's second pass: 0.05 KB less of the first screen than Vite's own minifier.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, ecma: 2020, module: true },
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically goes into one chunk. Left alone,
        // Rolldown moves the modules the lazy sections share with it (React, TanStack
        // Query, the API client) into extra chunks the first screen must also load, and
        // each file compresses on its own: about 2 KB more gzip for the same code.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The contract's rules the sections share (payments, clans, tickets, screens):
            // one small chunk, not one each, whose names the first screen would list.
            { name: 'rules', test: /packages[\\/]contract[\\/]src[\\/](rules[\\/]|time-span)/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));

const classNames = new Map<string, string>(); // short name → the class it stands for

function shortClassName(name: string, filename: string): string {
  const file = path.relative(import.meta.dirname, filename.split('?')[0] ?? filename);
  const owner = `${file}:${name}`;
  const hash = createHash('sha256').update(owner).digest('base64url').replace(/[-_]/g, '');
  // A letter and three of the hash; one more for each class that has the name already, so
  // two classes never share one (which would style each other's elements).
  for (let length = 3; length <= hash.length; length++) {
    const short = `c${hash.slice(0, length)}`;
    const holder = classNames.get(short);
    if (holder !== undefined && holder !== owner) continue;
    classNames.set(short, owner);
    return short;
  }
  throw new Error(`CSS class ${owner} has no name of its own.`);
}
