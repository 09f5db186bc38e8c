import sharp, { type Sharp } from 'sharp';
import { ProblemError } from '../../http/problems.ts';

/**
 * Every uploaded image is decoded and encoded again with sharp (libvips), so what we serve
 * holds its pixels and nothing else: no EXIF or GPS, no second picture a phone packed in
 * (MPF), no bytes after the end of the image, no text or private chunks, no script hidden
 * in a comment. See docs/decisions/017-images-through-sharp.md.
 */

// libvips keeps recent results to reuse them; every image here is new once, so the cache
// would only hold up to 50 MB of pixels nobody asks for again.
sharp.cache(false);

export type ImageType = 'jpg' | 'png';
export type VariantFormat = 'avif' | 'webp';

export const contentTypes: Record<ImageType | VariantFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  webp: 'image/webp',
};

/** The largest size an image is kept at: the largest the site shows it. */
export type ImageBounds = { width: number; height: number; fit: 'cover' | 'inside' };

/**
 * Decoding is refused above this: a 5 MB PNG can declare a 30000×30000 canvas (a
 * "decompression bomb") whose pixels would need gigabytes. 60 megapixels is above any
 * phone or camera a lanner uses (a 48 MP phone photo passes), and about 240 MB decoded.
 */
export const maximumInputPixels = 60_000_000;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by the file's first bytes; the name or extension it came with never decides. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  return undefined;
}

export type EncodedImage = { type: ImageType; bytes: Buffer; width: number; height: number };

const sharpFormats: Record<ImageType, string> = { jpg: 'jpeg', png: 'png' };
const unreadableMessage = 'The image could not be read: it is damaged or not a JPEG or PNG.';

/**
 * An upload as we keep it: turned upright by its EXIF orientation, at most `bounds`
 * (never enlarged), encoded again in its own type. Throws a ProblemError a client can
 * act on: 415 for what is not a readable JPEG or PNG, 400 for a picture with too many
 * pixels.
 */
export async function encodeUploadedImage(
  bytes: Buffer,
  bounds: ImageBounds,
): Promise<EncodedImage> {
  const type = detectImageType(bytes);
  if (!type) throw new ProblemError(415, 'Only JPEG and PNG images can be uploaded.');
  // The header alone: cheap, and it tells the pixel count before anything is decoded.
  const header = await sharp(bytes, { limitInputPixels: maximumInputPixels })
    .metadata()
    .catch(refuseUnreadable);
  if (header.format !== sharpFormats[type]) throw new ProblemError(415, unreadableMessage);

  let pipeline = sharp(bytes, { limitInputPixels: maximumInputPixels, autoOrient: true }).resize({
    width: bounds.width,
    height: bounds.height,
    fit: bounds.fit,
    withoutEnlargement: true,
  });
  // The colours stay right, but the upload's own profile does not travel on: a profile is
  // a file of its own whose text tags can hold anything. Display P3 holds every colour of
  // sRGB and of phone cameras; without a profile an image is sRGB and stays untagged.
  if (header.icc) pipeline = pipeline.withIccProfile('p3');
  const { data, info } = await encodeAs(pipeline, type)
    .toBuffer({ resolveWithObject: true })
    .catch(refuseUnreadable);
  return { type, bytes: data, width: info.width, height: info.height };
}

/** sharp's refusal as the client's problem: too many pixels (400), or not readable (415). */
function refuseUnreadable(error: unknown): never {
  if (error instanceof Error && /exceeds pixel limit/.test(error.message)) {
    const message = `The image is too large: at most ${maximumInputPixels / 1_000_000} megapixels.`;
    throw new ProblemError(400, message, { errors: { image: [message] } });
  }
  throw new ProblemError(415, unreadableMessage);
}

/**
 * mozjpeg: about 30% smaller than plain libjpeg at the same quality, for 10–15% more time.
 * PNG: filtering per row halves a photo's size; zlib level 9 on top took five times as
 * long (2.8 s for a 1600 px photo here) for 4% fewer bytes.
 */
function encodeAs(pipeline: Sharp, type: ImageType): Sharp {
  return type === 'jpg'
    ? pipeline.jpeg({ quality: 82, mozjpeg: true })
    : pipeline.png({ compressionLevel: 6, adaptiveFiltering: true });
}

/**
 * The same picture in a format a browser said it accepts (or in the master's own type),
 * at most `width` pixels wide (never enlarged); made from a master we encoded, keeping its
 * colour profile (ours, see above). Effort 1 of libaom's 0–9: at the default (4) a 1600 px
 * banner took over 4 s here for 2% fewer bytes; at 1 it takes about 0.3 s.
 */
export async function encodeImageVariant(
  master: Buffer,
  format: VariantFormat | ImageType,
  width?: number,
): Promise<Buffer> {
  let pipeline = sharp(master, { limitInputPixels: maximumInputPixels }).keepIccProfile();
  if (width !== undefined) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 1 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality: 80 }).toBuffer();
  return encodeAs(pipeline, format).toBuffer();
}
