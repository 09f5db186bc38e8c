import { useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';

/** stats/rewinds/:year: the yearly rewind. */
export function RewindRoute() {
  const { year } = useParams();
  return <Page title={`Rewind ${year ?? ''}`.trim()} />;
}
