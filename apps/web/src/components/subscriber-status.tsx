import type { SubscriberStatus } from '@lanparty/contract';
import { Ban, CircleCheck, Clock, Euro, UserCheck, UserX } from 'lucide-react';
import styles from './subscriber-status.module.css';

const statusIcons = { Paid: Euro, Accepted: CircleCheck, Pending: Clock, Denied: Ban };

type IndicatorProps = {
  /**
   * Shows the name beside the icon, for everyone (a phone has no hover to explain an
   * icon); without it the name is for screen readers, with a tooltip for the mouse.
   */
  isNamed?: boolean;
};

/**
 * A subscriber's status as an icon in its hue, with its name (not colour alone). `name`
 * says more than the status where there is more to say (`Waitlist 3` for a Pending one).
 */
export function SubscriberStatusIcon({
  status,
  name = status,
  isNamed = false,
}: { status: SubscriberStatus; name?: string } & IndicatorProps) {
  const Icon = statusIcons[status];
  return (
    <span className={styles.indicator} title={isNamed ? undefined : name}>
      <Icon size={18} aria-hidden="true" className={styles[status]} />
      <span className={isNamed ? undefined : 'visually-hidden'}>{name}</span>
    </span>
  );
}

// Unknown: not checked in yet, the clock of a wait (the first screen's own icon, decision 055).
const presenceIcons = { present: UserCheck, absent: UserX, unknown: Clock };
// "unknown" alone, beside a status, reads as an unknown status.
const presenceNames = { present: 'present', absent: 'absent', unknown: 'presence unknown' };

/** Spec §4: present, absent or unknown; only meaningful for Paid subscribers. */
export function PresenceIcon({
  present,
  isNamed = false,
}: { present: boolean | null } & IndicatorProps) {
  const presence = present === null ? 'unknown' : present ? 'present' : 'absent';
  const Icon = presenceIcons[presence];
  return (
    <span className={styles.indicator} title={isNamed ? undefined : presence}>
      <Icon size={18} aria-hidden="true" className={styles[presence]} />
      <span className={isNamed ? undefined : 'visually-hidden'}>
        {isNamed ? presenceNames[presence] : presence}
      </span>
    </span>
  );
}
