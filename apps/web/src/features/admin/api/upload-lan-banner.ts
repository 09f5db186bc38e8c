import { assetIdOf } from '@lanparty/contract/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAccessToken, readProblem } from '../../../lib/api-client.ts';
import { assetKeys } from '../../../lib/assets/get-asset-version.ts';
import { imageExtensionOf } from '../../../lib/assets/image-upload.ts';

export type BannerUpload = {
  lanId: number;
  file: File;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/**
 * PUT /api/assets/lan-{id}.{jpg|png} with the form field `image`. Sent with
 * XMLHttpRequest, not the API client's fetch: only XMLHttpRequest reports upload progress.
 */
export async function uploadLanBanner({ lanId, file, onProgress }: BannerUpload): Promise<void> {
  const extension = imageExtensionOf(file);
  if (!extension) throw new TypeError('Only JPEG and PNG images can be uploaded.');
  const body = new FormData();
  body.append('image', file);
  const token = await readAccessToken();

  const response = await new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/assets/${assetIdOf('lan', lanId)}.${extension}`);
    request.setRequestHeader('Accept', 'application/json, application/problem+json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
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
  onProgress?.(1);
}

export function useUploadLanBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLanBanner,
    // A new Last-Modified gives the banner a new address, so every lan card shows it: the
    // public banner and this one read the same asset key.
    onSuccess: (_result, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: assetKeys.version(assetIdOf('lan', lanId)) }),
  });
}
