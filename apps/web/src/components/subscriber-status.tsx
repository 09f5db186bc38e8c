import type { SubscriberStatus } from '@lanparty/contract';
import { Ban, CircleCheck, CircleHelp, Clock, Euro, UserCheck, UserX } from 'lucide-react';
import styles from './subscriber-status.module.css';

const statusIcons = { Paid: Euro, Accepted: CircleCheck, Pending: Clock, Denied: Ban };

/** A subscriber's status as an icon with its name as the accessible text (not colour alone). */
export function SubscriberStatusIcon({ status }: { status: SubscriberStatus }) {
  const Icon = statusIcons[status];
  return (
    <span className={`${styles.indicator} ${styles[status]}`} title={status}>
      <Icon size={18} aria-hidden="true" />
      <span className="visually-hidden">{status}</span>
    </span>
  );
}

const presenceIcons = { present: UserCheck, absent: UserX, unknown: CircleHelp };

/** Spec §4: present, absent or unknown; only meaningful for Paid subscribers. */
export function PresenceIcon({ present }: { present: boolean | null }) {
  const presence = present === null ? 'unknown' : present ? 'present' : 'absent';
  const Icon = presenceIcons[presence];
  return (
    <span className={`${styles.indicator} ${styles[presence]}`} title={presence}>
      <Icon size={18} aria-hidden="true" />
      <span className="visually-hidden">{presence}</span>
    </span>
  );
}
