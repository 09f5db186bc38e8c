import { assetIdOf } from '@lanparty/contract/rules';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import {
  ImageFilePicker,
  ImageUploadFeedback,
} from '../../../components/image-upload/image-upload.tsx';
import { assetImageUrl, useAssetVersion } from '../../../lib/assets/get-asset-version.ts';
import { type ImageUploadMessages, useImageUpload } from '../../../lib/assets/use-image-upload.ts';
import styles from './admin-lans.module.css';

export const bannerMessages: ImageUploadMessages = {
  tooLarge: 'The banner is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG images can be used as a banner.',
  uploaded: 'The banner is saved.',
  failed: 'The banner could not be uploaded',
};

/** The lan's banner: the current one, a preview of the chosen file, and its upload progress. */
export function BannerUpload({ lanId, lanName }: { lanId: number; lanName: string }) {
  const inputId = useId();
  const assetId = assetIdOf('lan', lanId);
  const version = useAssetVersion(assetId);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const upload = useImageUpload({
    assetId,
    messages: bannerMessages,
    reportsProgress: true,
    onUploaded: () => setFile(null),
  });

  // The preview's object URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File) {
    if (upload.check(chosen)) setFile(chosen);
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
        <ImageFilePicker
          id={inputId}
          hintId={`${inputId}-hint`}
          isBusy={upload.isUploading}
          onChoose={choose}
        >
          <ImageUp aria-hidden="true" size={18} />
          Choose a banner
        </ImageFilePicker>
        {file ? (
          <button
            type="button"
            className={controls.button}
            onClick={() => upload.upload(file)}
            disabled={upload.isUploading}
          >
            {upload.isUploading ? 'Uploading…' : 'Upload banner'}
          </button>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className={controls.hint}>
        A JPEG or PNG image of at most 5 MB, shown 12 by 5 (e.g. 1200 × 500 pixels).
      </p>
      <ImageUploadFeedback upload={upload} />
    </div>
  );
}
