import type { FastifyInstance } from 'fastify';
import sharp, { type Exif } from 'sharp';
import { encodePng, pngChunk } from '../src/lib/png.ts';

export { pngChunk };

/** A real 1×1 PNG; `text` adds a tEXt chunk such as cameras and editors write. */
export function makePng(text?: string): Buffer {
  return encodePng({
    width: 1,
    height: 1,
    scanlines: Buffer.from([0, 0x22, 0xd3, 0xee]),
    extraChunks: text ? [pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))] : [],
  });
}

/**
 * A real JPEG made with sharp: a gradient, so it is a picture rather than one colour.
 * `exif` writes those EXIF tags (sharp's `IFD0`, `IFD3` = GPS); `orientation` the EXIF
 * orientation (6: the camera was turned, the picture must be turned 90° to stand upright).
 */
export async function makeJpeg(
  options: { width?: number; height?: number; exif?: Exif; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  let image = sharp(makeGradient(width, height), { raw: { width, height, channels: 3 } }).jpeg();
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif) image = image.withExifMerge(options.exif);
  return image.toBuffer();
}

/** A PNG of that size made with sharp, a gradient as makeJpeg's. */
export async function makeLargePng(width: number, height: number): Promise<Buffer> {
  return sharp(makeGradient(width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Raw RGB pixels: red grows to the right, green downwards. */
function makeGradient(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / width) * 255);
      pixels[offset + 1] = Math.round((y / height) * 255);
      pixels[offset + 2] = 128;
    }
  }
  return pixels;
}

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----lanparty-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** PUT /api/assets/{asset} with the bytes as the form's file (`image` unless told). */
export function uploadImage(
  app: FastifyInstance,
  asset: string,
  bytes: Buffer,
  options: { headers?: Record<string, string>; field?: string } = {},
) {
  const body = multipartBody(options.field ?? 'image', 'upload.png', 'image/png', bytes);
  return app.inject({
    method: 'PUT',
    url: `/api/assets/${asset}`,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}
