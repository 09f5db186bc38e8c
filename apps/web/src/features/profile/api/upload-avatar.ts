import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assetKeys } from '../../../lib/assets/get-asset-version.ts';

/** The server takes JPEG and PNG images up to 5 MB (server-behaviour, Assets). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS: Record<string, 'jpg' | 'png'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** PUT /api/assets/{assetId}.{jpg|png}: uploads the image as the form field `image`. */
export function uploadAvatar({ assetId, file }: { assetId: string; file: File }): Promise<void> {
  const extension = AVATAR_EXTENSIONS[file.type];
  if (!extension) throw new TypeError('Only JPEG and PNG images can be uploaded.');
  const body = new FormData();
  body.append('image', file);
  return apiRequest<void>(`/api/assets/${encodeURIComponent(assetId)}.${extension}`, {
    method: 'PUT',
    body,
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // A new Last-Modified gives the image a new address, so every avatar shows it.
    onSuccess: (_result, { assetId }) =>
      queryClient.invalidateQueries({ queryKey: assetKeys.version(assetId) }),
  });
}
