import { LoadFailure } from '../../../components/load-failure.tsx';
import { hasData } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { useSeating } from '../../../lib/lans/get-seating.ts';
import styles from './seating-board.module.css';
import { SeatingBoard } from './seating-board.tsx';

/**
 * The seats of a lan below it, once its plan is read: nothing when it has none (404: no
 * plan, or a draft the viewer may not see), nor while it is being read.
 */
export function LanSeats({ lanId }: { lanId: number }) {
  const seating = useSeating(lanId);
  const lan = useLan(lanId);
  if (isApiError(seating.error, 404) || !lan.data) return null;
  if (hasData(seating)) return <SeatingBoard lan={lan.data} seating={seating.data} />;
  if (!seating.isError) return null;
  return (
    <section className={styles.board} aria-label="Seats">
      <LoadFailure
        failure="The seat map could not be loaded."
        error={seating.error}
        onRetry={() => void seating.refetch()}
        isRetrying={seating.isFetching}
      />
    </section>
  );
}
