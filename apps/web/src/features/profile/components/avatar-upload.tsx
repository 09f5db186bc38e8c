import type { UserProfile } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import { Upload } from 'lucide-react';
import { useId } from 'react';
import forms from '../../../components/forms.module.css';
import {
  ImageFilePicker,
  ImageUploadFeedback,
} from '../../../components/image-upload/image-upload.tsx';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import { type ImageUploadMessages, useImageUpload } from '../../../lib/assets/use-image-upload.ts';
import styles from './avatar-upload.module.css';

export const avatarMessages: ImageUploadMessages = {
  tooLarge: 'The picture is too large: it may be at most 5 MB.',
  wrongType: 'Only JPEG and PNG pictures can be used.',
  uploaded: 'Your new picture is saved.',
  failed: 'The picture could not be uploaded',
};

/** The user's avatar with a control to upload a new one (JPEG or PNG, at most 5 MB). */
export function AvatarUpload({ user }: { user: UserProfile }) {
  const inputId = useId();
  const upload = useImageUpload({ assetId: assetIdOf('user', user.id), messages: avatarMessages });

  return (
    <div className={styles.avatar}>
      <UserAvatar user={user} size={112} alt={`Avatar of ${user.nickname}`} />
      <div className={styles.controls}>
        <ImageFilePicker
          id={inputId}
          hintId={`${inputId}-hint`}
          isBusy={upload.isUploading}
          onChoose={upload.upload}
        >
          <Upload aria-hidden="true" size={18} />
          {upload.isUploading ? 'Uploading…' : 'Upload a picture'}
        </ImageFilePicker>
        <p id={`${inputId}-hint`} className={forms.hint}>
          A JPEG or PNG picture of at most 5 MB.
        </p>
        <ImageUploadFeedback upload={upload} />
      </div>
    </div>
  );
}
