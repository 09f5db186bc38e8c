import { assetIdOf } from '@lanparty/contract/rules';
import { ImageUp } from 'lucide-react';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import {
  ImageFilePicker,
  ImageUploadFeedback,
} from '../../../components/image-upload/image-upload.tsx';
import { imageSourcesOf } from '../../../lib/assets/asset-images.ts';
import { type ImageUploadMessages, useImageUpload } from '../../../lib/assets/use-image-upload.ts';
import styles from './seat-editor.module.css';

const hallMessages: ImageUploadMessages = {
  tooLarge: 'The picture is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG images can be used as the hall’s picture.',
  uploaded: 'The picture of the hall is saved.',
  failed: 'The picture of the hall could not be uploaded',
};

type HallPictureFieldProps = {
  lanId: number;
  /** The plan's hallVersion; null: no picture yet. */
  version: string | null;
  /** Whether the plan is saved: the picture shows under a saved plan only. */
  hasPlan: boolean;
};

/**
 * The picture of the hall the grid is drawn over (a floor plan, a photo from above),
 * through the banners' image pipeline: uploaded at once, not with the plan's save.
 */
export function HallPictureField({ lanId, version, hasPlan }: HallPictureFieldProps) {
  const id = useId();
  // The upload refreshes what is shown, the plan too: its hallVersion is new.
  const upload = useImageUpload({
    assetId: assetIdOf('hall', lanId),
    messages: hallMessages,
    reportsProgress: true,
  });
  return (
    <div className={styles.hallField}>
      {version ? (
        <img
          className={styles.hallPreview}
          {...imageSourcesOf('hall', lanId, version)}
          sizes="16rem"
          alt="The hall, as it lies under the plan"
          decoding="async"
        />
      ) : (
        <p className={forms.hint}>No picture yet: the plan is a plain grid.</p>
      )}
      <div className={controls.actions}>
        <ImageFilePicker
          id={id}
          hintId={`${id}-hint`}
          isBusy={upload.isUploading || !hasPlan}
          onChoose={(file) => void upload.upload(file)}
        >
          <ImageUp aria-hidden="true" size={18} />
          {version ? 'Upload another picture' : 'Upload a picture of the hall'}
        </ImageFilePicker>
      </div>
      <p id={`${id}-hint`} className={forms.hint}>
        {hasPlan
          ? 'A JPEG or PNG image of at most 5 MB, stretched over the whole grid: set the grid’s width and height to the hall’s shape.'
          : 'Save the plan first: the picture goes under a saved plan.'}
      </p>
      <ImageUploadFeedback upload={upload} />
    </div>
  );
}
