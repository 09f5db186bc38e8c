import controls from '../../../components/controls.module.css';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeError } from '../../../lib/api-client.ts';
import { usePastLans } from '../api/list-past-lans.ts';
import { LanCard } from '../components/lan-card.tsx';
import styles from './lans-routes.module.css';

/** lans/archive: past lans, newest first, as archive cards in two columns (one on phones). */
export function LanArchiveRoute() {
  const lans = usePastLans();
  return (
    <Page title="Lan archive">
      {lans.isPending ? <PageLoader /> : null}
      {lans.isError ? (
        <p className={controls.alert} role="alert">
          {describeError(lans.error)}
        </p>
      ) : null}
      {lans.data?.length === 0 ? <p>There are no past lans yet.</p> : null}
      <div className={styles.grid}>
        {lans.data?.map((lan) => (
          <LanCard key={lan.id} lan={lan} variant="archive" />
        ))}
      </div>
    </Page>
  );
}
