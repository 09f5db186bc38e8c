import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../api-client.ts';
import { describeError } from '../describe-error.ts';
import { invalidateLans } from '../lans/lans-query-keys.ts';
import { IMAGE_MAX_BYTES, imageExtensionOf, uploadImage } from './upload-image.ts';

/** The words an upload speaks, in the feature's own terms ("picture", "banner"). */
export type ImageUploadMessages = {
  tooLarge: string;
  wrongType: string;
  uploaded: string;
  /** The opening of any other failure: "The banner could not be uploaded". */
  failed: string;
};

/** How an upload ended: saved, or the problem in the feature's words. */
export type ImageUploadOutcome =
  | { isUploaded: true; problem: null }
  | { isUploaded: false; problem: string };

type UseImageUploadOptions = {
  /**
   * The asset to write. Left out when it exists only later (the banner of a lan not yet
   * created): `upload` is then given it.
   */
  assetId?: string;
  messages: ImageUploadMessages;
  /** Whether to follow the share sent (a progress bar); the upload then uses XMLHttpRequest. */
  reportsProgress?: boolean;
  onUploaded?: () => void;
};

/**
 * One image upload of an asset (avatar, banner): checks type and size before sending,
 * follows the progress if asked, turns the server's 413 and 415 into the feature's words,
 * and refreshes the answers that carry the image's version so every place shows the new one.
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
    // The answers that carry the image's version are fetched again: its new version is a
    // new address, so every place shows the new image. A banner is on the lans; an avatar
    // is on every user a screen shows (lists, profiles, subscribers, leaderboards), so
    // everything shown is refreshed — an upload is rare.
    onSuccess: (_result, { assetId: uploaded }) =>
      uploaded.startsWith('lan-') ? invalidateLans(queryClient) : queryClient.invalidateQueries(),
  });

  function describeUploadError(error: unknown): string {
    if (isApiError(error, 413)) return messages.tooLarge;
    if (isApiError(error, 415)) return messages.wrongType;
    return `${messages.failed}: ${describeError(error)}`;
  }

  /** Why the server would refuse the file, or null when it would take it. */
  function describeRefusal(file: File): string | null {
    if (!imageExtensionOf(file)) return messages.wrongType;
    if (file.size > IMAGE_MAX_BYTES) return messages.tooLarge;
    return null;
  }

  /** Clears the last outcome and says whether the server would take the file. */
  function check(file: File): boolean {
    mutation.reset();
    setProgress(0);
    const refusal = describeRefusal(file);
    setProblem(refusal);
    return refusal === null;
  }

  /**
   * Checks the file, then sends it as `target` (the hook's asset unless given); the
   * outcome shows in message and problem. Resolves with the outcome too, so a save that
   * includes an upload can wait for it and report it; it never rejects.
   */
  async function upload(file: File, target = assetId): Promise<ImageUploadOutcome> {
    if (target === undefined) throw new TypeError('An upload needs the asset it writes.');
    if (!check(file)) return { isUploaded: false, problem: describeRefusal(file) ?? '' };
    try {
      await mutation.mutateAsync({
        assetId: target,
        file,
        onProgress: reportsProgress ? setProgress : undefined,
      });
    } catch (error) {
      const problem = describeUploadError(error);
      setProblem(problem);
      return { isUploaded: false, problem };
    }
    onUploaded?.();
    return { isUploaded: true, problem: null };
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
