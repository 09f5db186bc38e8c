import { crc32, deflateSync } from 'node:zlib';

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export type PngImage = {
  width: number;
  height: number;
  /** The scanlines as PNG stores them before compression: each row a filter byte, then pixels. */
  scanlines: Buffer;
  /** 8 (the default) or fewer bits per sample. */
  bitDepth?: number;
  /** 2 = RGB (the default), 0 = greyscale. */
  colorType?: number;
  /** Chunks written between IHDR and IDAT (e.g. tEXt). */
  extraChunks?: Buffer[];
  /** zlib level for the image data; zlib's default unless told. */
  level?: number;
};

/** A PNG written by hand, with no chunks but IHDR, the extra ones, IDAT and IEND. */
export function encodePng(image: PngImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([image.bitDepth ?? 8, image.colorType ?? 2, 0, 0, 0], 8);
  const level = image.level === undefined ? {} : { level: image.level };
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    ...(image.extraChunks ?? []),
    pngChunk('IDAT', deflateSync(image.scanlines, level)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
