import { Navigate, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { LanInFull } from '../components/lan-in-full.tsx';

/** lans/:id: one lan in full; not found or any failed lookup sends the visitor to the root. */
export function LanRoute() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const lan = useLan(isValidId ? id : 0);
  if (!isValidId || lan.isError) return <Navigate to="/" replace />;
  return (
    <Page title={lan.data?.name ?? 'Lan'}>
      {lan.data ? <LanInFull lan={lan.data} /> : <PageLoader />}
    </Page>
  );
}
