import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

/** The page of a lan's screen, beside index.html in the build (issue 35). */
export const screenPage = 'screen.html';

const screenEntry = 'src/screen/main.tsx';

/**
 * Builds a lan's screen (`src/screen/main.tsx`, /screen/{token}) apart from the app, as
 * sign-in-first-build.ts builds its script: a build of its own, so the site's first screen
 * carries nothing of it (not even the branch to it) and a TV loads React, the query client
 * and the screen alone. Writes `screen.html`: index.html with the screen's script and
 * stylesheets in place of the app's. The server sends it for /screen/{token} (web-app.ts);
 * the dev server does the same with the screen's source.
 */
export function screenBuild(): Plugin {
  let root = '';
  let isBuild = false;
  let files: Rolldown.OutputBundle[string][] = [];
  return {
    name: 'lanparty:screen',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const pathname = (request.url ?? '').split('?')[0] ?? '';
        if (!/^\/screen\/[^/]+\/*$/i.test(pathname)) return next();
        const { readFile } = await import('node:fs/promises');
        const index = await readFile(path.join(root, 'index.html'), 'utf8');
        const html = await server.transformIndexHtml(
          pathname,
          index.replace('/src/main.tsx', `/${screenEntry}`),
        );
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(html);
      });
    },
    async buildStart() {
      if (!isBuild) return;
      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        plugins: [react()],
        build: {
          write: false,
          sourcemap: true,
          modulePreload: false,
          assetsInlineLimit: 0,
          rolldownOptions: {
            input: { screen: path.join(root, screenEntry) },
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
            },
          },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      files = outputs.flatMap((output) => ('output' in output ? output.output : []));
    },
    generateBundle(_options, bundle) {
      if (files.length === 0) return;
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
      const index = bundle['index.html'];
      if (entry?.type !== 'chunk' || index?.type !== 'asset')
        this.error('The screen page needs its script and index.html.');
      for (const file of files) {
        if (bundle[file.fileName]) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        this.emitFile({ type: 'asset', fileName: file.fileName, source });
      }
      const stylesheets = [...(entry.viteMetadata?.importedCss ?? [])]
        .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
        .join('');
      const html = String(index.source)
        .replace(/<link rel="stylesheet"[^>]*>/g, '')
        .replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          /<script type="module" crossorigin src="[^"]+"><\/script>/,
          `<script type="module" crossorigin src="/${entry.fileName}"></script>${stylesheets}`,
        );
      this.emitFile({ type: 'asset', fileName: screenPage, source: html });
    },
  };
}
