import { Page } from '../../../components/page.tsx';

/** lans/archive: past lans as small cards in two columns (the lans issue builds it). */
export function LanArchiveRoute() {
  return <Page title="Lan archive" />;
}
