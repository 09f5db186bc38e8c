import { imageUploadLimits } from '@lanparty/contract/rules';
import fc from 'fast-check';
import { makeJpeg, makePng } from '../images.ts';
import type { BodyCase } from './bodies.ts';

/**
 * Uploads (PUT /api/assets/{asset}): a valid image form, and forms broken the ways
 * uploads break in practice — a connection that drops mid-body, a browser's odd
 * boundary, a file that only pretends to be an image.
 */

const boundary = 'fuzz-boundary-7d1';
const maximumUploadBytes = imageUploadLimits.maximumBytes;

type Part = { field: string; fileName?: string; contentType?: string; bytes: Buffer };

function writeForm(parts: Part[], formBoundary = boundary, isClosed = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(
        `--${formBoundary}\r\nContent-Disposition: form-data; name="${part.field}"${fileName}${type}\r\n\r\n`,
        'utf8',
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (isClosed) chunks.push(Buffer.from(`--${formBoundary}--\r\n`));
  return Buffer.concat(chunks);
}

const formType = (formBoundary = boundary) => `multipart/form-data; boundary=${formBoundary}`;

const images = {
  png: makePng('taken at home'),
  jpeg: await makeJpeg({ width: 32, height: 24, exif: { IFD0: { ImageDescription: 'at home' } } }),
};

const imagePart = (bytes: Buffer): Part => ({
  field: 'image',
  fileName: 'picture.png',
  contentType: 'image/png',
  bytes,
});

/** Image bytes that are damaged or only look like an image. */
const damagedImage: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => Buffer.concat([images.png.subarray(0, 8), bytes])),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), bytes])),
  fc
    .tuple(fc.constantFrom(images.png, images.jpeg), fc.nat(), fc.nat({ max: 255 }))
    .map(([image, position, byte]) => {
      const flipped = Buffer.from(image);
      flipped[position % flipped.length] = byte;
      return flipped;
    }),
  fc
    .tuple(fc.constantFrom(images.png, images.jpeg), fc.integer({ min: 1, max: 999 }))
    .map(([image, permille]) => image.subarray(0, Math.floor((image.length * permille) / 1000))),
  // A PNG chunk that claims to be 4 GB long.
  fc.constant(
    Buffer.concat([
      images.png.subarray(0, 8),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from('IHDR'),
    ]),
  ),
);

const hostileFileNames = [
  '../../etc/passwd',
  'a\u0000b.png',
  'x'.repeat(10_000),
  '😀.png',
  '',
  'a"b.png',
  'a\r\nX-Evil: 1',
];

/** A valid upload: one real PNG or JPEG in the field `image`. */
export const validUpload: fc.Arbitrary<BodyCase> = fc
  .constantFrom(images.png, images.jpeg)
  .map((bytes) => ({
    body: { kind: 'bytes', bytes: writeForm([imagePart(bytes)]), contentType: formType() },
    location: 'multipart',
    change: 'valid image',
  }));

const form = (change: string, parts: Part[], contentType = formType(), isClosed = true) =>
  ({
    body: { kind: 'bytes', bytes: writeForm(parts, boundary, isClosed), contentType },
    location: 'multipart',
    change,
  }) satisfies BodyCase;

/** An upload body broken in one way. */
export const multipartGarbage: fc.Arbitrary<BodyCase> = fc.oneof(
  { weight: 3, arbitrary: validUpload },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(images.png, images.jpeg),
        // Per mille, not a fraction: fast-check's doubles cluster at 0, an empty body.
        fc.integer({ min: 1, max: 999 }),
      )
      .map(([bytes, permille]) => {
        const whole = writeForm([imagePart(bytes)]);
        const cut = Math.max(1, Math.floor((whole.length * permille) / 1000));
        const fileStart = whole.indexOf('\r\n\r\n') + 4;
        const where =
          cut < fileStart
            ? 'in the part headers'
            : cut < fileStart + bytes.length
              ? 'in the file'
              : 'in the closing boundary';
        return {
          body: { kind: 'bytes', bytes: whole.subarray(0, cut), contentType: formType() },
          location: 'multipart',
          change: `form ends early, ${where}`,
        } satisfies BodyCase;
      }),
  },
  { weight: 2, arbitrary: damagedImage.map((bytes) => form('damaged image', [imagePart(bytes)])) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...hostileFileNames).map((fileName) => ({
      ...form('hostile file name', [{ ...imagePart(images.png), fileName }]),
      value: fileName,
    })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      form('form not closed', [imagePart(images.png)], formType(), false),
      form('wrong field', [{ ...imagePart(images.png), field: 'avatar' }]),
      form('two files', [imagePart(images.png), imagePart(images.jpeg)]),
      form('a text field, no file', [{ field: 'image', bytes: Buffer.from('hello') }]),
      form('text field before the file', [
        { field: 'note', bytes: Buffer.from('x') },
        imagePart(images.png),
      ]),
      form('no parts', []),
      form('boundary mismatch', [imagePart(images.png)], formType('other-boundary')),
      form('no boundary', [imagePart(images.png)], 'multipart/form-data'),
      form('empty boundary', [imagePart(images.png)], 'multipart/form-data; boundary='),
      form('boundary too long', [imagePart(images.png)], formType('b'.repeat(200))),
      form(
        'mixed, not form-data',
        [imagePart(images.png)],
        `multipart/mixed; boundary=${boundary}`,
      ),
      form('part type garbage', [{ ...imagePart(images.png), contentType: ';;;/' }]),
      form('image as json', [], 'application/json'),
      {
        body: { kind: 'none', contentType: formType() },
        location: 'multipart',
        change: 'empty body',
      } satisfies BodyCase,
      // One byte over the limit; rare among the others, as it costs 5 MB per request.
      form('image over 5 MB', [
        imagePart(
          Buffer.concat([images.png, Buffer.alloc(maximumUploadBytes + 1 - images.png.length)]),
        ),
      ]),
    ),
  },
);
