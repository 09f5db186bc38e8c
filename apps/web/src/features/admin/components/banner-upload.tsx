import { assetIdOf } from '@lanparty/contract/rules';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError, isApiError } from '../../../lib/api-client.ts';
import { assetImageUrl, useAssetVersion } from '../../../lib/assets/get-asset-version.ts';
import { IMAGE_MAX_BYTES, imageExtensionOf } from '../../../lib/assets/image-upload.ts';
import { useUploadLanBanner } from '../api/upload-lan-banner.ts';
import styles from './admin-lans.module.css';

export const bannerMessages = {
  tooLarge: 'The banner is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG images can be used as a banner.',
  uploaded: 'The banner is saved.',
};

function describeUploadError(error: unknown): string {
  if (isApiError(error, 413)) return bannerMessages.tooLarge;
  if (isApiError(error, 415)) return bannerMessages.wrongType;
  return `The banner could not be uploaded: ${describeError(error)}`;
}

/** The lan's banner: the current one, a preview of the chosen file, and its upload progress. */
export function BannerUpload({ lanId, lanName }: { lanId: number; lanName: string }) {
  const inputId = useId();
  const assetId = assetIdOf('lan', lanId);
  const version = useAssetVersion(assetId);
  const upload = useUploadLanBanner();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  // The preview's object URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    upload.reset();
    setProblem(null);
    setProgress(0);
    if (!imageExtensionOf(chosen)) return setProblem(bannerMessages.wrongType);
    if (chosen.size > IMAGE_MAX_BYTES) return setProblem(bannerMessages.tooLarge);
    setFile(chosen);
  }

  function send() {
    if (!file) return;
    setProblem(null);
    upload.mutate(
      { lanId, file, onProgress: setProgress },
      {
        onSuccess: () => setFile(null),
        onError: (error) => setProblem(describeUploadError(error)),
      },
    );
  }

  const currentUrl =
    version.data?.exists === true ? assetImageUrl(assetId, version.data.lastModified) : null;
  const shownUrl = previewUrl ?? currentUrl;
  return (
    <div className={styles.banner}>
      {shownUrl ? (
        <img
          className={styles.bannerImage}
          src={shownUrl}
          alt={previewUrl ? `Preview of the new banner of ${lanName}` : `Banner of ${lanName}`}
        />
      ) : (
        <p className={controls.hint}>This lan has no banner yet; the site shows a placeholder.</p>
      )}
      <div className={controls.actions}>
        <label htmlFor={inputId} className={controls.buttonSecondary}>
          <ImageUp aria-hidden="true" size={18} />
          Choose a banner
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png"
          disabled={upload.isPending}
          onChange={choose}
          aria-describedby={`${inputId}-hint`}
        />
        {file ? (
          <button
            type="button"
            className={controls.button}
            onClick={send}
            disabled={upload.isPending}
          >
            {upload.isPending ? 'Uploading…' : 'Upload banner'}
          </button>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className={controls.hint}>
        A JPEG or PNG image of at most 5 MB, shown 12 by 5 (e.g. 1200 × 500 pixels).
      </p>
      {upload.isPending ? (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label="Upload progress"
        />
      ) : null}
      <div role="status">
        {upload.isSuccess ? <p className={controls.hint}>{bannerMessages.uploaded}</p> : null}
      </div>
      {problem ? (
        <p className={controls.error} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
