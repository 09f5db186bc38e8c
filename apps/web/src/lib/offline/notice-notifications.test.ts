import type { Notice, NoticeList } from '@lanparty/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  noticeNotification,
  readPushedNotice,
  sitePathOf,
} from '../../service-worker/notice-protocol.ts';
import { noticesQueryOptions } from '../notices/get-notices.ts';
import { showNewNoticesInBackground } from './notice-notifications.ts';

const notice = (id: number, seen = false, link: string | null = `/lans/${id}`): Notice => ({
  id,
  kind: 'status',
  text: `Notice ${id}`,
  link,
  createdAt: '2026-12-06T18:04:00+01:00',
  seen,
});
const list = (...items: Notice[]): NoticeList => ({
  items,
  unseen: items.filter((item) => !item.seen).length,
});

describe('a notice as a system notification', () => {
  it('is tagged by the notice, so a push and the open page show it once, and links within the site', () => {
    expect(noticeNotification(notice(4))).toEqual({
      title: 'Lanparty',
      options: {
        body: 'Notice 4',
        tag: 'notice-4',
        icon: '/icons/icon-192.png',
        data: { link: '/lans/4' },
      },
    });
  });

  it('never leads to another site', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      42,
    ])
      expect(sitePathOf(link), String(link)).toBe('/notices');
    expect(sitePathOf('/lans/3#tickets')).toBe('/lans/3#tickets');
  });

  it('reads only what the site pushes', () => {
    expect(readPushedNotice({ id: 3, text: 'Hi', link: '/lans/3' })).toEqual({
      id: 3,
      text: 'Hi',
      link: '/lans/3',
    });
    expect(readPushedNotice({ id: 3, text: 'Hi', link: 7 })).toEqual({
      id: 3,
      text: 'Hi',
      link: null,
    });
    expect(readPushedNotice({ id: '3', text: 'Hi' })).toBeNull();
    expect(readPushedNotice('Hi')).toBeNull();
    expect(readPushedNotice(null)).toBeNull();
  });
});

describe('new notices while the tab is in the background', () => {
  const showNotification = vi.fn(async () => undefined);
  const workers = {
    ready: Promise.resolve({ showNotification }),
  } as unknown as ServiceWorkerContainer;
  let visibility: DocumentVisibilityState;
  let permission: NotificationPermission;
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    showNotification.mockClear();
    visibility = 'hidden';
    permission = 'granted';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
    });
    queryClient = new QueryClient();
    stop = showNewNoticesInBackground(queryClient, workers);
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const read = async (answer: NoticeList) => {
    await queryClient.fetchQuery({
      ...noticesQueryOptions,
      queryFn: async () => answer,
      staleTime: 0,
    });
    await workers.ready;
    await Promise.resolve();
  };
  const shownTags = () =>
    showNotification.mock.calls.map(
      (call) => (call as unknown as [string, NotificationOptions])[1].tag,
    );

  it('shows each notice newer than the first read, oldest first, once', async () => {
    await read(list(notice(2), notice(1, true)));
    expect(showNotification).not.toHaveBeenCalled();
    await read(list(notice(4), notice(3), notice(2), notice(1, true)));
    expect(shownTags()).toEqual(['notice-3', 'notice-4']);
    await read(list(notice(4, true), notice(3, true), notice(2, true), notice(1, true)));
    expect(shownTags()).toEqual(['notice-3', 'notice-4']);
  });

  it('shows nothing while the page is looked at, or without the person’s leave', async () => {
    await read(list(notice(1)));
    visibility = 'visible';
    await read(list(notice(2), notice(1)));
    permission = 'default';
    visibility = 'hidden';
    await read(list(notice(3), notice(2), notice(1)));
    expect(showNotification).not.toHaveBeenCalled();
    // What came meanwhile is not told later: it was there to be seen.
    permission = 'granted';
    await read(list(notice(4), notice(3), notice(2), notice(1)));
    expect(shownTags()).toEqual(['notice-4']);
  });
});
