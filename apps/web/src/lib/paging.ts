import type { Paged } from '@lanparty/contract';

/** The largest page the API serves (server-behaviour: limit at most 100). */
export const MAX_PAGE_SIZE = 100;

/**
 * Reads every page of a paged list (spec §7: "when all is wanted, all pages are read"),
 * one after the other, with the largest page size so there are few round trips.
 */
export async function fetchAllPages<Item>(
  fetchPage: (page: { offset: number; limit: number }) => Promise<Paged<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let offset = 0; ; ) {
    const page = await fetchPage({ offset, limit: MAX_PAGE_SIZE });
    items.push(...page.items);
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return items;
  }
}
