import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

/** The page of a lan's screen, beside index.html in the build (issue 35). */
export const screenPage = 'screen.html';

/** The page a person lands on after erasing their own account (issue 51). */
export const accountErasedPage = 'account-erased.html';

/** The pages built apart from the app: their entry, their page, the addresses they serve. */
const pages = [
  { name: 'screen', entry: 'src/screen/main.tsx', page: screenPage, path: /^\/screen\/[^/]+\/*$/i },
  {
    name: 'account-erased',
    entry: 'src/account-erased/main.tsx',
    page: accountErasedPage,
    path: /^\/account-erased\/*$/i,
  },
] as const;

/**
 * Builds a lan's screen (`src/screen/main.tsx`, /screen/{token}) and the erased account's
 * page (`src/account-erased/main.tsx`) apart from the app, as sign-in-first-build.ts builds
 * its script: one build of their own, so the site's first screen carries nothing of them
 * (not even the branch to them) and a TV loads React, the query client and the screen
 * alone. Writes `screen.html` and `account-erased.html`: index.html with the page's script
 * and stylesheets in place of the app's. The server sends them for their addresses
 * (web-app.ts); the dev server does the same with their source.
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
        const page = pages.find((each) => each.path.test(pathname));
        if (!page) return next();
        const { readFile } = await import('node:fs/promises');
        const index = await readFile(path.join(root, 'index.html'), 'utf8');
        const html = await server.transformIndexHtml(
          pathname,
          index.replace('/src/main.tsx', `/${page.entry}`),
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
            input: Object.fromEntries(
              pages.map((page) => [page.name, path.join(root, page.entry)]),
            ),
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              // `apart-`: the app's service worker leaves them out of its precache.
              chunkFileNames: 'assets/apart-[name]-[hash].js',
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
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('The pages built apart need index.html.');
      for (const file of files) {
        if (bundle[file.fileName]) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        this.emitFile({ type: 'asset', fileName: file.fileName, source });
      }
      for (const { name, page } of pages) {
        const entry = files.find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === name,
        );
        if (entry?.type !== 'chunk') this.error(`The page ${page} needs its script.`);
        const stylesheets = [...stylesheetsOf(entry, files)]
          .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
          .join('');
        const html = String(index.source)
          .replace(/<link rel="stylesheet"[^>]*>/g, '')
          .replace(/<link rel="modulepreload"[^>]*>/g, '')
          .replace(
            /<script type="module" crossorigin src="[^"]+"><\/script>/,
            `<script type="module" crossorigin src="/${entry.fileName}"></script>${stylesheets}`,
          );
        this.emitFile({ type: 'asset', fileName: page, source: html });
      }
    },
  };
}

/**
 * The stylesheets a page's entry needs: its own and those of every chunk it imports, however
 * deep (the two pages share React and the theme, which go to a chunk of both).
 */
function stylesheetsOf(
  entry: Rolldown.OutputChunk,
  files: readonly Rolldown.OutputBundle[string][],
): Set<string> {
  const chunks = new Map(
    files.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
  );
  const stylesheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = chunks.get(imported);
      if (next) visit(next);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) stylesheets.add(css);
  };
  visit(entry);
  return stylesheets;
}
