import type { UserPublic } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import Avatar from 'boring-avatars';
import { assetImageUrl, useAssetVersion } from '../../lib/assets/get-asset-version.ts';
import styles from './user-avatar.module.css';

// The brand's hues, so generated avatars look like they belong to the site.
const PALETTE = ['#22d3ee', '#8b5cf6', '#ec4899', '#facc15', '#111730'];

type UserAvatarProps = {
  user: Pick<UserPublic, 'id' | 'nickname'>;
  /** Width and height in CSS pixels. */
  size?: number;
  /** The image's text alternative; empty (decorative) when the nickname is shown beside it. */
  alt?: string;
};

/**
 * A user's avatar: the uploaded or Steam image when the asset exists (HEAD, no bearer),
 * otherwise one generated in the browser from the nickname — no third-party request.
 */
export function UserAvatar({ user, size = 64, alt = '' }: UserAvatarProps) {
  // The avatar image, uploaded or synced from Steam.
  const assetId = assetIdOf('user', user.id);
  const version = useAssetVersion(assetId);
  const dimensions = { width: size, height: size };

  if (version.isPending) {
    return <span className={styles.placeholder} style={dimensions} aria-hidden="true" />;
  }
  if (version.data?.exists) {
    return (
      <img
        className={styles.image}
        src={assetImageUrl(assetId, version.data.lastModified)}
        alt={alt}
        {...dimensions}
      />
    );
  }
  // No image (404), or the lookup failed: the generated one keeps the layout whole.
  return (
    <Avatar
      className={styles.generated}
      name={user.nickname}
      colors={PALETTE}
      variant="beam"
      size={size}
      data-testid="generated-avatar"
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      role="img"
    />
  );
}
