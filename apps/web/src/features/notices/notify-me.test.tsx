import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  type StubbedRequest,
  stubFetch,
} from '../../testing/fetch-stub.ts';
import { buildViewer, renderApp } from '../../testing/render-app.tsx';

const publicKey = 'BPublicKeyOfTheSite';
const endpoint = 'https://push.example.org/send/abc';
const keys = { p256dh: 'BKey', auth: 'secret' };

type FakeBrowser = {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: {
    endpoint: string;
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  } | null;
  canSubscribe: boolean;
};

let browser: FakeBrowser;
const requestPermission = vi.fn(async () => {
  browser.permission = browser.answer;
  return browser.answer;
});
const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
  if (!browser.canSubscribe)
    throw new DOMException('Registration failed - push service error', 'AbortError');
  browser.subscription = {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: unsubscribeBrowser,
  };
  return browser.subscription;
});
const unsubscribeBrowser = vi.fn(async () => {
  browser.subscription = null;
  return true;
});

beforeEach(() => {
  browser = { permission: 'default', answer: 'granted', subscription: null, canSubscribe: true };
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission,
  });
  const pushManager = { getSubscription: async () => browser.subscription, subscribe };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function stubSite(
  post: (request: StubbedRequest) => Response = () =>
    jsonResponse({ id: 7, endpoint, createdAt: '2026-12-06T18:04:00+01:00' }, 201),
) {
  return stubFetch({
    'GET /api/users/me/notices': () => jsonResponse({ items: [], unseen: 0 }),
    'PUT /api/users/me/notices/seen': () => emptyResponse(),
    'GET /api/users/me/push-subscriptions': () =>
      jsonResponse({
        publicKey,
        items: browser.subscription
          ? [{ id: 7, endpoint, createdAt: '2026-12-06T18:04:00+01:00' }]
          : [],
      }),
    'POST /api/users/me/push-subscriptions': post,
    'DELETE /api/users/me/push-subscriptions/7': () => emptyResponse(),
  });
}

const openNotices = () =>
  renderApp('/notices', { viewer: buildViewer({ roles: ['Lanner'], nickname: 'nova' }) });

describe('Notify me, on the notices page (issue 53 §4)', () => {
  it('asks nothing on load; on the tap asks, subscribes with the site’s key and hands the site the browser’s subscription', async () => {
    const { requests } = stubSite();
    openNotices();
    const button = await screen.findByRole('button', { name: 'Notify me' });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(
      await screen.findByText(
        'Notifications are on for this browser: new notices reach it even when the site is closed.',
      ),
    ).toBeVisible();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
    const posted = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(String(posted?.body))).toEqual({ endpoint, expirationTime: null, keys });

    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText(
        'Notifications show while the site is open in a tab. Notify me to get them when it is closed too.',
      ),
    ).toBeVisible();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(unsubscribeBrowser).toHaveBeenCalledTimes(1);
  });

  it('says so when notifications are blocked, and offers nothing to tap', async () => {
    browser.permission = 'denied';
    stubSite();
    openNotices();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });

  it('stays off when the person says no at the browser’s question', async () => {
    browser.answer = 'denied';
    const { requests } = stubSite();
    openNotices();
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('notifies while the site is open when the browser has no push service', async () => {
    browser.canSubscribe = false;
    const { requests } = stubSite();
    openNotices();
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText(/This browser offers no push, so none come while it is closed/),
    ).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the site’s refusal and leaves the browser unsubscribed', async () => {
    stubSite(() =>
      problemResponse(409, {
        detail: 'You are notified on 5 browsers already: turn one of them off first.',
      }),
    );
    openNotices();
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are notified on 5 browsers already: turn one of them off first.',
    );
    await waitFor(() => expect(unsubscribeBrowser).toHaveBeenCalledTimes(1));
    expect(browser.subscription).toBeNull();
  });

  it('says plainly when the browser cannot notify at all', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    stubSite();
    openNotices();
    expect(
      await screen.findByText(
        'This browser cannot show notifications. Your notices are always here.',
      ),
    ).toBeVisible();
  });
});
