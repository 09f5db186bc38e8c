import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assetKeys } from '../../../lib/assets/get-asset-version.ts';
import { imageExtensionOf } from '../../../lib/assets/image-upload.ts';

/** PUT /api/assets/{assetId}.{jpg|png}: uploads the image as the form field `image`. */
export function uploadAvatar({ assetId, file }: { assetId: string; file: File }): Promise<void> {
  const extension = imageExtensionOf(file);
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
