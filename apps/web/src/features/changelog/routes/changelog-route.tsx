import { Page } from '../../../components/page.tsx';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { releases } from '../releases.ts';
import styles from './changelog-route.module.css';

/** changelog: every release, newest first, with its version and changes. */
export function ChangelogRoute() {
  return (
    <Page title="Changelog" lead="What every release of Lanparty brought, newest first.">
      <ol className={styles.timeline}>
        {releases.map((release, index) => (
          <li key={release.version} className={styles.entry}>
            <article className={styles.release} aria-labelledby={`release-${release.version}`}>
              <div className={styles.header}>
                <h2 id={`release-${release.version}`} className={styles.version}>
                  {release.version}
                </h2>
                {index === 0 ? <span className={styles.badge}>Latest</span> : null}
                <time className={styles.date} dateTime={release.date}>
                  {formatDisplayDate(release.date)}
                </time>
              </div>
              <ul className={styles.changes}>
                {release.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
    </Page>
  );
}
