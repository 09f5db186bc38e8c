import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { encodePng } from '../src/lib/png.ts';
import { makeJpeg, makeLargePng, pngChunk } from './images.ts';

/**
 * Images built to carry what must never be served again: each is decodable (a browser
 * shows it) and holds its secrets where cameras, phones and attackers put them. Every
 * builder answers the bytes and the secrets as text to look for in what the site serves.
 */
export type HostileImage = { bytes: Buffer; secrets: string[] };

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** Puts segments right after a JPEG's start-of-image marker. */
function insertAfterSoi(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

const gps = { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 2652/100', GPSLongitudeRef: 'E' };

/**
 * What a phone writes: a photo with EXIF (GPS), an APP2 "MPF" segment (CIPA DC-007)
 * indexing a second picture, and that second JPEG after the first one's end-of-image
 * marker, with EXIF of its own carrying the position as text.
 */
export async function makeMultiPictureJpeg(): Promise<HostileImage> {
  const secrets = ['SECRET-PRIMARY-52.0907N', 'SECRET-MPF-GPS-52.0907N-5.1214E'];
  const primary = await makeJpeg({
    width: 320,
    height: 240,
    exif: { IFD0: { ImageDescription: secrets[0] as string }, IFD3: gps },
  });
  const second = await makeJpeg({
    width: 160,
    height: 120,
    exif: { IFD0: { ImageDescription: secrets[1] as string }, IFD3: gps },
  });
  // The APP2 data: "MPF\0", then a big-endian TIFF header whose IFD holds the MP version,
  // the number of images and where their two 16-byte MP entries are (offsets count from
  // the TIFF header, which sits in the file after SOI, marker, length and "MPF\0").
  const mpf = Buffer.alloc(4 + 8 + 2 + 3 * 12 + 4 + 2 * 16);
  mpf.write('MPF\0', 0, 'latin1');
  const tiff = mpf.subarray(4);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(3, 8);
  const tags = [
    [0xb000, 7, 4, Buffer.from('0100').readUInt32BE()], // MPFVersion
    [0xb001, 4, 1, 2], // NumberOfImages
    [0xb002, 7, 32, 50], // MPEntry, at offset 50
  ];
  for (const [index, [tag, type, count, value]] of tags.entries()) {
    tiff.writeUInt16BE(tag as number, 10 + index * 12);
    tiff.writeUInt16BE(type as number, 12 + index * 12);
    tiff.writeUInt32BE(count as number, 14 + index * 12);
    tiff.writeUInt32BE(value as number, 18 + index * 12);
  }
  const primaryLength = primary.length + 4 + mpf.length;
  const tiffInFile = 2 + 4 + 4;
  tiff.writeUInt32BE(0x20030000, 50); // primary image, baseline JPEG
  tiff.writeUInt32BE(primaryLength, 54);
  tiff.writeUInt32BE(0x00020002, 66); // large thumbnail
  tiff.writeUInt32BE(second.length, 70);
  tiff.writeUInt32BE(primaryLength - tiffInFile, 74);
  const bytes = Buffer.concat([insertAfterSoi(primary, jpegSegment(0xe2, mpf)), second]);
  return { bytes, secrets };
}

/** A JPEG with bytes after its end-of-image marker: decoders stop there, copies do not. */
export async function makeJpegWithTrailer(): Promise<HostileImage> {
  const secret = 'SECRET-AFTER-EOI home address: Dorpsstraat 1';
  return { bytes: Buffer.concat([await makeJpeg(), Buffer.from(secret)]), secrets: [secret] };
}

/** A PNG with text (tEXt, zTXt, iTXt), EXIF (eXIf), a time (tIME) and a private chunk. */
export async function makePngWithPrivateChunks(): Promise<HostileImage> {
  const secrets = ['SECRET-TEXT', 'SECRET-ITXT', 'SECRET-EXIF-IN-PNG', 'SECRET-PRIVATE-CHUNK'];
  const png = await makeLargePng(40, 30);
  const exifJpeg = await makeJpeg({ exif: { IFD0: { ImageDescription: secrets[2] as string } } });
  const exif = (await sharp(exifJpeg).metadata()).exif?.subarray(6); // past "Exif\0\0"
  if (!exif) throw new Error('sharp wrote no EXIF');
  const iend = png.length - 12;
  const afterHeader = 8 + 25;
  const bytes = Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('eXIf', exif),
    pngChunk('tEXt', Buffer.from(`Comment\0${secrets[0]}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Author\0\0'), deflateSync('SECRET-ZTXT')])),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${secrets[1]}`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xe9, 1, 2, 3, 4, 5])),
    png.subarray(afterHeader, iend),
    pngChunk('prVt', Buffer.from(secrets[3] as string)),
    png.subarray(iend),
  ]);
  return { bytes, secrets };
}

