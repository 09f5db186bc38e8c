import { assetIdOf } from '@lanparty/contract/rules';
import { useEffect, useState } from 'react';
import {
  type ImageUploadMessages,
  type ImageUploadOutcome,
  useImageUpload,
} from '../../../lib/assets/use-image-upload.ts';

export const bannerMessages: ImageUploadMessages = {
  tooLarge: 'The banner is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG images can be used as a banner.',
  uploaded: 'The banner is saved.',
  failed: 'The banner could not be uploaded',
};

/**
 * A banner chosen in the lan form, kept until the lan's save uploads it: the file, its
 * preview and the upload (progress, outcome). The route holds it, above the form, because
 * the edit form starts afresh with the saved lan while the upload may still be under way.
 */
export function useBannerChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // A new lan has no asset id until it is created: `uploadFor` gives it.
  const upload = useImageUpload({ messages: bannerMessages, reportsProgress: true });

  // The preview's object URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** Keeps the file for the next save if the server would take it, else says why not. */
  function choose(chosen: File) {
    setFile(upload.check(chosen) ? chosen : null);
  }

  /** The chosen banner, if any, uploaded as the banner of the lan just saved. */
  async function uploadFor(lanId: number): Promise<ImageUploadOutcome> {
    if (!file) return { isUploaded: true, problem: null };
    const outcome = await upload.upload(file, assetIdOf('lan', lanId));
    if (outcome.isUploaded) setFile(null);
    return outcome;
  }

  return {
    file,
    previewUrl,
    choose,
    /** Forgets the chosen file: the lan keeps the banner it has. */
    clear: () => setFile(null),
    uploadFor,
    upload,
  };
}

export type BannerChoice = ReturnType<typeof useBannerChoice>;
