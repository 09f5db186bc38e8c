import type { LanHeadline } from '@lanparty/contract';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { type Prefetch, started } from '../../../lib/page-reads.ts';
import { pastLansQueryOptions, usePastLans } from '../api/list-past-lans.ts';
import { LanCard } from '../components/lan-card.tsx';
import styles from './lans-routes.module.css';

/**
 * Lans of the same year, in the given order: the year of their start on the community's
 * clocks, which the text carries (decision 038), as the card shows it.
 */
export function groupLansByYear<L extends Pick<LanHeadline, 'startDate'>>(
  lans: readonly L[],
): { year: number; lans: L[] }[] {
  const groups: { year: number; lans: L[] }[] = [];
  for (const lan of lans) {
    const year = Number(lan.startDate.slice(0, 4));
    const last = groups.at(-1);
    if (last?.year === year) last.lans.push(lan);
    else groups.push({ year, lans: [lan] });
  }
  return groups;
}

/** The page's first read (app/router.tsx): the past lans its hook asks for. */
export const lanArchiveReads: Prefetch = (_params, queryClient) =>
  started(queryClient.ensureQueryData(pastLansQueryOptions()));

/** The archive cards on the first screen: two abreast on a wide screen, one on a phone. */
const FIRST_SCREEN_CARDS = 2;

/**
 * lans/archive: past lans, newest first, as archive cards in two columns (one on phones),
 * under a heading per year: the cards' names are third-level headings, so the page's
 * outline needs a second level between them and the page heading.
 */
export function LanArchiveRoute() {
  const lans = usePastLans();
  return (
    <Page title="Lan archive">
      <QueryStatus query={lans} failure="The past lans could not be loaded." />
      {lans.data?.length === 0 ? <p>There are no past lans yet.</p> : null}
      {groupLansByYear(lans.data ?? []).map(({ year, lans: lansOfYear }, groupIndex) => (
        <section key={year} className={styles.section} aria-labelledby={`archive-${year}`}>
          <h2 id={`archive-${year}`}>{year}</h2>
          <div className={styles.grid}>
            {lansOfYear.map((lan, index) => (
              <LanCard
                key={lan.id}
                lan={lan}
                variant="archive"
                // The newest two are on the first screen; the others wait to be scrolled to.
                isBannerLazy={groupIndex > 0 || index >= FIRST_SCREEN_CARDS}
              />
            ))}
          </div>
        </section>
      ))}
    </Page>
  );
}
