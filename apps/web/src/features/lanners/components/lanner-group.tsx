import type { UserPublic } from '@lanparty/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { LannerCard } from './lanner-card.tsx';
import styles from './lanner-group.module.css';

/** How the cards are ordered: by nickname (as the API lists them), or most lans attended. */
export type LannerOrder = 'nickname' | 'lansAttended';

/**
 * The cards in `order`: by lans attended, most first (a hidden history counts none, as the
 * API's sort=lansAttended has it), the nickname order kept among equals.
 */
export function orderLanners(users: readonly UserPublic[], order: LannerOrder): UserPublic[] {
  if (order === 'nickname') return [...users];
  return [...users].sort((a, b) => (b.stats.numberOfLans ?? 0) - (a.stats.numberOfLans ?? 0));
}

type LannerGroupProps = {
  title: string;
  order?: LannerOrder;
  emptyText: string;
  users: UseQueryResult<UserPublic[]>;
  /** How many cards' avatars are on the first screen, fetched at once; the others lazily. */
  eagerAvatars?: number;
};

/** A titled grid of lanner cards, with its own loader, error and empty state. */
export function LannerGroup({
  title,
  emptyText,
  users,
  eagerAvatars = 0,
  order = 'nickname',
}: LannerGroupProps) {
  const headingId = useId();
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {users.data ? (
          <span className={styles.count}>
            {users.data.length} <span className="visually-hidden">{title.toLowerCase()}</span>
          </span>
        ) : null}
      </div>
      {users.isPending ? <PageLoader /> : null}
      {users.isError && !users.data ? (
        <LoadFailure
          failure={`The ${title.toLowerCase()} could not be loaded.`}
          error={users.error}
          onRetry={() => void users.refetch()}
          isRetrying={users.isFetching}
        />
      ) : null}
      {users.data?.length === 0 ? <p className={styles.message}>{emptyText}</p> : null}
      {users.data?.length ? (
        <ul className={styles.grid}>
          {orderLanners(users.data, order).map((user, index) => (
            <li key={user.id}>
              <LannerCard user={user} isAvatarLazy={index >= eagerAvatars} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
