import type { Announcement } from '@lanparty/contract';
import { useEffect, useRef, useState } from 'react';

type Fresh = {
  /** What came after the page's first read, newest first; one deleted since drops out. */
  fresh: Announcement[];
  /** What a polite live region says of the last that came: "New announcement: …". */
  said: string;
};

const newestFirst = (a: Announcement, b: Announcement) =>
  Date.parse(b.creationDate) - Date.parse(a.creationDate) || b.id - a.id;

/**
 * A lan's announcements that arrived while its page was open (the `announcement` live event
 * reads them again): the page shows them at its top and reads them out. Those of the first
 * read are known already, and are neither.
 */
export function useFreshAnnouncements(items: readonly Announcement[] | undefined): Fresh {
  const seen = useRef<Set<number> | null>(null);
  const [arrived, setArrived] = useState<{ ids: number[]; said: string }>({ ids: [], said: '' });
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const known = seen.current;
    const coming = items.filter((item) => !known.has(item.id)).toSorted(newestFirst);
    for (const item of coming) known.add(item.id);
    if (coming.length > 0)
      setArrived((before) => ({
        ids: [...coming.map((item) => item.id), ...before.ids],
        said: `New announcement: ${coming.map((item) => item.text).join(' — ')}`,
      }));
  }, [items]);
  const byId = new Map((items ?? []).map((item) => [item.id, item]));
  return {
    fresh: arrived.ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    }),
    said: arrived.said,
  };
}
