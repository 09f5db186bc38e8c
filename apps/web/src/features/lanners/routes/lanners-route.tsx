import { Page } from '../../../components/page.tsx';

/** lanners: Members and Lanners as grids of avatar cards (the lanners issue builds it). */
export function LannersRoute() {
  return <Page title="Lanners" />;
}
