import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, isApiError } from '../api-client.ts';
import { assetKeys } from './get-asset-version.ts';
import { IMAGE_MAX_BYTES, imageExtensionOf, uploadImage } from './image-upload.ts';

/** The words an upload speaks, in the feature's own terms ("picture", "banner"). */
export type ImageUploadMessages = {
  tooLarge: string;
  wrongType: string;
  uploaded: string;
  /** The opening of any other failure: "The banner could not be uploaded". */
  failed: string;
};

type UseImageUploadOptions = {
  assetId: string;
  messages: ImageUploadMessages;
  /** Whether to follow the share sent (a progress bar); the upload then uses XMLHttpRequest. */
  reportsProgress?: boolean;
  onUploaded?: () => void;
};

/**
 * One image upload of an asset (avatar, banner): checks type and size before sending,
 * follows the progress if asked, turns the server's 413 and 415 into the feature's words,
 * and refreshes the asset's version so every image of it shows the new one.
 */
export function useImageUpload({
  assetId,
  messages,
  reportsProgress = false,
  onUploaded,
}: UseImageUploadOptions) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: uploadImage,
    // A new Last-Modified gives the image a new address, so every place shows it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.version(assetId) }),
  });

  function describeUploadError(error: unknown): string {
    if (isApiError(error, 413)) return messages.tooLarge;
    if (isApiError(error, 415)) return messages.wrongType;
    return `${messages.failed}: ${describeError(error)}`;
  }

  /** Clears the last outcome and says whether the server would take the file. */
  function check(file: File): boolean {
    mutation.reset();
    setProgress(0);
    setProblem(null);
    if (!imageExtensionOf(file)) setProblem(messages.wrongType);
    else if (file.size > IMAGE_MAX_BYTES) setProblem(messages.tooLarge);
    else return true;
    return false;
  }

  /** Checks the file, then sends it; the outcome shows in message and problem. */
  function upload(file: File) {
    if (!check(file)) return;
    mutation.mutate(
      { assetId, file, onProgress: reportsProgress ? setProgress : undefined },
      {
        onSuccess: () => onUploaded?.(),
        onError: (error) => setProblem(describeUploadError(error)),
      },
    );
  }

  return {
    check,
    upload,
    isUploading: mutation.isPending,
    /** The share sent, 0 to 1, or null when progress is not followed. */
    progress: reportsProgress ? progress : null,
    message: mutation.isSuccess ? messages.uploaded : null,
    problem,
  };
}

export type ImageUploadState = ReturnType<typeof useImageUpload>;
