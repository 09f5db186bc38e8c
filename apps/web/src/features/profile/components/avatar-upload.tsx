import type { UserProfile } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import { describeError, isApiError } from '../../../lib/api-client.ts';
import { IMAGE_MAX_BYTES, imageExtensionOf } from '../../../lib/assets/image-upload.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import styles from './avatar-upload.module.css';

export const avatarMessages = {
  tooLarge: 'The picture is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG pictures can be used.',
  uploaded: 'Your new picture is saved.',
};

/** Why an upload cannot happen or did not work, in words for the user. */
function describeUploadError(error: unknown): string {
  if (isApiError(error, 413)) return avatarMessages.tooLarge;
  if (isApiError(error, 415)) return avatarMessages.wrongType;
  return `The picture could not be uploaded: ${describeError(error)}`;
}

/** The user's avatar with a control to upload a new one (JPEG or PNG, at most 5 MB). */
export function AvatarUpload({ user }: { user: UserProfile }) {
  const inputId = useId();
  const uploadAvatar = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input, so choosing the same file again still uploads it.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    uploadAvatar.reset();
    if (!imageExtensionOf(file)) return setProblem(avatarMessages.wrongType);
    if (file.size > IMAGE_MAX_BYTES) return setProblem(avatarMessages.tooLarge);
    uploadAvatar.mutate(
      { assetId: assetIdOf('user', user.id), file },
      { onError: (error) => setProblem(describeUploadError(error)) },
    );
  }

  return (
    <div className={styles.avatar}>
      <UserAvatar user={user} size={112} alt={`Avatar of ${user.nickname}`} />
      <div className={styles.controls}>
        <label
          htmlFor={inputId}
          className={controls.buttonSecondary}
          data-busy={uploadAvatar.isPending}
        >
          <Upload aria-hidden="true" size={18} />
          {uploadAvatar.isPending ? 'Uploading…' : 'Upload a picture'}
        </label>
        <input
          id={inputId}
          className={`visually-hidden ${styles.input}`}
          type="file"
          accept="image/jpeg,image/png"
          disabled={uploadAvatar.isPending}
          onChange={upload}
          aria-describedby={`${inputId}-hint`}
        />
        <p id={`${inputId}-hint`} className={controls.hint}>
          A JPEG or PNG picture of at most 5 MB.
        </p>
        <div role="status">
          {uploadAvatar.isSuccess ? (
            <p className={controls.hint}>{avatarMessages.uploaded}</p>
          ) : null}
        </div>
        {problem ? (
          <p className={controls.error} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
