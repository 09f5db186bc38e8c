import { Page } from '../../../components/page.tsx';

/** admin/lans: lan management (the admin issues build it). */
export function AdminLansRoute() {
  return <Page title="Manage lans" />;
}
