import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { usePastLans } from '../api/list-past-lans.ts';
import { LanCard } from '../components/lan-card.tsx';
import styles from './lans-routes.module.css';

/** lans/archive: past lans, newest first, as archive cards in two columns (one on phones). */
export function LanArchiveRoute() {
  const lans = usePastLans();
  return (
    <Page title="Lan archive">
      <QueryStatus query={lans} />
      {lans.data?.length === 0 ? <p>There are no past lans yet.</p> : null}
      <div className={styles.grid}>
        {lans.data?.map((lan) => (
          <LanCard key={lan.id} lan={lan} variant="archive" />
        ))}
      </div>
    </Page>
  );
}
