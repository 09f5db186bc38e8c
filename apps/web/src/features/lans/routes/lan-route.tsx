import { Page } from '../../../components/page.tsx';

/** lans/:id: one lan in full; not found or a failed lookup sends the visitor to the root. */
export function LanRoute() {
  return <Page title="Lan" />;
}
