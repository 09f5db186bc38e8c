import type { Seat, Seating } from '@lanparty/contract';
import controls from '../../../components/controls.module.css';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import {
  closedReason,
  notParticipantReason,
  type PickingPhase,
  type SeatingViewer,
} from '../model/seat-view.ts';
import styles from './seating-board.module.css';

type SeatingStatusProps = {
  plan: Seating['plan'];
  phase: PickingPhase;
  viewer: SeatingViewer;
  mySeat: Seat | null;
  /** Opens the viewer's own seat (to free it). */
  onChooseMine: () => void;
};

/**
 * Where the viewer stands: their seat, whether picking is open (until when, or since when
 * it is not), and why they cannot pick when they cannot; a draft says it is one.
 */
export function SeatingStatus({ plan, phase, viewer, mySeat, onChooseMine }: SeatingStatusProps) {
  const closed = closedReason(phase);
  const mayChange = phase.kind === 'open' || viewer.isLanAdministrator;
  const lines: string[] = [];
  if (!plan.published)
    lines.push('A draft: only lan administrators see this plan until it is published.');
  if (closed) lines.push(closed);
  else if (!viewer.isParticipant && !viewer.isLanAdministrator) lines.push(notParticipantReason);
  else if (!mySeat && viewer.isParticipant)
    lines.push('Choose a free seat on the map or in the list.');
  if (phase.kind === 'open' && phase.locksAt)
    lines.push(`Seats can be picked and changed until ${formatCommunityDateTime(phase.locksAt)}.`);
  return (
    <div className={styles.status}>
      {mySeat ? (
        <div className={styles.mySeat}>
          <p>
            Your seat: <strong className={styles.mySeatLabel}>{mySeat.label}</strong>
          </p>
          {mayChange ? (
            <button type="button" className={controls.buttonSecondary} onClick={onChooseMine}>
              Free my seat…
            </button>
          ) : null}
        </div>
      ) : null}
      {lines.map((line) => (
        <p key={line} className={styles.statusLine}>
          {line}
        </p>
      ))}
    </div>
  );
}