/**
 * A PNG that is also a ZIP holding a web page with a script: the picture shows, and
 * anything that trusts the bytes rather than the type finds the archive.
 */
export function makePolyglotPng(): HostileImage {
  const secrets = ['<script>', 'SECRET-ZIP', 'PK\u0003\u0004'];
  const page = Buffer.from("<html><script>alert('SECRET-ZIP')</script></html>");
  const name = Buffer.from('index.html');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(page), 14);
  local.writeUInt32LE(page.length, 18);
  local.writeUInt32LE(page.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(page), 16);
  central.writeUInt32LE(page.length, 20);
  central.writeUInt32LE(page.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + page.length, 16);
  const zip = Buffer.concat([local, name, page, central, name, end]);
  const png = makeSolidPng(16, 16);
  return { bytes: Buffer.concat([png, zip]), secrets };
}

/**
 * A JPEG whose colour profile (APP2 "ICC_PROFILE") carries text after its tags: a
 * profile is a file of its own, and decoders read past what they do not need.
 */
export async function makeJpegWithSecretInColourProfile(): Promise<HostileImage> {
  const secret = 'SECRET-IN-ICC-PROFILE';
  const tagged = await sharp(await makeJpeg())
    .withIccProfile('srgb')
    .jpeg()
    .toBuffer();
  const icc = (await sharp(tagged).metadata()).icc;
  if (!icc) throw new Error('sharp wrote no colour profile');
  const profile = Buffer.concat([icc, Buffer.from(secret)]);
  profile.writeUInt32BE(profile.length, 0); // the profile's own size field
  const app2 = Buffer.concat([Buffer.from('ICC_PROFILE\0'), Buffer.from([1, 1]), profile]);
  return { bytes: insertAfterSoi(await makeJpeg(), jpegSegment(0xe2, app2)), secrets: [secret] };
}

/** A JPEG whose comment segment holds a script, for anything that sniffs it as HTML. */
export async function makeJpegWithScriptComment(): Promise<HostileImage> {
  const script = '<script>fetch("/api/users/me").then(r=>r.text()).then(alert)</script>';
  const bytes = insertAfterSoi(await makeJpeg(), jpegSegment(0xfe, Buffer.from(script)));
  return { bytes, secrets: ['<script>', 'fetch('] };
}

/**
 * A "decompression bomb": a PNG declaring width × height pixels, one bit each, all zero.
 * Deflate packs the rows about a thousand to one, so 10000 × 10000 is 12 KB on the wire
 * and 100 megapixels — 300 MB as RGB — once decoded.
 */
export function makeDecompressionBomb(width: number, height: number): Buffer {
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter 0, black
  return encodePng({ width, height, scanlines: rows, bitDepth: 1, colorType: 0, level: 9 });
}

/** An 8-bit RGB PNG of one colour, built by hand (no encoder's own chunks in it). */
function makeSolidPng(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const scanlines = Buffer.concat(Array.from({ length: height }, () => row));
  return encodePng({ width, height, scanlines });
}
