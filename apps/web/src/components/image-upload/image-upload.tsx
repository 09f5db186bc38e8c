import type { ChangeEvent, ReactNode } from 'react';
import type { ImageUploadState } from '../../lib/assets/use-image-upload.ts';
import controls from '../controls.module.css';
import forms from '../forms.module.css';
import styles from './image-upload.module.css';

type ImageFilePickerProps = {
  id: string;
  /** The id of the hint that says which files are taken. */
  hintId: string;
  isBusy: boolean;
  onChoose: (file: File) => void;
  /** The label's content, a button to the eye: icon and words. */
  children: ReactNode;
};

/** A file input for JPEG and PNG images, shown as a secondary button. */
export function ImageFilePicker({ id, hintId, isBusy, onChoose, children }: ImageFilePickerProps) {
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input, so choosing the same file again still counts.
    event.target.value = '';
    if (file) onChoose(file);
  }

  return (
    <>
      <label
        htmlFor={id}
        className={`${controls.buttonSecondary} ${styles.label}`}
        data-busy={isBusy}
      >
        {children}
      </label>
      <input
        id={id}
        className={`visually-hidden ${styles.input}`}
        type="file"
        accept="image/jpeg,image/png"
        disabled={isBusy}
        onChange={choose}
        aria-describedby={hintId}
      />
    </>
  );
}

/** An upload's outcome: its progress while sending (if followed), then success or the problem. */
export function ImageUploadFeedback({ upload }: { upload: ImageUploadState }) {
  return (
    <>
      {upload.isUploading && upload.progress !== null ? (
        <progress
          className={styles.progress}
          max={1}
          value={upload.progress}
          aria-label="Upload progress"
        />
      ) : null}
      <div role="status">
        {upload.message ? <p className={forms.hint}>{upload.message}</p> : null}
      </div>
      {upload.problem ? (
        <p className={forms.error} role="alert">
          {upload.problem}
        </p>
      ) : null}
    </>
  );
}
