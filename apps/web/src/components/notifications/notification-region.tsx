import type { Notification, Severity } from '@lanparty/contract';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useGenericNotifications } from '../../lib/notifications/notifications.tsx';
import { deriveProfileNotification } from '../../lib/notifications/profile-notifications.ts';
import { Link, useLocation } from '../../lib/router/index.tsx';
import { useViewer } from '../../lib/viewer.tsx';
import styles from './notification-region.module.css';

/** Spec §4: Warning shows in the warning theme, Error in bad, Success in good. */
const themes: Record<Severity, string> = {
  Info: 'info',
  Warning: 'warning',
  Error: 'bad',
  Success: 'good',
};

const icons = { Info, Warning: TriangleAlert, Error: CircleAlert, Success: CircleCheck };

/**
 * The notifications for the signed-in user, under the header: a polite live region
 * (always there, so it is ready before anything appears), and a screen reader announces
 * what appears without interrupting. Once-notifications go on the
 * navigation after the one they were shown at.
 */
export function NotificationRegion() {
  const viewer = useViewer();
  const location = useLocation();
  const { notifications, dismiss, settle } = useGenericNotifications();
  const profileNotification = deriveProfileNotification(viewer.user);

  useEffect(() => {
    if (notifications.length > 0) settle(location.key);
  }, [location.key, notifications, settle]);

  return (
    <div className={styles.region}>
      <div className={styles.list} role="status" aria-live="polite" aria-label="Notifications">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onDismiss={() => dismiss(notification.id)}
          />
        ))}
        {profileNotification ? (
          <NotificationItem notification={profileNotification}>
            {profileNotification.link ? (
              <Link to={profileNotification.link.to} className={styles.action}>
                {profileNotification.link.label}
              </Link>
            ) : null}
          </NotificationItem>
        ) : null}
      </div>
    </div>
  );
}

function NotificationItem({
  notification,
  onDismiss,
  children,
}: {
  notification: Notification;
  onDismiss?: () => void;
  children?: ReactNode;
}) {
  const Icon = icons[notification.severity];
  return (
    <div
      className={styles.notification}
      data-theme={themes[notification.severity]}
      data-type={notification.type}
    >
      <Icon aria-hidden="true" size={20} className={styles.icon} />
      <div className={styles.body}>
        {notification.title ? <p className={styles.title}>{notification.title}</p> : null}
        <p className={styles.message}>{notification.message}</p>
        {children}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className={styles.dismiss}
          onClick={onDismiss}
          aria-label="Dismiss notification"
        >
          <X aria-hidden="true" size={18} />
        </button>
      ) : null}
    </div>
  );
}
