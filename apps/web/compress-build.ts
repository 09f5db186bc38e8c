import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text and WebAssembly shrink; fonts and images are compressed already. */
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.wasm', '.txt']);
/** Below this a compressed copy saves less than the headers it costs. */
const smallestWorthIt = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the
 * build, at the highest levels: done once when building, never per request. The server
 * sends the copy the browser accepts (`preCompressed` in the static files), so a phone
 * loads about a quarter of the bytes without the server compressing anything at run time.
 */
export function compressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'lanparty:compress-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((file) => file.isFile() && compressible.has(path.extname(file.name)))
          .map(async (file) => {
            const filePath = path.join(file.parentPath, file.name);
            const content = await readFile(filePath);
            if (content.length < smallestWorthIt) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            // A copy no smaller than the file would only cost the browser a decode.
            if (br.length < content.length) await writeFile(`${filePath}.br`, br);
            if (gz.length < content.length) await writeFile(`${filePath}.gz`, gz);
          }),
      );
    },
  };
}
