import { ImageUp, X } from 'lucide-react';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import {
  ImageFilePicker,
  ImageUploadFeedback,
} from '../../../components/image-upload/image-upload.tsx';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
import styles from './admin-lans.module.css';
import type { BannerChoice } from './use-banner-choice.ts';

type BannerFieldProps = {
  banner: BannerChoice;
  /** The lan's id when it exists: its current banner is shown until another is chosen. */
  lanId?: number;
  /** That lan's banner version; null when it has none. */
  bannerVersion: string | null;
  lanName: string;
  /** The button that uploads it: "Save lan", "Create lan". */
  submitLabel: string;
};

/**
 * The banner as a field of the lan form: the current one or a preview of the chosen file,
 * uploaded when the lan is saved, with its progress and any problem beside it.
 */
export function BannerField({
  banner,
  lanId,
  bannerVersion,
  lanName,
  submitLabel,
}: BannerFieldProps) {
  const inputId = useId();
  const { file, previewUrl, upload } = banner;
  const name = lanName.trim() || 'the new lan';
  return (
    <fieldset className={styles.bannerField}>
      <legend className={forms.label}>Banner</legend>
      {previewUrl ? (
        <img
          className={styles.bannerImage}
          src={previewUrl}
          alt={`Preview of the new banner of ${name}`}
        />
      ) : lanId !== undefined ? (
        <CurrentBanner lanId={lanId} version={bannerVersion} lanName={name} />
      ) : (
        <p className={forms.hint}>No banner chosen: the site shows a placeholder.</p>
      )}
      <div className={controls.actions}>
        <ImageFilePicker
          id={inputId}
          hintId={`${inputId}-hint`}
          isBusy={upload.isUploading}
          onChoose={banner.choose}
        >
          <ImageUp aria-hidden="true" size={18} />
          {file ? 'Choose another banner' : 'Choose a banner'}
        </ImageFilePicker>
        {file && !upload.isUploading ? (
          <button type="button" className={controls.buttonSecondary} onClick={banner.clear}>
            <X aria-hidden="true" size={18} />
            {lanId === undefined ? 'Leave it without a banner' : 'Keep the current banner'}
          </button>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className={forms.hint}>
        {!file
          ? 'A JPEG or PNG image of at most 5 MB, shown 12 by 5 (e.g. 1200 × 500 pixels).'
          : upload.isUploading
            ? `Uploading ${file.name}…`
            : `${file.name} is uploaded when you press ${submitLabel}.`}
      </p>
      <ImageUploadFeedback upload={upload} />
    </fieldset>
  );
}

/** How wide the form shows a banner: the page's width, at most 48rem. */
const formBannerSizes =
  '(max-width: 30rem) calc(100vw - 2rem), (max-width: 51rem) calc(100vw - 3rem), 48rem';

/** The lan's banner as it is now, or a word that it has none. */
function CurrentBanner({
  lanId,
  version,
  lanName,
}: {
  lanId: number;
  version: string | null;
  lanName: string;
}) {
  if (version === null) {
    return <p className={forms.hint}>This lan has no banner yet: the site shows a placeholder.</p>;
  }
  const { src, srcSet } = imageSourcesOf('lan', lanId, version);
  return (
    <img
      className={styles.bannerImage}
      srcSet={srcSet}
      sizes={formBannerSizes}
      src={src}
      alt={`Banner of ${lanName}`}
      width={1200}
      height={500}
      decoding="async"
    />
  );
}
