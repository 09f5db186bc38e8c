import { Archive } from 'lucide-react';
import controls from '../../../components/controls.module.css';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Link } from '../../../lib/router/index.tsx';
import { useUpcomingLans } from '../api/list-upcoming-lans.ts';
import { CalendarLinks } from '../components/calendar-links.tsx';
import { LanCard } from '../components/lan-card.tsx';
import { LanInFull } from '../components/lan-in-full.tsx';
import styles from './lans-routes.module.css';

/** lans/upcoming: the next lan in full, the Soon list, the Archive button, the calendar feed. */
export function UpcomingLansRoute() {
  const lans = useUpcomingLans();
  const [featured, ...soon] = lans.data ?? [];
  return (
    <Page title="Upcoming lans">
      <QueryStatus query={lans} failure="The upcoming lans could not be loaded." />
      {lans.data && !featured ? <p>No lan-party's are planned</p> : null}
      {featured ? <LanInFull lan={featured} /> : null}
      {soon.length > 0 ? (
        <section className={styles.section} aria-labelledby="soon">
          <h2 id="soon">Soon</h2>
          <div className={styles.grid}>
            {soon.map((lan) => (
              <LanCard key={lan.id} lan={lan} variant="mini" />
            ))}
          </div>
        </section>
      ) : null}
      {/* Shown once the lans are: shown before, it would be pushed down when they arrive. */}
      {lans.isPending ? null : (
        <div className={controls.actions}>
          <Link className={controls.button} to="/lans/archive">
            <Archive size={18} aria-hidden="true" />
            Archive
          </Link>
          <CalendarLinks />
        </div>
      )}
    </Page>
  );
}
