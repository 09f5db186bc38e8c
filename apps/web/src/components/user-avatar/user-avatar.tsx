import type { UserPublic } from '@lanparty/contract';
import { imageSourcesOf } from '../../lib/assets/asset-images.ts';
import { generatedAvatarUrl } from './generated-avatar.ts';
import styles from './user-avatar.module.css';

type UserAvatarProps = {
  user: Pick<UserPublic, 'id' | 'nickname' | 'avatarVersion'>;
  /** Width and height in CSS pixels. */
  size?: number;
  /** The image's text alternative; empty (decorative) when the nickname is shown beside it. */
  alt?: string;
  /** Below the first screen: fetched only when scrolled near (`loading="lazy"`). */
  isLazy?: boolean;
};

/**
 * A user's avatar: the uploaded one when the user has one (their `avatarVersion` says so:
 * nothing is asked first), at the width it is shown at; otherwise one generated from the
 * nickname — no request at all, no third party. Width and height are given, so nothing
 * moves when it arrives.
 */
export function UserAvatar({ user, size = 64, alt = '', isLazy = false }: UserAvatarProps) {
  if (user.avatarVersion === null) {
    return (
      <img
        className={styles.image}
        src={generatedAvatarUrl(user.nickname)}
        alt={alt}
        width={size}
        height={size}
        decoding="async"
        data-testid="generated-avatar"
      />
    );
  }
  const { src, srcSet } = imageSourcesOf('user', user.id, user.avatarVersion);
  return (
    <img
      className={styles.image}
      src={src}
      srcSet={srcSet}
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      loading={isLazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
