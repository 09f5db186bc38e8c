import {
  imageExtensionOf as extensionOf,
  type ImageExtension,
  imageUploadLimits,
} from '@lanparty/contract/rules';
import { apiRequest, readAccessToken, readProblem } from '../api-client.ts';

/** The server takes JPEG and PNG images up to 5 MB: the contract's image limits. */
export const IMAGE_MAX_BYTES = imageUploadLimits.maximumBytes;

/** The asset extension for an image file the server takes, or undefined for any other file. */
export function imageExtensionOf(file: Pick<File, 'type'>): ImageExtension | undefined {
  return extensionOf(file.type);
}

export type ImageUpload = {
  assetId: string;
  file: File;
  /** Called with the share sent so far, 0 to 1; asking for it sends with XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
};

/**
 * PUT /api/assets/{assetId}.{jpg|png} with the image as the form field `image`. Without
 * onProgress it goes through the API client; with it, through XMLHttpRequest, because only
 * XMLHttpRequest reports upload progress.
 */
export async function uploadImage({ assetId, file, onProgress }: ImageUpload): Promise<void> {
  const extension = imageExtensionOf(file);
  if (!extension) throw new TypeError('Only JPEG and PNG images can be uploaded.');
  const path = `/api/assets/${encodeURIComponent(assetId)}.${extension}`;
  const body = new FormData();
  body.append('image', file);
  if (!onProgress) return apiRequest<void>(path, { method: 'PUT', body });

  const token = await readAccessToken();
  const response = await new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', path);
    request.setRequestHeader('Accept', 'application/json, application/problem+json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? '' },
        }),
      ),
    );
    request.addEventListener('error', () => reject(new Error('The upload was interrupted.')));
    request.send(body);
  });
  if (!response.ok) throw await readProblem(response);
  onProgress(1);
}
