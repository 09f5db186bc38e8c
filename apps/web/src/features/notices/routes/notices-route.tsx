import type { Notice } from '@lanparty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { noticesQueryOptions } from '../../../lib/notices/get-notices.ts';
import { Link } from '../../../lib/router/index.tsx';
import { NotifyMe } from '../notify-me.tsx';
import styles from './notices-route.module.css';

/**
 * notices (issue 53 §4): what the site told the viewer, newest first, the new ones marked;
 * opening it marks them seen. Readable offline as the service worker kept it.
 */
export function NoticesRoute() {
  const notices = useQuery(noticesQueryOptions);
  const newest = notices.data?.items[0];
  useMarkSeen(notices.data?.unseen ? newest?.id : undefined);
  return (
    <Page title="Notices" lead="What the site told you: your places, badges and announcements.">
      <QueryStatus query={notices} failure="Your notices could not be loaded.">
        {(list) =>
          list.items.length === 0 ? (
            <p className={styles.empty}>Nothing yet. Places, badges and announcements show here.</p>
          ) : (
            <ol className={styles.list}>
              {list.items.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} />
              ))}
            </ol>
          )
        }
      </QueryStatus>
      <NotifyMe />
    </Page>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  return (
    <li className={styles.item} data-seen={notice.seen}>
      {notice.seen ? null : <span className={styles.new}>New</span>}
      <p className={styles.text}>
        {notice.link ? <Link to={notice.link}>{notice.text}</Link> : notice.text}
      </p>
      <time className={styles.time} dateTime={notice.createdAt}>
        {formatCommunityDateTime(notice.createdAt)}
      </time>
    </li>
  );
}

/** Marks the viewer's notices seen up to `upTo` once they are shown; offline it waits. */
function useMarkSeen(upTo: number | undefined) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (id: number) =>
      apiRequest('/api/users/me/notices/seen', { method: 'PUT', body: { upTo: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesQueryOptions.queryKey }),
  });
  useEffect(() => {
    if (upTo !== undefined) mutate(upTo);
  }, [upTo, mutate]);
}
