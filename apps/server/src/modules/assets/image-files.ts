/**
 * Uploaded images are checked by their bytes, not their name, and leave without the
 * metadata cameras and phones write into them (EXIF with GPS positions, XMP, IPTC,
 * comments). Pure functions over buffers: no image library, nothing native.
 */

export type ImageType = 'jpg' | 'png';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  return undefined;
}

export const contentTypes: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png' };

export class InvalidImageError extends Error {}

export function stripMetadata(bytes: Buffer, type: ImageType): Buffer {
  return type === 'jpg' ? stripJpegMetadata(bytes) : stripPngMetadata(bytes);
}

/**
 * Keeps APP0 (JFIF), APP2 (ICC colour profile) and APP14 (Adobe colour transform), which
 * the picture needs to look right; drops APP1 (EXIF, XMP), the other APPn segments and
 * comments. Everything from the start of scan on is image data and is kept as it is.
 */
function stripJpegMetadata(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw new InvalidImageError('The JPEG file is damaged.');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) {
      kept.push(bytes.subarray(offset));
      return Buffer.concat(kept);
    }
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw new InvalidImageError('The JPEG file is damaged.');
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const isKeptApp = marker === 0xe0 || marker === 0xe2 || marker === 0xee;
    const isComment = marker === 0xfe;
    if (!(isApp && !isKeptApp) && !isComment) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  throw new InvalidImageError('The JPEG file ends before its image data.');
}

/** Text, time and EXIF chunks go; everything the picture needs stays. */
const droppedPngChunks = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPngMetadata(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new InvalidImageError('The PNG file is damaged.');
    if (!droppedPngChunks.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  throw new InvalidImageError('The PNG file ends before its end chunk.');
}
