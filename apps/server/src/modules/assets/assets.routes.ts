import multipart from '@fastify/multipart';
import { problemDetailsSchema } from '@lanparty/contract';
import { type AssetKindName, imageUploadLimits } from '@lanparty/contract/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { requireViewer } from '../auth/authenticate.ts';
import type { Viewer } from '../auth/viewer.ts';
import { canManageLans } from '../lans/lans.policy.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { attemptLimits, requireAttempt } from '../limits/attempt-limits.ts';
import { canUploadAvatar } from '../users/users.policy.ts';
import { parseAssetName } from './asset-names.ts';
import { createImageReader, saveImage } from './assets.service.ts';

/**
 * The kinds of asset and their rules: whose the entity is and who may upload for it.
 * `lan` banners are uploaded by lan administrators.
 */
export type AssetKind = {
  exists: (db: AppDatabase, id: number) => Promise<boolean>;
  canUpload: (viewer: Viewer | null, id: number) => boolean;
};

export const assetKinds: Record<AssetKindName, AssetKind> = {
  user: {
    exists: async (db, id) => (await findUserById(db, id)) !== undefined,
    canUpload: canUploadAvatar,
  },
  lan: {
    exists: async (db, id) => (await findLanById(db, id)) !== undefined,
    canUpload: (viewer) => canManageLans(viewer),
  },
};

/** Any of these may end a GET (older clients ask for `.dat`); an upload names its type. */
const servedExtensions = new Set([undefined, 'jpg', 'png', 'dat']);
const uploadExtensions = new Set<string>(Object.values(imageUploadLimits.extensions));

const assetParams = z.object({ asset: z.string().max(40) });

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
            '(Vary: Accept). Last-Modified and a per-format ETag allow revalidation; 404 when there is none ' +
            '(the web app shows its fallback). HEAD answers the same headers.',
          params: assetParams,
        },
      },
      async (request, reply) => {
        const name = parseAssetName(request.params.asset);
        const isServed = name !== undefined && servedExtensions.has(name.extension);
        const image = isServed ? await readImage(name.assetId, request.headers.accept) : undefined;
        if (!image) throw new ProblemError(404, `There is no image ${request.params.asset}.`);
        reply
          .header('content-type', image.contentType)
          .header('vary', 'accept')
          .header('last-modified', image.modificationDate.toUTCString())
          .header('etag', image.etag)
          .header('cache-control', 'public, max-age=0, must-revalidate');
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
            'user-{id}.{jpg|png}: by that user or a member administrator; lan-{id}.{jpg|png}: by a lan ' +
            'administrator. JPEG or PNG, checked by the bytes, at most 5 MB (413); anything else, or an ' +
            'image that cannot be decoded, 415; over 60 megapixels 400. The image is decoded and encoded ' +
            'again: only its pixels (turned upright, colours kept) remain, at most 256×256 for an avatar ' +
            'and 1,600 px wide for a banner. Limited per user and per address (429 with Retry-After).',
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
        const kind = assetKinds[name.kind];
        if (!kind.canUpload(viewer, name.id)) {
          throw new ProblemError(403, 'You may not change this image.');
        }
        if (!(await kind.exists(deps.db, name.id))) {
          throw new ProblemError(404, `There is nothing called ${name.assetId}.`);
        }
        const bytes = await readImageField(request);
        await saveImage({ db: deps.db, kind: name.kind, id: name.id, bytes });
        return reply.code(204).send();
      },
    );
  };
