import { Navigate, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { LanInFull } from '../components/lan-in-full.tsx';

/** lans/:id: one lan in full; not found or any failed lookup sends the visitor to the root. */
export function LanRoute() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const lan = useLan(isValidId ? id : 0);
  // Before the scaffold: a failed lookup leaves the page instead of showing an alert.
  if (!isValidId || lan.isError) return <Navigate to="/" replace />;
  return (
    <Page title={lan.data?.name ?? 'Lan'}>
      <QueryStatus query={lan}>{(data) => <LanInFull lan={data} />}</QueryStatus>
    </Page>
  );
}
