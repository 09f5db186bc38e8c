import multipart from '@fastify/multipart';
import { problemDetailsSchema, wholeNumberParam } from '@lanparty/contract';
import { type AssetKindName, imageUploadLimits, imageWidths } from '@lanparty/contract/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { requireViewer } from '../auth/authenticate.ts';
import { attemptLimits, requireAttempt } from '../limits/attempt-limits.ts';
import { parseAssetName } from './asset-names.ts';
import { authorizeUpload, createImageReader, saveImage } from './assets.service.ts';

/** Any of these may end a GET (older clients ask for `.dat`); an upload names its type. */
const servedExtensions = new Set([undefined, 'jpg', 'png', 'dat']);
const uploadExtensions = new Set<string>(Object.values(imageUploadLimits.extensions));

const assetParams = z.object({ asset: z.string().max(40) });

const allWidths = [...new Set(Object.values(imageWidths).flat())].sort((a, b) => a - b);

const imageQuery = z.object({
  w: wholeNumberParam(1, 100_000)
    .optional()
    .meta({
      description:
        `The width to serve the image at, in pixels: for an avatar one of ${imageWidths.user.join(', ')}; ` +
        `for a banner one of ${imageWidths.lan.join(', ')}; for a hall one of ${imageWidths.hall.join(', ')} ` +
        '(any other is a 400). An image is never ' +
        'enlarged: one narrower than asked is served at its own width. Without w: as kept.',
    }),
  v: z
    .string()
    .max(100)
    .optional()
    .meta({
      description:
        'The version the address is for (a user’s avatarVersion, a lan’s bannerVersion). When it ' +
        'is the current one the answer may be kept for a year (Cache-Control immutable): a new upload ' +
        'has a new version, so a new address. Any other value is served the current image, revalidated.',
    }),
  lm: z.string().max(40).optional().meta({
    description:
      'A cache-busting value older clients build from Last-Modified; it does not change the answer.',
  }),
});

/** Cache-Control of an image: a year at its versioned address, else asked again each time. */
const cacheControls = {
  versioned: 'public, max-age=31536000, immutable',
  revalidated: 'public, max-age=0, must-revalidate',
} as const;

/** `w` as a width this kind of image is served at, or a 400 naming the parameter. */
function requireServedWidth(kind: AssetKindName, width: number | undefined): void {
  const widths: readonly number[] = imageWidths[kind];
  if (width === undefined || widths.includes(width)) return;
  const what = { user: 'an avatar', lan: 'a banner', hall: 'a hall' }[kind];
  const message = `w must be one of ${widths.join(', ')} for ${what}.`;
  throw new ProblemError(400, message, { errors: { w: [message] } });
}

/**
 * The file in the form's `image` field. Whatever goes wrong while reading the form is the
 * client's body — cut short, not multipart, no boundary — so it is a 4xx, never a 500.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new ProblemError(415, 'Send the image as multipart/form-data, field "image".');
  try {
    const part = await request.file();
    if (part?.fieldname !== 'image')
      throw new ProblemError(400, 'The form needs one file in the field "image".');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ProblemError(413, 'The image is too large: it may be at most 5 MB.');
    throw new ProblemError(400, 'The form could not be read: send one file in the field "image".');
  }
}

export const assetsRoutes =
  (deps: { db: AppDatabase }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: imageUploadLimits.maximumBytes, files: 1, fields: 0, parts: 2 },
    });
    const readImage = createImageReader({ db: deps.db, log: app.log });

    app.get(
      '/api/assets/:asset',
      {
        schema: {
          tags: ['assets'],
          summary: 'An image: a user’s avatar (user-{id}) or a lan’s banner (lan-{id})',
          description:
            'The extension (.jpg, .png, .dat) is optional and never decides the format: that is AVIF when ' +
            'Accept lists image/avif, else WebP when it lists image/webp, else the type it was uploaded in ' +
            '(Vary: Accept). `w` asks for a narrower copy (widths: ' +
            `${allWidths.join(', ')}), made once and kept until the next upload. Last-Modified and a ` +
            'per-format, per-width ETag allow revalidation; with `v` the current version the answer is ' +
            'kept for a year. 404 when there is none (the web app shows its fallback, and knows it from ' +
            'avatarVersion and bannerVersion without asking). HEAD answers the same headers.',
          params: assetParams,
          querystring: imageQuery,
        },
      },
      async (request, reply) => {
        const name = parseAssetName(request.params.asset);
        const width = request.query.w;
        if (name) requireServedWidth(name.kind, width);
        const isServed = name !== undefined && servedExtensions.has(name.extension);
        const image = isServed
          ? await readImage(name.assetId, request.headers.accept, width)
          : undefined;
        if (!image) throw new ProblemError(404, `There is no image ${request.params.asset}.`);
        const isVersioned = request.query.v === image.version;
        reply
          .header('content-type', image.contentType)
          .header('vary', 'accept')
          .header('last-modified', image.modificationDate.toUTCString())
          .header('etag', image.etag)
          .header(
            'cache-control',
            isVersioned ? cacheControls.versioned : cacheControls.revalidated,
          );
        const ifNoneMatch = request.headers['if-none-match'];
        const ifModifiedSince = request.headers['if-modified-since'];
        const isFresh =
          ifNoneMatch !== undefined
            ? ifNoneMatch.split(',').some((tag) => tag.trim() === image.etag)
            : ifModifiedSince !== undefined &&
              Math.floor(image.modificationDate.getTime() / 1000) <=
                Math.floor(Date.parse(ifModifiedSince) / 1000);
        if (isFresh) return reply.code(304).send();
        return reply.send(image.bytes);
      },
    );

    app.put(
      '/api/assets/:asset',
      {
        schema: {
          tags: ['assets'],
          summary: 'Upload an image (multipart field "image")',
          description:
            'user-{id}.{jpg|png}: by that user or a member administrator; lan-{id}.{jpg|png} (a ' +
            'banner) and hall-{id}.{jpg|png} (the picture a seat plan is drawn over): by a lan ' +
            'administrator. JPEG or PNG, checked by the bytes, at most 5 MB (413); anything else, or an ' +
            'image that cannot be decoded, 415; over 60 megapixels 400. The image is decoded and encoded ' +
            'again: only its pixels (turned upright, colours kept) remain, at most 256×256 for an avatar, ' +
            '1,600 px wide for a banner and 2,400 px for a hall. Limited per user and per address (429 with Retry-After).',
          params: assetParams,
          consumes: ['multipart/form-data'],
          response: {
            204: z.undefined(),
            400: problemDetailsSchema,
            401: problemDetailsSchema,
            403: problemDetailsSchema,
            404: problemDetailsSchema,
            413: problemDetailsSchema,
            415: problemDetailsSchema,
            429: problemDetailsSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        await requireAttempt(
          deps.db,
          [
            [attemptLimits.uploadsPerUser, String(viewer.user.id)],
            [attemptLimits.uploadsPerAddress, request.ip],
          ],
          'uploads',
        );
        const name = parseAssetName(request.params.asset);
        if (!name || !uploadExtensions.has(name.extension ?? '')) {
          throw new ProblemError(
            400,
            'Upload to user-{id}.jpg, user-{id}.png, lan-{id}.jpg or lan-{id}.png.',
          );
        }
        await authorizeUpload(deps.db, viewer, name);
        const bytes = await readImageField(request);
        await saveImage({ db: deps.db, kind: name.kind, id: name.id, bytes });
        return reply.code(204).send();
      },
    );
  };
