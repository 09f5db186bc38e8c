import sharp from 'sharp';

/**
 * `npm run bench:images`: what an upload costs and what visitors download, through a real
 * site on SQLite over HTTP. A 12-megapixel phone-like JPEG and a 2,000 px PNG are each
 * uploaded as a lan banner and as an avatar; then each is fetched as AVIF, WebP and in its
 * own type, as kept and at each width it is served at (`?w=`, what srcset asks for) — the
 * first time (when that copy is made) and again (median of BENCH_RUNS, default 5). Bytes
 * are the upload's against what is served.
 */
const { startApiSite } = await import('../apps/server/test/api-site.ts');
const { signInAs } = await import('../apps/server/test/signed-in.ts');
const { buildLanBody } = await import('../apps/server/test/lans.ts');
const { imageWidths } = await import('@lanparty/contract/rules');

const runs = Number(process.env.BENCH_RUNS ?? 5);
const accepts = {
  AVIF: 'image/avif,image/webp,*/*;q=0.8',
  WebP: 'image/webp,*/*;q=0.8',
  original: '*/*',
};

/**
 * Photo-like pixels: soft random shapes (a coarse grid of colours, blended), fine detail
 * and sensor grain, so encoders work as hard as on a real photo.
 */
function makePhotoPixels(width: number, height: number, grain: number): Buffer {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const cells = 24;
  const grid = Array.from({ length: (cells + 1) ** 2 * 3 }, () => random() * 255);
  const at = (row: number, column: number, channel: number) =>
    grid[(row * (cells + 1) + column) * 3 + channel] ?? 0;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const gridY = (y / height) * cells;
    const row = Math.floor(gridY);
    const fy = gridY - row;
    for (let x = 0; x < width; x++) {
      const gridX = (x / width) * cells;
      const column = Math.floor(gridX);
      const fx = gridX - column;
      for (let channel = 0; channel < 3; channel++) {
        const top = at(row, column, channel) * (1 - fx) + at(row, column + 1, channel) * fx;
        const bottom =
          at(row + 1, column, channel) * (1 - fx) + at(row + 1, column + 1, channel) * fx;
        const detail = Math.sin(x / 40 + channel) * Math.cos(y / 11) * 18;
        const value = top * (1 - fy) + bottom * fy + detail + (random() - 0.5) * grain;
        pixels[(y * width + x) * 3 + channel] = Math.max(0, Math.min(255, value));
      }
    }
  }
  return pixels;
}

async function makeSources() {
  const raw = (width: number, height: number) => ({ raw: { width, height, channels: 3 as const } });
  const jpeg = await sharp(makePhotoPixels(4000, 3000, 28), raw(4000, 3000))
    .jpeg({ quality: 92 })
    .toBuffer();
  const png = await sharp(makePhotoPixels(2000, 1500, 4), raw(2000, 1500))
    .png({ adaptiveFiltering: true })
    .toBuffer();
  return [
    { label: '12 MP JPEG (4000×3000)', bytes: jpeg, extension: 'jpg' },
    { label: '2000 px PNG (2000×1500)', bytes: png, extension: 'png' },
  ];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const milliseconds = (time: number) => `${time.toFixed(0)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; time: number }> {
  const started = performance.now();
  const result = await work();
  return { result, time: performance.now() - started };
}

const site = await startApiSite('sqlite', { LOG_LEVEL: 'silent' });
try {
  const baseUrl = await site.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signInAs(site.db, site.issuer, ['LanAdministrator', 'MemberAdministrator']);
  const sources = await makeSources();
  console.info(`Images through a site on SQLite; "again" is the median of ${runs}.`);
  for (const source of sources)
    console.info(`  ${source.extension.toUpperCase()}: ${source.label}`);
  console.info('');
  const columns = (cells: string[]) =>
    console.info(
      cells
        .map((cell, index) =>
          index === 0 ? cell.padEnd(14) : index === 3 ? `   ${cell}`.padEnd(19) : cell.padStart(10),
        )
        .join(''),
    );
  columns([
    'asset',
    'uploaded',
    'upload',
    'format',
    'size',
    'first',
    'again',
    'served',
    'of upload',
  ]);
  for (const source of sources) {
    for (const kind of ['lan', 'user'] as const) {
      const id =
        kind === 'user'
          ? admin.user.id
          : (
              await site.app.inject({
                method: 'POST',
                url: '/api/lans',
                headers: admin.headers,
                payload: buildLanBody({ name: `Bench lan ${source.extension}` }),
              })
            ).json().id;
      const url = `${baseUrl}/api/assets/${kind}-${id}`;
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(source.bytes)]), `upload.${source.extension}`);
      const upload = await timed(() =>
        fetch(`${url}.${source.extension}`, { method: 'PUT', headers: admin.headers, body: form }),
      );
      if (upload.result.status !== 204) throw new Error(`upload answered ${upload.result.status}`);
      const name = `${kind === 'lan' ? 'banner' : 'avatar'} ← ${source.extension.toUpperCase()}`;
      let isFirstRow = true;
      for (const [format, accept] of Object.entries(accepts)) {
        for (const width of [undefined, ...imageWidths[kind]]) {
          const address = width === undefined ? url : `${url}?w=${width}`;
          const get = () => fetch(address, { headers: { accept } }).then((r) => r.arrayBuffer());
          const first = await timed(get);
          const again: number[] = [];
          for (let run = 0; run < runs; run += 1) again.push((await timed(get)).time);
          const bytes = first.result.byteLength;
          const served = await sharp(Buffer.from(first.result)).metadata();
          columns([
            isFirstRow ? name : '',
            isFirstRow ? kilobytes(source.bytes.length) : '',
            isFirstRow ? milliseconds(upload.time) : '',
            width === undefined ? format : `${format} w=${width}`,
            `${served.width}×${served.height}`,
            milliseconds(first.time),
            milliseconds(median(again)),
            kilobytes(bytes),
            `${((bytes / source.bytes.length) * 100).toFixed(1)}%`,
          ]);
          isFirstRow = false;
        }
      }
    }
  }
} finally {
  await site.close();
}
