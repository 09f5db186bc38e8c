import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** The page for a browser without the signed-in hint, beside index.html in the build. */
export const signInFirstPage = 'sign-in-first.html';

/**
 * Builds `src/boot/sign-in-first.ts` apart from the app (a build of its own, so none of the
 * app's modules move into a chunk both would load) into assets/, and writes
 * `sign-in-first.html`: index.html with that script in place of the app's, which it names
 * in `data-app`. The server sends it to a browser that keeps no session (web-app.ts).
 */
export function signInFirstBuild(): Plugin {
  let root = '';
  let files: Rolldown.OutputBundle[string][] = [];
  return {
    name: 'lanparty:sign-in-first',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        build: {
          write: false,
          sourcemap: true,
          modulePreload: false,
          rolldownOptions: {
            input: { 'sign-in-first': path.join(root, 'src/boot/sign-in-first.ts') },
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
            },
          },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      files = outputs.flatMap((output) => ('output' in output ? output.output : []));
    },
    generateBundle(_options, bundle) {
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
      const index = bundle['index.html'];
      if (!entry || index?.type !== 'asset') {
        this.error('The sign-in-first page needs its script and index.html.');
      }
      for (const file of files) {
        const source = file.type === 'chunk' ? file.code : file.source;
        this.emitFile({ type: 'asset', fileName: file.fileName, source });
      }
      const appScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
      const html = String(index.source);
      const appUrl = appScript.exec(html)?.[1];
      if (!appUrl) this.error("index.html has no module script for the app's entry.");
      this.emitFile({
        type: 'asset',
        fileName: signInFirstPage,
        source: html.replace(
          appScript,
          `<script type="module" crossorigin src="/${entry.fileName}" data-app="${appUrl}"></script>`,
        ),
      });
    },
  };
}
