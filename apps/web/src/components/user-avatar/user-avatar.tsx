import type { UserPublic } from '@lanparty/contract';
import type { CSSProperties } from 'react';
import { imageSourcesOf } from '../../lib/assets/asset-images.ts';
import { generatedAvatar } from './generated-avatar.ts';
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
 * nickname and drawn with CSS — no request at all, no third party. Width and height are
 * given, so nothing moves when it arrives.
 */
export function UserAvatar({ user, size = 64, alt = '', isLazy = false }: UserAvatarProps) {
  if (user.avatarVersion === null)
    return <GeneratedAvatar nickname={user.nickname} size={size} alt={alt} />;
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

/**
 * The avatar drawn from the nickname: an image to assistive technology when it has a name.
 * The letter is drawn by CSS, part of the picture: not text to select, copy or read out.
 */
function GeneratedAvatar({ nickname, size, alt }: { nickname: string; size: number; alt: string }) {
  const avatar = generatedAvatar(nickname);
  const radius = (size * avatar.discRadius) / 100;
  const drawing = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.475),
    color: avatar.ink,
    background: `radial-gradient(circle at ${avatar.discX}% ${avatar.discY}%, ${avatar.disc} ${radius}px, transparent ${radius + 0.5}px) ${avatar.background}`,
  } satisfies CSSProperties;
  return (
    <span
      className={styles.generated}
      style={drawing}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      data-letter={avatar.letter}
      data-testid="generated-avatar"
    />
  );
}
