import type { UserProfile } from '@lanparty/contract';
import { hasAnyRole, requiredRoles } from '@lanparty/contract/rules';
import { LoadFailure } from '../../../components/load-failure.tsx';
import section from '../../../components/section.module.css';
import { PresenceIcon, SubscriberStatusIcon } from '../../../components/subscriber-status.tsx';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useMySubscriptions } from '../../../lib/users/list-my-subscriptions.ts';
import styles from './participated-lans.module.css';

/**
 * The Participated Lans table of the profile (spec §2): for lanners only (spec §6: the
 * subscriptions are loaded only for them), one row per lan linking to lans/{id}, newest
 * start first, with the status and, for Paid, the presence as indicators.
 */
export function ParticipatedLans({ user }: { user: UserProfile }) {
  const isLanner = hasAnyRole(user.roles, requiredRoles.lanner);
  const subscriptions = useMySubscriptions({ enabled: isLanner });
  if (!isLanner) return null;
  // A lan's start carries the community's offset, which changes with summer time: sorted
  // by the moment it names, not as text.
  const rows = [...(subscriptions.data ?? [])].sort(
    (a, b) => Date.parse(b.lan.startDate) - Date.parse(a.lan.startDate),
  );
  return (
    <section className={section.section} aria-labelledby="participated-lans">
      <h2 id="participated-lans" className={section.sectionTitle}>
        Participated Lans
      </h2>
      {subscriptions.isError && !subscriptions.data ? (
        <LoadFailure
          failure="Your lans could not be loaded."
          error={subscriptions.error}
          onRetry={() => void subscriptions.refetch()}
          isRetrying={subscriptions.isFetching}
        />
      ) : null}
      {subscriptions.data && rows.length === 0 ? <p>No lans yet.</p> : null}
      {rows.length > 0 ? (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Lan</th>
                <th scope="col">Start</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((subscription) => (
                <tr key={subscription.id}>
                  <td>
                    <Link to={`/lans/${subscription.lan.id}`}>{subscription.lan.name}</Link>
                  </td>
                  <td>{formatDisplayDate(subscription.lan.startDate)}</td>
                  <td>
                    <SubscriberStatusIcon status={subscription.status} />{' '}
                    {subscription.status === 'Paid' ? (
                      <PresenceIcon present={subscription.present} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
