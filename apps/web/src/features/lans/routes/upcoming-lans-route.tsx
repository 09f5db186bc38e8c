import { Page } from '../../../components/page.tsx';

/** lans/upcoming: the next lan in full, then the Soon list (the lans issue builds it). */
export function UpcomingLansRoute() {
  return <Page title="Upcoming lans" />;
}
