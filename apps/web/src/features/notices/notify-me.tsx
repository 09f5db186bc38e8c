import type {
  PushSubscriptionList,
  PushSubscription as SitePushSubscription,
} from '@lanparty/contract';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import controls from '../../components/controls.module.css';
import { apiRequest } from '../../lib/api-client.ts';
import { explainLoadFailure } from '../../lib/explain-load-failure.ts';
import styles from './routes/notices-route.module.css';

/** Where this browser stands: what it can do, and what the person chose. */
type Standing =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'off' }
  | { kind: 'blocked' }
  /**
   * Allowed: shown while the site is open in a tab; `pushed` when the site pushes to this
   * browser too (Web Push), even closed; `canPush` whether this browser could be pushed to.
   */
  | { kind: 'on'; pushed: boolean; canPush: boolean };

/**
 * How long to wait for the service worker (none in development, or blocked; on a first
 * visit it installs after the page has shown, precaching the app).
 */
const workerWaitMs = 15_000;

/**
 * "Notify me" (issue 53 §4): notifications are asked for only when the person taps it,
 * never on load. Allowed, new notices show as system notifications while the site is open
 * in a tab (lib/offline/notice-notifications.ts), and where the browser offers Web Push the
 * site pushes them to this browser even when it is closed. "Turn off" stops the pushes.
 */
export function NotifyMe() {
  const [standing, setStanding] = useState<Standing>({ kind: 'checking' });
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    void readStanding().then((found) => {
      if (isCurrent) setStanding(found);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  async function act(work: () => Promise<Standing>) {
    setIsBusy(true);
    setFailure(null);
    try {
      setStanding(await work());
    } catch (error) {
      setFailure(explainLoadFailure(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (standing.kind === 'checking') return null;
  return (
    <section className={styles.notify} aria-labelledby="notify-heading">
      <h2 id="notify-heading" className={styles.notifyHeading}>
        <BellRing aria-hidden="true" size={18} />
        On this device
      </h2>
      <p>{describe(standing)}</p>
      {failure ? (
        <p className={controls.alert} role="alert">
          {failure}
        </p>
      ) : null}
      {standing.kind === 'off' ||
      (standing.kind === 'on' && !standing.pushed && standing.canPush) ? (
        <button
          type="button"
          className={controls.button}
          disabled={isBusy}
          onClick={() => void act(turnOn)}
        >
          Notify me
        </button>
      ) : null}
      {standing.kind === 'on' && standing.pushed ? (
        <button
          type="button"
          className={controls.buttonSecondary}
          disabled={isBusy}
          onClick={() => void act(turnOff)}
        >
          Turn off
        </button>
      ) : null}
    </section>
  );
}

function describe(standing: Exclude<Standing, { kind: 'checking' }>): string {
  switch (standing.kind) {
    case 'unsupported':
      return 'This browser cannot show notifications. Your notices are always here.';
    case 'blocked':
      return 'Notifications are blocked for this site in your browser’s settings. Allow them there to be notified.';
    case 'off':
      return 'Get a notification on this device when the site tells you something: a place, a payment, an announcement.';
    default:
      if (standing.pushed)
        return 'Notifications are on for this browser: new notices reach it even when the site is closed.';
      return standing.canPush
        ? 'Notifications show while the site is open in a tab. Notify me to get them when it is closed too.'
        : 'Notifications are on while the site is open in a tab. This browser offers no push, so none come while it is closed.';
  }
}

function isSupported(): boolean {
  return 'Notification' in window && 'serviceWorker' in navigator;
}

async function readStanding(): Promise<Standing> {
  if (!isSupported()) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  if (Notification.permission === 'default') return { kind: 'off' };
  const canPush = 'PushManager' in window;
  // No worker runs the page yet (a first visit, installing): no subscription can exist.
  if (!navigator.serviceWorker.controller) return { kind: 'on', pushed: false, canPush };
  return { kind: 'on', pushed: (await browserSubscription()) !== null, canPush };
}

/** The service worker's registration, or null when there is none to wait for. */
function registration(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), workerWaitMs)),
  ]);
}

/** This browser's push subscription, if the worker holds one. */
async function browserSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return (await found?.pushManager?.getSubscription()) ?? null;
}

/** Asks the browser (only now, on the tap), then subscribes it to the site's pushes. */
async function turnOn(): Promise<Standing> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'blocked' };
  if (permission !== 'granted') return { kind: 'off' };
  const found = await registration();
  if (!found?.pushManager) return { kind: 'on', pushed: false, canPush: false };
  const { publicKey } = await apiRequest<PushSubscriptionList>('/api/users/me/push-subscriptions');
  let subscription: PushSubscription;
  try {
    subscription = await found.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
  } catch {
    // The browser has no push service it can reach: notified while the site is open.
    return { kind: 'on', pushed: false, canPush: false };
  }
  try {
    await apiRequest<SitePushSubscription>('/api/users/me/push-subscriptions', {
      method: 'POST',
      body: subscription.toJSON(),
    });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return { kind: 'on', pushed: true, canPush: true };
}

/** Stops the site's pushes to this browser; notifications while it is open stay allowed. */
async function turnOff(): Promise<Standing> {
  const subscription = await browserSubscription();
  if (subscription) {
    const { items } = await apiRequest<PushSubscriptionList>('/api/users/me/push-subscriptions');
    const own = items.find((item) => item.endpoint === subscription.endpoint);
    if (own)
      await apiRequest<void>(`/api/users/me/push-subscriptions/${own.id}`, { method: 'DELETE' });
    await subscription.unsubscribe();
  }
  return { kind: 'on', pushed: false, canPush: true };
}
