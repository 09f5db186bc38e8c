import multipart from '@fastify/multipart';
import { problemDetailsSchema } from '@lanparty/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { requireViewer } from '../auth/authenticate.ts';
import type { Viewer } from '../auth/viewer.ts';
import { canManageLans } from '../lans/lans.policy.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { canUploadAvatar } from '../users/users.policy.ts';
import { findUserById } from '../users/users.repository.ts';
import type { AssetStore } from './assets.store.ts';
import { contentTypes, detectImageType, InvalidImageError, stripMetadata } from './image-files.ts';

export const maximumUploadBytes = 5 * 1024 * 1024;

/**
 * The kinds of asset and their rules: whose the entity is and who may upload for it.
 * `lan` banners are uploaded by lan administrators.
 */
export type AssetKind = {
  exists: (db: AppDatabase, id: number) => Promise<boolean>;
  canUpload: (viewer: Viewer | null, id: number) => boolean;
};

export const assetKinds: Record<string, AssetKind> = {
  user: {
    exists: async (db, id) => (await findUserById(db, id)) !== undefined,
    canUpload: canUploadAvatar,
  },
  lan: {
    exists: async (db, id) => (await findLanById(db, id)) !== undefined,
    canUpload: (viewer) => canManageLans(viewer),
  },
};

const assetPattern = /^([a-z]+)-(\d{1,10})(?:\.(jpg|png|dat))?$/;

function parseAssetId(
  text: string,
): { kind: AssetKind; assetId: string; id: number; extension?: string } | undefined {
  const match = assetPattern.exec(text);
  const kind = match?.[1] ? assetKinds[match[1]] : undefined;
  if (!match || !kind) return undefined;
  return {
    kind,
    assetId: `${match[1]}-${Number(match[2])}`,
    id: Number(match[2]),
    extension: match[3],
  };
}

const assetParams = z.object({ asset: z.string().max(40) });

export const assetsRoutes =
  (deps: { db: AppDatabase; store: AssetStore }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: maximumUploadBytes, files: 1, fields: 0, parts: 2 },
    });

    app.get(
      '/api/assets/:asset',
      {
        schema: {
          tags: ['assets'],
          summary: 'An image: a user’s avatar (user-{id}) or a lan’s banner (lan-{id})',
          description:
            'The extension is optional. Last-Modified and ETag allow revalidation; 404 when there is none ' +
            '(the web app shows its fallback). HEAD answers the same headers.',
          params: assetParams,
        },
      },
      async (request, reply) => {
        const parsed = parseAssetId(request.params.asset);
        const stored = parsed ? await deps.store.read(parsed.assetId) : undefined;
        if (!stored) throw new ProblemError(404, `There is no image ${request.params.asset}.`);
        reply
          .header('content-type', contentTypes[stored.type])
          .header('last-modified', stored.modifiedAt.toUTCString())
          .header('etag', stored.etag)
          .header('cache-control', 'public, max-age=0, must-revalidate');
        const ifNoneMatch = request.headers['if-none-match'];
        const ifModifiedSince = request.headers['if-modified-since'];
        const isFresh =
          ifNoneMatch !== undefined
            ? ifNoneMatch.split(',').some((tag) => tag.trim() === stored.etag)
            : ifModifiedSince !== undefined &&
              Math.floor(stored.modifiedAt.getTime() / 1000) <=
                Math.floor(Date.parse(ifModifiedSince) / 1000);
        if (isFresh) return reply.code(304).send();
        return reply.send(stored.bytes);
      },
    );

    app.put(
      '/api/assets/:asset',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['assets'],
          summary: 'Upload an image (multipart field "image")',
          description:
            'user-{id}.{jpg|png}: by that user or a member administrator. JPEG or PNG, checked by the ' +
            'bytes, at most 5 MB (413); anything else 415. Metadata (EXIF, GPS, XMP, comments) is removed.',
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
          },
        },
      },
      async (request, reply) => {
        const viewer = await requireViewer(request);
        const parsed = parseAssetId(request.params.asset);
        if (!parsed?.extension) {
          throw new ProblemError(400, 'Upload to user-{id}.jpg or user-{id}.png.');
        }
        if (!parsed.kind.canUpload(viewer, parsed.id)) {
          throw new ProblemError(403, 'You may not change this image.');
        }
        if (!(await parsed.kind.exists(deps.db, parsed.id))) {
          throw new ProblemError(404, `There is nothing called ${parsed.assetId}.`);
        }
        if (!request.isMultipart())
          throw new ProblemError(415, 'Send the image as multipart/form-data, field "image".');
        const part = await request.file();
        if (part?.fieldname !== 'image')
          throw new ProblemError(400, 'The form needs one file in the field "image".');
        const bytes = await part.toBuffer();
        const type = detectImageType(bytes);
        if (!type) throw new ProblemError(415, 'Only JPEG and PNG images can be uploaded.');
        let cleaned: Buffer;
        try {
          cleaned = stripMetadata(bytes, type);
        } catch (error) {
          if (error instanceof InvalidImageError) throw new ProblemError(415, error.message);
          throw error;
        }
        await deps.store.write(parsed.assetId, type, cleaned);
        return reply.code(204).send();
      },
    );
  };
